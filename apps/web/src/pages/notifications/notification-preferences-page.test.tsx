import { DEFAULT_NOTIFICATION_CHOICES, NOTIFICATION_CHANNELS, NOTIFICATION_KINDS_OF_ROLE, type NotificationPreferences } from '@food-link/contracts';
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
        body: { language: 'ar', choices: { ...DEFAULT_NOTIFICATION_CHOICES, reminders: { in_app: true, push: false, email: false, phone: true } } },
      },
    });
    renderPage(<NotificationPreferencesPage />, '/notifications/settings');
    await screen.findByRole('table', { name: 'What reaches you by which channel' });
    expect(screen.getAllByRole('switch')).toHaveLength(NOTIFICATION_KINDS_OF_ROLE.charity.length * NOTIFICATION_CHANNELS.length);
    expect(screen.getByRole('switch', { name: 'Reminders: WhatsApp or SMS' })).toBeChecked();
    // A charity donates nothing: the donor's news is not among its choices.
    expect(screen.queryByRole('switch', { name: 'Your donations: In the app' })).not.toBeInTheDocument();
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
      choices: {
        ...DEFAULT_NOTIFICATION_CHOICES,
        new_food: { in_app: true, push: true, email: false, phone: true },
        account: { in_app: true, push: false, email: true, phone: true },
      },
    };
    expect(sent).toEqual(expected);
    put.release({ body: expected });
    expect(await screen.findByText('Your notification settings are saved.')).toHaveAttribute('role', 'status');
  });

  it("speaks to a donor of its donations (who claimed, cancelled, did not collect, received) and of 'was it collected?', not of new food", async () => {
    signInAs('donor', 7);
    const put = heldReply();
    const fetchMock = mockApi({ 'GET /api/notifications/preferences': { body: saved }, 'PUT /api/notifications/preferences': put.handler });
    const user = userEvent.setup();
    renderPage(<NotificationPreferencesPage />, '/notifications/settings');
    await screen.findByRole('table', { name: 'What reaches you by which channel' });
    expect(screen.getAllByRole('switch')).toHaveLength(NOTIFICATION_KINDS_OF_ROLE.donor.length * NOTIFICATION_CHANNELS.length);
    expect(screen.queryByRole('switch', { name: 'New matching food: In the app' })).not.toBeInTheDocument();
    expect(screen.getByRole('rowheader', { name: /Your donations A charity claims your food \(with its name and phone\)/ })).toBeInTheDocument();
    expect(screen.getByRole('rowheader', { name: /Reminders A pickup window that ended with the request still pending: was it collected\?/ })).toBeInTheDocument();
    expect(screen.getByText('WhatsApp and SMS reach only a phone you have verified, on the channel you chose for it.')).toBeInTheDocument();
    await user.click(screen.getByRole('switch', { name: 'Your donations: WhatsApp or SMS' }));
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    const sent = bodyOf(fetchMock.mock.calls.find(([, init]) => init?.method === 'PUT')?.[1]);
    // The kinds it is not shown are saved as they were.
    expect(sent).toEqual({ language: 'en', choices: { ...DEFAULT_NOTIFICATION_CHOICES, donations: { in_app: true, push: true, email: true, phone: false } } });
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
