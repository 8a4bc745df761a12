/** Hears that a call sent with `token` was refused (403) with `message`. */
type RefusalListener = (token: string, message: string) => void;

const listeners = new Set<RefusalListener>();

/**
 * Called by the API client for every 403 to a call sent with a session. The listeners
 * (useSuspensionWatch) tell a suspended account's refusal from the others. Nothing here imports the
 * contracts: the landing page's entry carries this file, the recognising is done in the chunks of the
 * signed-in screens.
 */
export function reportRefusal(token: string, message: string): void {
  for (const listener of listeners) listener(token, message);
}

/** Calls `listener` with each refusal until the returned function is called. */
export function onRefusal(listener: RefusalListener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** What the Login page is handed (router state) when a suspension signed the user out. */
export interface SuspendedSignOut {
  suspended: { reason: string | null };
}
