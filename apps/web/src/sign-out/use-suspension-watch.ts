import { API_ROUTES, suspensionReasonOf } from '@food-link/contracts';
import { useContext, useEffect, useRef } from 'react';
import { useNavigate } from 'react-router-dom';
import { api } from '../api/client';
import { LiveContext, useLiveEvent } from '../live/live-context';
import { onRefusal, type SuspendedSignOut } from '../session/account-suspension';
import { readSession } from '../session/session';

/** Sessions being signed out for a suspension, so that two watches on one screen act once. */
const leaving = new Set<string>();

/**
 * When an operator suspends the signed-in account (docs/VERIFICATION.md, "Screens"), signs the user out
 * with `signOut`, the screen's useSignOut (which also has the browser's push subscription forgotten,
 * whatever the API answers), and lands on /Login, which shows the operator's reason. It hears of it from
 * whichever comes first:
 * - the live `account.moderation` with `suspend_account`, in the person's own room;
 * - any call made with the session answered 403 with the suspension's message (ERRORS.accountSuspended,
 *   recognised by `suspensionReasonOf`; the API client reports every 403, account-suspension.ts): the
 *   first call of a page opened or reloaded later, or the next action on an open one;
 * - the loss of the live connection: the server closes a suspended account's sockets after publishing the
 *   event, and under load may close them before the event is written; a connection that goes away has the
 *   session asked (`GET /api/auth/me`), whose 403 does the rest (and it never comes back: its token is refused).
 *
 * Used by the bell (notification-bell.tsx), which every signed-in screen shows, and by the donor's impact
 * page, which has no bell; so it ships with their chunks and never with the landing page's first render.
 * `signOut` is handed in, not imported: the bell's chunk importing use-sign-out.ts would move that file
 * out of the landing page's entry into a shared chunk, about 150 bytes gzip more before the first render.
 */
export function useSuspensionWatch(signOut: () => Promise<void>): void {
  const navigate = useNavigate();
  const hub = useContext(LiveContext);
  const suspended = useRef<(reason: string | null, token: string) => void>(undefined);
  useEffect(() => {
    suspended.current = (reason, token) => {
      // Several calls are refused at once, and signing out makes one more; a refusal of a session that is
      // not the stored one (signed out already, or another since) is old news.
      if (leaving.has(token) || readSession()?.token !== token) return;
      leaving.add(token);
      void signOut().then(() => {
        leaving.delete(token);
        const state: SuspendedSignOut = { suspended: { reason } };
        navigate('/Login', { replace: true, state });
      });
    };
  });

  useEffect(
    () =>
      onRefusal((token, message) => {
        const reason = suspensionReasonOf(message);
        if (reason !== undefined) suspended.current?.(reason, token);
      }),
    [],
  );

  useLiveEvent('account.moderation', ({ data }) => {
    const session = readSession();
    if (data.action === 'suspend_account' && session && session.userId === data.userId) suspended.current?.(data.reason, session.token);
  });

  useEffect(
    () =>
      hub?.onConnection((connected) => {
        // Any answer but the suspension's 403 changes nothing here.
        if (!connected && readSession()) api(API_ROUTES.me, { auth: true }).catch(() => undefined);
      }),
    [hub],
  );
}
