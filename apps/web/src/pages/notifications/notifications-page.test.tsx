import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18next from 'i18next';
import { LiveHub } from '../../live/live-hub';
import { heldReply, liveEvent, mockApi, notification, renderPage, signInAs } from '../../test/test-utils';
import NotificationsPage from './notifications-page';

const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const matched = notification({ id: uuid(5), type: 'food.matched', created_at: '2030-05-20T12:00:00.000Z', data: { foodId: 12, foodName: 'Koshari' } });
const offered = notification({ id: uuid(4), type: 'food.offered', created_at: '2030-05-20T11:00:00.000Z', data: { foodId: 13, foodName: 'Bread' } });
const soon = notification({ id: uuid(3), type: 'pickup.soon', created_at: '2030-05-20T10:00:00.000Z', data: { foodId: 14, requestId: 50, foodName: 'Ful' } });
const ended = notification({ id: uuid(2), type: 'pickup.ended', created_at: '2030-05-20T09:00:00.000Z', read_at: '2030-05-20T09:30:00.000Z', data: { foodId: 15, requestId: 51, foodName: 'Rice' } });
const news = notification({ id: uuid(1), type: 'account.news', created_at: '2030-05-20T08:00:00.000Z', read_at: '2030-05-20T08:30:00.000Z', data: { message: 'Your charity was verified' } });

const items = () => within(screen.getByTestId('notifications-list')).getAllByRole('article');
const bodyOf = (init?: RequestInit) => JSON.parse(String(init?.body)) as unknown;

describe('the notifications page', () => {
  afterEach(async () => {
    cleanup();
    await i18next.changeLanguage('en');
  });

  it('lists them newest first, each in its own words, with the unread ones marked', async () => {
    signInAs('charity', 9);
    mockApi({ 'GET /api/notifications': { body: { unread: 3, items: [matched, offered, soon, ended, news] } } });
    renderPage(<NotificationsPage />, '/notifications');
    expect(screen.getByRole('heading', { level: 1, name: 'Notifications' })).toBeInTheDocument();
    await screen.findByTestId('notifications-list');
    // Each item is named by its text.
    expect(items().map((item) => document.getElementById(item.getAttribute('aria-labelledby') ?? '')?.textContent)).toEqual([
      'New food near you: Koshari',
      'Offered to you first, as a partner charity: Bread',
      'Your pickup of Ful opens in 30 minutes',
      'Was Rice collected?',
      'Your charity was verified',
    ]);
    expect(items().map((item) => item.getAttribute('data-unread'))).toEqual(['true', 'true', 'true', 'false', 'false']);
    expect(within(items()[0]).getByText('Unread')).toBeInTheDocument();
    expect(within(items()[3]).queryByText('Unread')).not.toBeInTheDocument();
    expect(screen.getByTestId('unread-count')).toHaveTextContent('3 unread');
  });

  it('links each to the right place: the listing, the charity\'s pickups, nowhere for account news', async () => {
    signInAs('charity', 9);
    mockApi({ 'GET /api/notifications': { body: { unread: 3, items: [matched, offered, soon, news] } } });
    renderPage(<NotificationsPage />, '/notifications');
    await screen.findByTestId('notifications-list');
    const [first, second, third, fourth] = items();
    expect(within(first).getByRole('link', { name: 'See the food' })).toHaveAttribute('href', '/food/12');
    expect(within(first).getByRole('link', { name: 'See the food' })).toHaveAccessibleDescription('New food near you: Koshari');
    expect(within(second).getByRole('link', { name: 'See the food' })).toHaveAttribute('href', '/food/13');
    expect(within(third).getByRole('link', { name: 'See your pickups' })).toHaveAttribute('href', '/FoodDonationApp?view=requests');
    expect(within(fourth).queryByRole('link')).not.toBeInTheDocument();
  });

  it('sends a donor whose pickup window ended to that donation\'s card, to Donate or report not collected', async () => {
    signInAs('donor', 7);
    mockApi({ 'GET /api/notifications': { body: { unread: 1, items: [{ ...ended, read_at: null }] } } });
    renderPage(<NotificationsPage />, '/notifications');
    await screen.findByTestId('notifications-list');
    expect(within(items()[0]).getByRole('link', { name: 'Donate or report not collected' })).toHaveAttribute('href', '/DonerDashboard#food-15');
  });

  it('marks one read when it is opened', async () => {
    signInAs('charity', 9);
    const fetchMock = mockApi({
      'GET /api/notifications': { body: { unread: 2, items: [matched, soon] } },
      'POST /api/notifications/read': { body: { unread: 1, items: [{ ...matched, read_at: '2030-05-20T12:05:00.000Z' }, soon] } },
    });
    const user = userEvent.setup();
    renderPage(<NotificationsPage />, '/notifications');
    await screen.findByTestId('notifications-list');
    await user.click(within(items()[0]).getByRole('link', { name: 'See the food' }));
    const post = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST');
    expect(bodyOf(post?.[1])).toEqual({ ids: [matched.id] });

  });

  it('marks one read with its button, shown at once and then as the server answers', async () => {
    signInAs('charity', 9);
    const read = heldReply();
    const fetchMock = mockApi({
      'GET /api/notifications': { body: { unread: 2, items: [matched, soon] } },
      'POST /api/notifications/read': read.handler,
    });
    const user = userEvent.setup();
    renderPage(<NotificationsPage />, '/notifications');
    await screen.findByTestId('notifications-list');
    await user.click(within(items()[1]).getByRole('button', { name: 'Mark as read' }));
    await waitFor(() => expect(items()[1]).toHaveAttribute('data-unread', 'false'));
    expect(items()[0]).toHaveAttribute('data-unread', 'true');
    expect(screen.getByTestId('unread-count')).toHaveTextContent('1 unread');
    expect(within(items()[1]).queryByRole('button', { name: 'Mark as read' })).not.toBeInTheDocument();
    expect(bodyOf(fetchMock.mock.calls.find(([, init]) => init?.method === 'POST')?.[1])).toEqual({ ids: [soon.id] });
    // The server's answer is the list as it is now (one more came meanwhile): it is what shows.
    const meanwhile = notification({ id: uuid(9), created_at: '2030-05-20T12:30:00.000Z', data: { foodId: 20, foodName: 'Dates' } });
    read.release({ body: { unread: 2, items: [meanwhile, matched, { ...soon, read_at: '2030-05-20T12:05:00.000Z' }] } });
    await waitFor(() => expect(screen.getByTestId('unread-count')).toHaveTextContent('2 unread'));
    expect(items().map((item) => item.getAttribute('data-notification-id'))).toEqual([meanwhile.id, matched.id, soon.id]);
    expect(fetchMock.mock.calls.filter(([path]) => path === '/api/notifications')).toHaveLength(1);
  });

  it('marks all read with "Mark all read" (no ids), and puts them back when the server refuses', async () => {
    signInAs('charity', 9);
    const read = heldReply();
    const fetchMock = mockApi({
      'GET /api/notifications': { body: { unread: 2, items: [matched, soon] } },
      'POST /api/notifications/read': read.handler,
    });
    const user = userEvent.setup();
    renderPage(<NotificationsPage />, '/notifications');
    await screen.findByTestId('notifications-list');
    await user.click(screen.getByRole('button', { name: 'Mark all read' }));
    await waitFor(() => expect(screen.getByTestId('unread-count')).toHaveTextContent('All read'));
    expect(items().every((item) => item.getAttribute('data-unread') === 'false')).toBe(true);
    expect(bodyOf(fetchMock.mock.calls.find(([, init]) => init?.method === 'POST')?.[1])).toEqual({});
    read.release({ status: 503, body: { statusCode: 503, error: 'Service Unavailable', message: 'down' } });
    expect(await screen.findByText('The notifications could not be marked read. Please try again.', {}, { timeout: 4000 })).toBeInTheDocument();
    expect(items()[0]).toHaveAttribute('data-unread', 'true');
  });

  it('says so when there are none, with nothing to mark', async () => {
    signInAs('donor', 7);
    mockApi({ 'GET /api/notifications': { body: { unread: 0, items: [] } } });
    renderPage(<NotificationsPage />, '/notifications');
    expect(await screen.findByTestId('notifications-empty')).toHaveTextContent('No notifications yet.');
    expect(screen.getByRole('button', { name: 'Mark all read' })).toBeDisabled();
    expect(screen.getByRole('link', { name: 'Notification settings' })).toHaveAttribute('href', '/notifications/settings');
  });

  it('asks a visitor to log in, and asks the server nothing', () => {
    const fetchMock = mockApi({});
    renderPage(<NotificationsPage />, '/notifications');
    expect(screen.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/Login');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('puts a live notification at the top while the page is open', async () => {
    signInAs('charity', 9);
    const hub = new LiveHub();
    mockApi({ 'GET /api/notifications': { body: { unread: 1, items: [soon] } } });
    renderPage(<NotificationsPage />, '/notifications', { hub });
    await screen.findByTestId('notifications-list');
    act(() => hub.dispatch(liveEvent('notification.created', { notification: matched, unread: 2 })));
    await waitFor(() => expect(items()).toHaveLength(2));
    expect(items()[0]).toHaveAttribute('data-notification-id', matched.id);
    expect(screen.getByTestId('unread-count')).toHaveTextContent('2 unread');
  });

  it('speaks Arabic: each notification, the count and the buttons', async () => {
    await i18next.changeLanguage('ar');
    signInAs('charity', 9);
    mockApi({ 'GET /api/notifications': { body: { unread: 12, items: [matched, { ...ended, read_at: null }] } } });
    renderPage(<NotificationsPage />, '/notifications');
    await screen.findByTestId('notifications-list');
    expect(screen.getByRole('heading', { level: 1, name: 'الإشعارات' })).toBeInTheDocument();
    expect(screen.getByText('طعام جديد بالقرب منك: Koshari')).toBeInTheDocument();
    expect(screen.getByText('هل استُلم «Rice»؟')).toBeInTheDocument();
    expect(screen.getByTestId('unread-count')).toHaveTextContent('١٢ غير مقروءة');
    expect(screen.getByRole('button', { name: 'تعليم الكل كمقروء' })).toBeEnabled();
  });
});
