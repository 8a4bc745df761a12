import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { TopBar } from '../components/top-bar';
import { PushDeviceToggle } from '../components/push-device-toggle';
import { queryKeys } from '../api/query-keys';
import { ENDPOINT, fakeBrowser, type FakeSubscription } from '../test/fake-push-browser';
import { failure, heldReply, mockApi, renderPage, signInAs, type Reply } from '../test/test-utils';
import { STORAGE_KEYS } from '../session/session';
import { SIGN_OUT_PUSH_WAIT_MS } from './use-sign-out';

/*
 * Signing out forgets this browser's push subscription (docs/PUSH.md, "Signing out"): the API is told
 * with the session still stored, the browser unsubscribes, then the session is cleared; so the next
 * person on a shared device gets none of this user's notifications.
 */

const DELETE = 'DELETE /api/push/subscriptions';

/** The account screen with the top bar's Logout, for a charity whose browser is subscribed to push. */
async function subscribedCharity(deleteReply: Reply | (() => Promise<Reply>)) {
  signInAs('charity', 9);
  const { browser } = fakeBrowser({ permission: 'granted', subscribed: true });
  const subscription = browser.subscription as FakeSubscription;
  const log: string[] = [];
  subscription.onUnsubscribe = () => log.push(`unsubscribed, session ${localStorage.getItem(STORAGE_KEYS.token) ?? 'gone'}`);
  const fetchMock = mockApi({
    'POST /api/push/subscriptions': { status: 201, body: { message: 'ok' } },
    [DELETE]: (init) => {
      const { authorization } = init?.headers as Record<string, string>;
      log.push(`deleted ${(JSON.parse(String(init?.body)) as { endpoint: string }).endpoint} with ${authorization}, session ${localStorage.getItem(STORAGE_KEYS.token) ?? 'gone'}`);
      return typeof deleteReply === 'function' ? deleteReply() : deleteReply;
    },
  });
  const view = renderPage(
    <>
      <TopBar />
      <PushDeviceToggle />
    </>,
    '/account',
  );
  // The switch shows this browser on (and saves it for the signed-in user, as it does on every visit).
  await waitFor(async () => expect(await screen.findByRole('switch', { name: 'Notifications on this device' })).toHaveAttribute('aria-checked', 'true'));
  return { ...view, subscription, log, fetchMock };
}

const deleteCalls = (fetchMock: ReturnType<typeof mockApi>) => fetchMock.mock.calls.filter(([, init]) => init?.method === 'DELETE');

describe('signing out of a browser subscribed to push', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('has the API delete the subscription with the session, unsubscribes the browser, then clears the session', async () => {
    const { subscription, log, client } = await subscribedCharity({ body: { message: 'Push subscription deleted' } });
    await userEvent.click(screen.getByRole('button', { name: 'Logout' }));

    expect(await screen.findByText('Home page')).toBeInTheDocument();
    expect(log).toEqual([`deleted ${ENDPOINT} with token-9, session token-9`, 'unsubscribed, session token-9']);
    expect(subscription.unsubscribed).toBe(true);
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
    // Whoever signs in next in this tab reads the switch afresh (now off), not this user's cached "on".
    expect(client.getQueryData(queryKeys.pushDevice(9))).toBeUndefined();
  });

  it('unsubscribes the browser and signs out even when the API refuses (a suspended account, say)', async () => {
    const { subscription, log, fetchMock } = await subscribedCharity(failure(403));
    await userEvent.click(screen.getByRole('button', { name: 'Logout' }));

    expect(await screen.findByText('Home page')).toBeInTheDocument();
    expect(deleteCalls(fetchMock)).toHaveLength(1);
    expect(log[1]).toBe('unsubscribed, session token-9');
    expect(subscription.unsubscribed).toBe(true);
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
  });

  it(`waits at most ${SIGN_OUT_PUSH_WAIT_MS} ms for an API that does not answer, then unsubscribes and signs out`, async () => {
    const held = heldReply();
    const { subscription } = await subscribedCharity(held.handler);
    vi.useFakeTimers({ shouldAdvanceTime: true });
    await userEvent.click(screen.getByRole('button', { name: 'Logout' }));

    // Still signed in while the API is asked.
    await act(() => vi.advanceTimersByTimeAsync(SIGN_OUT_PUSH_WAIT_MS - 500));
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBe('token-9');
    expect(subscription.unsubscribed).toBe(false);

    await act(() => vi.advanceTimersByTimeAsync(600));
    expect(await screen.findByText('Home page')).toBeInTheDocument();
    expect(subscription.unsubscribed).toBe(true);
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
    held.release({ body: { message: 'Push subscription deleted' } });
  });
});

describe('signing out of a browser not subscribed to push', () => {
  it('calls nothing and registers no service worker: it signs out at once', async () => {
    signInAs('donor', 7);
    const { browser } = fakeBrowser();
    const fetchMock = mockApi({});
    renderPage(<TopBar />, '/account');
    await userEvent.click(screen.getByRole('button', { name: 'Logout' }));

    expect(await screen.findByText('Home page')).toBeInTheDocument();
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
    expect(fetchMock).not.toHaveBeenCalled();
    expect(browser.registered).toEqual([]);
  });

  it('signs out where the browser cannot do push at all', async () => {
    signInAs('donor', 7);
    const fetchMock = mockApi({});
    renderPage(<TopBar />, '/account');
    await userEvent.click(screen.getByRole('button', { name: 'Logout' }));

    expect(await screen.findByText('Home page')).toBeInTheDocument();
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
