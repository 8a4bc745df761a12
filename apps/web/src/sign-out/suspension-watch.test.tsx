import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ERRORS } from '@food-link/contracts';
import i18next from 'i18next';
import DonorDashboardPage from '../pages/donor/donor-dashboard-page';
import CharityAreaPage from '../pages/charity/charity-area-page';
import LoginPage from '../pages/auth/login-page';
import { deliverLiveEvent, setLiveConnection } from '../test/fake-socket';
import { fakeBrowser, type FakeSubscription } from '../test/fake-push-browser';
import { renderApp } from '../test/render-app';
import { failure, foodItem, liveEvent, mockApi, signInAs, type Reply } from '../test/test-utils';
import { STORAGE_KEYS } from '../session/session';

vi.mock('socket.io-client', () => import('../test/fake-socket'));

/*
 * An operator suspends the signed-in account (docs/VERIFICATION.md, "Screens"): the app signs the user out
 * and lands on /Login with the operator's reason, whether it hears the live `account.moderation` or a
 * call is refused with the suspension's message; the browser's push subscription goes with the session.
 */

const REASON = 'Reselling donated food';
const suspendedReply = (reason: string | null = REASON): Reply => ({
  status: 403,
  body: { statusCode: 403, error: 'Forbidden', message: ERRORS.accountSuspended(reason) },
});

const koshari = foodItem({ id: 1, food_name: 'Koshari' });

const routes = [
  { path: '/FoodDonationApp', element: <CharityAreaPage /> },
  { path: '/DonerDashboard', element: <DonorDashboardPage /> },
  { path: '/Login', element: <LoginPage /> },
];

/** The charity's board, open and signed in, with the live connection up. */
async function charityBoard(calls: Parameters<typeof mockApi>[0] = {}) {
  signInAs('charity', 9);
  const fetchMock = mockApi({ 'GET /api/available': { body: [koshari] }, 'GET /api/food/1': { body: koshari }, ...calls });
  const view = renderApp(routes, { path: '/FoodDonationApp' });
  await screen.findByRole('article', { name: 'Koshari' });
  await waitFor(() => setLiveConnection(true));
  return { ...view, fetchMock };
}

/** The login page's notice, once the user has been signed out. */
const notice = () => screen.findByTestId('suspended-notice');

afterEach(async () => {
  cleanup();
  await i18next.changeLanguage('en');
});

describe('an account suspended while its page is open', () => {
  it('is signed out at the live account.moderation and lands on Login with the reason', async () => {
    const { router } = await charityBoard();
    act(() => deliverLiveEvent(liveEvent('account.moderation', { userId: 9, action: 'suspend_account', reason: REASON, foodId: null })));

    const shown = await notice();
    expect(router.state.location.pathname).toBe('/Login');
    expect(shown).toHaveAttribute('role', 'alert');
    expect(within(shown).getByText('You have been signed out')).toBeInTheDocument();
    expect(within(shown).getByText('A Food Link operator has suspended your account.')).toBeInTheDocument();
    expect(within(shown).getByTestId('suspended-reason')).toHaveTextContent(`Reason: ${REASON}`);
    expect(within(shown).getByRole('link', { name: 'contact us' })).toHaveAttribute('href', '/contact');
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
    expect(screen.getByRole('button', { name: 'Login' })).toBeInTheDocument();
  });

  it("ignores another account's suspension and a listing's hide", async () => {
    const { router } = await charityBoard();
    act(() => deliverLiveEvent(liveEvent('account.moderation', { userId: 10, action: 'suspend_account', reason: REASON, foodId: null })));
    act(() => deliverLiveEvent(liveEvent('account.moderation', { userId: 9, action: 'hide', reason: REASON, foodId: 1 })));
    act(() => deliverLiveEvent(liveEvent('account.moderation', { userId: 9, action: 'reinstate_account', reason: null, foodId: null })));
    expect(await screen.findByRole('article', { name: 'Koshari' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/FoodDonationApp');
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBe('token-9');
  });

  it('is signed out when its next action is refused with the suspension, instead of a generic error', async () => {
    const { router } = await charityBoard({ 'POST /api/request': suspendedReply() });
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Koshari' }));
    await user.click(await screen.findByRole('button', { name: 'Submit Request' }));

    expect(within(await notice()).getByTestId('suspended-reason')).toHaveTextContent(`Reason: ${REASON}`);
    expect(router.state.location.pathname).toBe('/Login');
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
  });

  it('asks the server when the live connection is closed (the event may have been lost), and is signed out by its answer', async () => {
    const { router, fetchMock } = await charityBoard({ 'GET /api/auth/me': suspendedReply(null) });
    act(() => setLiveConnection(false));

    const shown = await notice();
    expect(within(shown).getByTestId('suspended-reason')).toHaveTextContent('No reason was given.');
    expect(router.state.location.pathname).toBe('/Login');
    expect(fetchMock.mock.calls.filter(([path]) => path === '/api/auth/me')).toHaveLength(1);
  });

  it('stays signed in when the lost connection was only the network', async () => {
    const { router, fetchMock } = await charityBoard({ 'GET /api/auth/me': { body: { user_id: 9, name: 'Hope Kitchen', email: 'hope@example.org', user_type: 'charity' } } });
    act(() => setLiveConnection(false));
    await waitFor(() => expect(fetchMock.mock.calls.some(([path]) => path === '/api/auth/me')).toBe(true));
    act(() => setLiveConnection(true));
    expect(await screen.findByRole('article', { name: 'Koshari' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/FoodDonationApp');
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBe('token-9');
  });

  it('stays signed in after a 403 that is not a suspension', async () => {
    const { router } = await charityBoard({ 'POST /api/request': failure(403) });
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Koshari' }));
    await user.click(await screen.findByRole('button', { name: 'Submit Request' }));
    expect(await screen.findByText('Error submitting pickup request.')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/FoodDonationApp');
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBe('token-9');
  });

  it("forgets the browser's push subscription on the way out, though the API refuses the session", async () => {
    const { browser } = fakeBrowser({ permission: 'granted', subscribed: true });
    const subscription = browser.subscription as FakeSubscription;
    const { fetchMock } = await charityBoard({ 'DELETE /api/push/subscriptions': suspendedReply() });
    act(() => deliverLiveEvent(liveEvent('account.moderation', { userId: 9, action: 'suspend_account', reason: REASON, foodId: null })));

    await notice();
    expect(subscription.unsubscribed).toBe(true);
    // Its refusal (the suspension again) does not start a second sign-out.
    expect(fetchMock.mock.calls.filter(([, init]) => init?.method === 'DELETE')).toHaveLength(1);
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
  });
});

describe('a suspended account opening the app later', () => {
  it("is signed out by the first call refused (the donor's dashboard), not left with screens that could not be loaded", async () => {
    signInAs('donor', 7);
    mockApi({ 'GET /api/donor/7': suspendedReply(), 'GET /api/notifications': suspendedReply(), 'GET /api/pickup-points': suspendedReply(), 'GET /api/donor/partners': suspendedReply(), 'GET /api/donor/settings': suspendedReply() });
    const { router } = renderApp(routes, { path: '/DonerDashboard' });

    expect(within(await notice()).getByTestId('suspended-reason')).toHaveTextContent(`Reason: ${REASON}`);
    expect(router.state.location.pathname).toBe('/Login');
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
  });

  it('shows the notice in Arabic', async () => {
    await i18next.changeLanguage('ar');
    signInAs('charity', 9);
    mockApi({ 'GET /api/notifications': suspendedReply('إعادة بيع الطعام') });
    renderApp(routes, { path: '/FoodDonationApp?view=requests' });
    const shown = await notice();
    expect(within(shown).getByText('تم تسجيل خروجك')).toBeInTheDocument();
    expect(within(shown).getByText('أوقف أحد مشرفي فود لينك حسابك.')).toBeInTheDocument();
    expect(within(shown).getByTestId('suspended-reason')).toHaveTextContent('السبب: إعادة بيع الطعام');
  });
});

describe('a reinstated account', () => {
  it('signs in again from the notice, which then goes: nothing of the suspension was kept', async () => {
    const { router } = await charityBoard({
      'POST /api/login': { body: { message: 'Login successful', token: 'token-9b', data: [{ name: 'Hope Kitchen', user_id: 9, user_type: 'charity' }] } },
    });
    act(() => deliverLiveEvent(liveEvent('account.moderation', { userId: 9, action: 'suspend_account', reason: REASON, foodId: null })));
    await notice();
    // Only the reader's language may outlive a sign-out (session.ts).
    expect(Object.keys(localStorage).filter((key) => key !== STORAGE_KEYS.language)).toEqual([]);

    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Email'), 'hope@example.org');
    await user.type(screen.getByLabelText('Password'), 'a-good-password');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByRole('article', { name: 'Koshari' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/FoodDonationApp');
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBe('token-9b');

    // Back on the login page (the browser's Back), the old notice is not said to a signed-in user.
    await act(() => router.navigate(-1));
    expect(router.state.location.pathname).toBe('/Login');
    expect(screen.queryByTestId('suspended-notice')).not.toBeInTheDocument();
  });
});
