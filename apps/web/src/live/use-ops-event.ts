import type { OpsEventName, OpsEventPayloads } from '@food-link/contracts';
import { useCallback, useContext, useEffect, useRef, useSyncExternalStore } from 'react';
import { LiveContext } from './live-context';

// Only the operator console uses these, so they load with its chunk rather than the landing page's.

/** Runs `handler` for each operator event `name` while the component is mounted. */
export function useOpsEvent<N extends OpsEventName>(name: N, handler: (payload: OpsEventPayloads[N]) => void): void {
  const hub = useContext(LiveContext);
  const latest = useRef(handler);
  useEffect(() => {
    latest.current = handler;
  });
  useEffect(() => hub?.subscribeOps(name, (payload) => latest.current(payload)), [hub, name]);
}

/** Whether the live connection is open now, re-rendering as it drops and returns. */
export function useLiveConnected(): boolean {
  const hub = useContext(LiveContext);
  const subscribe = useCallback((onChange: () => void) => hub?.onConnection(onChange) ?? (() => undefined), [hub]);
  return useSyncExternalStore(
    subscribe,
    () => hub?.connected ?? false,
    () => false,
  );
}
