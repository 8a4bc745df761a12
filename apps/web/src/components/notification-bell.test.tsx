import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import i18next from 'i18next';
import { LiveHub } from '../live/live-hub';
import { liveEvent, mockApi, notification, renderPage, signInAs } from '../test/test-utils';
import { TopBar } from './top-bar';

const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const older = notification({ id: uuid(1), data: { foodId: 1, foodName: 'Koshari' } });
const newer = notification({ id: uuid(2), type: 'pickup.soon', data: { foodId: 2, requestId: 50, foodName: 'Ful' }, created_at: '2030-05-20T11:00:00.000Z' });

const bell = () => screen.getByTestId('notification-bell');

describe('the notification bell', () => {
  afterEach(async () => {
    cleanup();
    await i18next.changeLanguage('en');
  });

  it('is not there for a visitor, and asks nothing', () => {
    const fetchMock = mockApi({});
    renderPage(<TopBar />, '/');
    expect(screen.queryByTestId('notification-bell')).not.toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('shows the unread count, named for screen readers, and leads to the notifications page', async () => {
    signInAs('charity', 9);
    mockApi({ 'GET /api/notifications': { body: { unread: 3, items: [older] } } });
    renderPage(<TopBar />, '/');
    await waitFor(() => expect(bell()).toHaveAccessibleName('Notifications, 3 unread'));
    expect(bell()).toHaveAttribute('href', '/notifications');
    expect(within(bell()).getByTestId('notification-badge')).toHaveTextContent('3');
  });

  it('says only "Notifications" with nothing unread, without a badge', async () => {
    signInAs('donor', 7);
    const fetchMock = mockApi({ 'GET /api/notifications': { body: { unread: 0, items: [] } } });
    renderPage(<TopBar />, '/');
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    expect(bell()).toHaveAccessibleName('Notifications');
    expect(screen.queryByTestId('notification-badge')).not.toBeInTheDocument();
  });

  it('is named in Arabic with Arabic digits, and shows 99+ past 99', async () => {
    await i18next.changeLanguage('ar');
    signInAs('charity', 9);
    mockApi({ 'GET /api/notifications': { body: { unread: 120, items: [older] } } });
    renderPage(<TopBar />, '/');
    await waitFor(() => expect(bell()).toHaveAccessibleName('الإشعارات، ١٢٠ غير مقروءة'));
    expect(screen.getByTestId('notification-badge')).toHaveTextContent('٩٩+');
  });

  it('rises live with notification.created, taking the server\'s count, and drops a repeat of the same notification', async () => {
    signInAs('charity', 9);
    const hub = new LiveHub();
    const fetchMock = mockApi({ 'GET /api/notifications': { body: { unread: 1, items: [older] } } });
    const { client } = renderPage(<TopBar />, '/', { hub });
    await waitFor(() => expect(bell()).toHaveAccessibleName('Notifications, 1 unread'));

    act(() => hub.dispatch(liveEvent('notification.created', { notification: newer, unread: 2 })));
    await waitFor(() => expect(bell()).toHaveAccessibleName('Notifications, 2 unread'));
    const cached = () => client.getQueryData<{ unread: number; items: { id: string }[] }>(['notifications', 'token-9']);
    expect(cached()?.items.map((item) => item.id)).toEqual([newer.id, older.id]);

    // The same event delivered again, and the same notification under another event id: nothing changes.
    const again = liveEvent('notification.created', { notification: newer, unread: 2 }, { id: 'repeat' });
    act(() => hub.dispatch(again));
    act(() => hub.dispatch(again));
    act(() => hub.dispatch(liveEvent('notification.created', { notification: newer, unread: 9 })));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(bell()).toHaveAccessibleName('Notifications, 2 unread');
    expect(cached()?.items.map((item) => item.id)).toEqual([newer.id, older.id]);
    // Live, not fetched again.
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('says a live notification aloud once, in the reader\'s words', async () => {
    signInAs('charity', 9);
    const hub = new LiveHub();
    mockApi({ 'GET /api/notifications': { body: { unread: 0, items: [] } } });
    renderPage(<TopBar />, '/', { hub });
    await waitFor(() => expect(bell()).toHaveAccessibleName('Notifications'));
    act(() => hub.dispatch(liveEvent('notification.created', { notification: newer, unread: 1 })));
    act(() => hub.dispatch(liveEvent('notification.created', { notification: newer, unread: 1 })));
    expect(await screen.findAllByText('Your pickup of Ful opens in 30 minutes')).toHaveLength(1);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(screen.getAllByText('Your pickup of Ful opens in 30 minutes')).toHaveLength(1);
  });
});
