import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, type ReactNode } from 'react';
import { useSession } from '../session/use-session';
import { LiveContext } from './live-context';
import { LiveHub } from './live-hub';
import { LiveTotalsSync } from './live-totals-sync';

/**
 * Keeps the tab's one live connection open with the stored token (reconnecting as the user signs in or
 * out), keeps the landing counters in step with it (the donor and charity areas add LiveCacheSync for
 * their lists), and refetches what is on screen after a reconnection, since events missed meanwhile are
 * not replayed.
 */
export function LiveProvider({ children }: { children: ReactNode }) {
  const token = useSession()?.token ?? null;
  const client = useQueryClient();
  const [hub] = useState(() => new LiveHub());

  useEffect(
    () =>
      hub.onConnection((connected, resumed) => {
        if (connected && resumed) void client.invalidateQueries({ refetchType: 'active' });
      }),
    [hub, client],
  );

  useEffect(() => {
    void hub.connect(token);
    return () => hub.disconnect();
  }, [hub, token]);

  return (
    <LiveContext.Provider value={hub}>
      <LiveTotalsSync />
      {children}
    </LiveContext.Provider>
  );
}
