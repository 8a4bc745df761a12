import { createContext, useContext, useEffect } from 'react';

/**
 * Where the console's calls report their failures: a 401 (the session is over) or a 403 (not an operator)
 * from any of them replaces the whole console with a message and a link to Login.
 */
export const OpsAccessContext = createContext<(error: unknown) => void>(() => undefined);

export function useReportOpsError(): (error: unknown) => void {
  return useContext(OpsAccessContext);
}

/** Reports a query's error, once per error. */
export function useOpsErrorGuard(error: unknown): void {
  const report = useReportOpsError();
  useEffect(() => {
    if (error) report(error);
  }, [error, report]);
}
