import { DEFAULT_NOTIFICATION_CHOICES, NOTIFICATION_CHANNELS, NOTIFICATION_KINDS, type NotificationPreferences } from '@food-link/contracts';
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18next from 'i18next';
import { notifications } from '../../i18n/resources/notifications';
import { failure, heldReply, mockApi, renderPage, signInAs, textKeys } from '../../test/test-utils';
import NotificationPreferencesPage from './notification-preferences-page';

const saved: NotificationPreferences = { language: 'en', choices: DEFAULT_NOTIFICATION_CHOICES };
const bodyOf = (init?: RequestInit) => JSON.parse(String(init?.body)) as unknown;

describe('the notification settings', () => {
  afterEach(async () => {
    cleanup();
    await i18next.changeLanguage('en');
  });

  it('has an Arabic text for every English one', () => {
    expect(textKeys(notifications.ar)).toEqual(textKeys(notifications.en));
  });

  it('shows a switch for each kind by each channel, as saved, with what each kind is', async () => {
    signInAs('charity', 9);
    mockApi({
      'GET /api/notifications/preferences': {
        body: { language: 'ar', choices: { ...DEFAULT_NOTIFICATION_CHOICES, reminders: { in_app: true, push: false, email: false } } },
      },
    });
    renderPage(<NotificationPreferencesPage />, '/notifications/settings');
    await screen.findByRole('table', { name: 'What reaches you by which channel' });
    expect(screen.getAllByRole('switch')).toHaveLength(NOTIFICATION_KINDS.length * NOTIFICATION_CHANNELS.length);
    expect(screen.getByRole('switch', { name: 'New matching food: Push' })).toBeChecked();
    expect(screen.getByRole('switch', { name: 'Reminders: Push' })).not.toBeChecked();
    expect(screen.getByRole('switch', { name: 'Reminders: E-mail' })).not.toBeChecked();
    expect(screen.getByRole('switch', { name: 'Account news: In the app' })).toBeChecked();
    expect(screen.getByRole('rowheader', { name: /Reminders A pickup window that opens in 30 minutes/ })).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'العربية' })).toBeChecked();
  });

  it('saves the grid and the language with PUT, and says so', async () => {
    signInAs('charity', 9);
    const put = heldReply();
    const fetchMock = mockApi({ 'GET /api/notifications/preferences': { body: saved }, 'PUT /api/notifications/preferences': put.handler });
    const user = userEvent.setup();
    renderPage(<NotificationPreferencesPage />, '/notifications/settings');
    await user.click(await screen.findByRole('switch', { name: 'New matching food: E-mail' }));
    await user.click(screen.getByRole('switch', { name: 'Account news: Push' }));
    await user.click(screen.getByRole('radio', { name: 'العربية' }));
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(screen.getByRole('button', { name: 'Saving…' })).toBeDisabled();
    const sent = bodyOf(fetchMock.mock.calls.find(([, init]) => init?.method === 'PUT')?.[1]);
    const expected = {
      language: 'ar',
      choices: { new_food: { in_app: true, push: true, email: false }, reminders: { in_app: true, push: true, email: true }, account: { in_app: true, push: false, email: true } },
    };
    expect(sent).toEqual(expected);
    put.release({ body: expected });
    expect(await screen.findByText('Your notification settings are saved.')).toHaveAttribute('role', 'status');
  });

  it('says when the settings could not be saved', async () => {
    signInAs('donor', 7);
    mockApi({ 'GET /api/notifications/preferences': { body: saved }, 'PUT /api/notifications/preferences': failure(500) });
    const user = userEvent.setup();
    renderPage(<NotificationPreferencesPage />, '/notifications/settings');
    await user.click(await screen.findByRole('button', { name: 'Save settings' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Your settings could not be saved. Please try again.');
    expect(screen.queryByText('Your notification settings are saved.')).not.toBeInTheDocument();
  });

  it('speaks Arabic', async () => {
    await i18next.changeLanguage('ar');
    signInAs('charity', 9);
    mockApi({ 'GET /api/notifications/preferences': { body: saved } });
    renderPage(<NotificationPreferencesPage />, '/notifications/settings');
    expect(screen.getByRole('heading', { level: 1, name: 'إعدادات الإشعارات' })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('switch', { name: 'طعام جديد مناسب: البريد الإلكتروني' })).toBeChecked());
    expect(screen.getByRole('button', { name: 'حفظ الإعدادات' })).toBeInTheDocument();
  });
});
