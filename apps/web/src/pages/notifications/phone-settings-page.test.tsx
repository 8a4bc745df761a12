import { ERRORS, type PhoneView } from '@food-link/contracts';
import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18next from 'i18next';
import { notifications } from '../../i18n/resources/notifications';
import { mockApi, renderPage, signInAs, textKeys } from '../../test/test-utils';
import PhoneSettingsPage from './phone-settings-page';

const both = { whatsapp: true, sms: true };
const none: PhoneView = { phone: null, channel: null, verified: false, code_expires_at: null, available: both, on: false, sms_fallback: false, quiet_hours: null };
const pending: PhoneView = { ...none, phone: '+201012345678', channel: 'whatsapp', code_expires_at: '2026-11-27T10:10:00.000Z' };
const verified: PhoneView = { ...pending, verified: true, code_expires_at: null, on: true };
const bodyOf = (fetchMock: ReturnType<typeof mockApi>, method: string, path: string) =>
  JSON.parse(String(fetchMock.mock.calls.find(([url, init]) => String(url).endsWith(path) && init?.method === method)?.[1]?.body)) as unknown;

describe('the phone settings (WhatsApp and SMS)', () => {
  afterEach(async () => {
    cleanup();
    await i18next.changeLanguage('en');
  });

  it('has an Arabic text for every English one', () => {
    expect(textKeys(notifications.ar)).toEqual(textKeys(notifications.en));
  });

  it('says when this server has neither channel', async () => {
    signInAs('donor', 7);
    mockApi({ 'GET /api/me/phone': { body: { ...none, available: { whatsapp: false, sms: false } } } });
    renderPage(<PhoneSettingsPage />, '/notifications/phone');
    expect(await screen.findByText('WhatsApp and SMS are not configured on this server, so nothing can be sent to a phone.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Send me a code' })).not.toBeInTheDocument();
  });

  it('adds a phone on the chosen channel, takes the code back, then saves its settings', async () => {
    signInAs('charity', 9);
    const fetchMock = mockApi({
      'GET /api/me/phone': { body: none },
      'POST /api/me/phone': { status: 201, body: { ...pending, channel: 'sms' } },
      'POST /api/me/phone/verify': { body: { ...verified, channel: 'sms' } },
      'PUT /api/me/phone/settings': { body: { ...verified, channel: 'sms', quiet_hours: { start: '22:00', end: '07:00' } } },
    });
    const user = userEvent.setup();
    renderPage(<PhoneSettingsPage />, '/notifications/phone');
    await user.type(await screen.findByRole('textbox', { name: /Egyptian mobile number/ }), '010 1234 5678');
    await user.click(screen.getByRole('radio', { name: 'SMS' }));
    await user.click(screen.getByRole('button', { name: 'Send me a code' }));
    expect(bodyOf(fetchMock, 'POST', '/api/me/phone')).toEqual({ phone: '010 1234 5678', channel: 'sms' });
    expect(await screen.findByText(/We sent a 6-digit code by SMS to/)).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: 'The code' }), '123456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(bodyOf(fetchMock, 'POST', '/api/me/phone/verify')).toEqual({ code: '123456' });
    expect(await screen.findByText(/Messages go by SMS to/)).toBeInTheDocument();
    // On SMS there is no SMS fallback to offer.
    expect(screen.queryByRole('switch', { name: 'When WhatsApp fails, send an SMS instead' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('switch', { name: 'No messages in these hours (they are sent when the hours end)' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(bodyOf(fetchMock, 'PUT', '/api/me/phone/settings')).toEqual({ on: true, sms_fallback: false, quiet_hours: { start: '22:00', end: '07:00' } });
    expect(await screen.findByText('Saved.')).toHaveAttribute('role', 'status');
  });

  it("shows the server's reason for a refused code", async () => {
    signInAs('donor', 7);
    mockApi({
      'GET /api/me/phone': { body: pending },
      'POST /api/me/phone/verify': { status: 400, body: { statusCode: 400, message: [ERRORS.phoneCodeWrong(4)], error: 'Bad Request' } },
    });
    const user = userEvent.setup();
    renderPage(<PhoneSettingsPage />, '/notifications/phone');
    await user.type(await screen.findByRole('textbox', { name: 'The code' }), '000000');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText(ERRORS.phoneCodeWrong(4))).toHaveAttribute('role', 'alert');
  });

  it('turns WhatsApp messages off and allows the SMS fallback, in Arabic', async () => {
    await i18next.changeLanguage('ar');
    signInAs('donor', 7);
    const fetchMock = mockApi({ 'GET /api/me/phone': { body: verified }, 'PUT /api/me/phone/settings': { body: { ...verified, on: false, sms_fallback: true } } });
    const user = userEvent.setup();
    renderPage(<PhoneSettingsPage />, '/notifications/phone');
    expect(await screen.findByRole('heading', { level: 1, name: 'واتساب والرسائل النصية' })).toBeInTheDocument();
    await user.click(await screen.findByRole('switch', { name: 'أرسل لي الرسائل' }));
    await user.click(screen.getByRole('switch', { name: 'إذا تعذّر واتساب، أرسل رسالة نصية بدلاً منه' }));
    await user.click(screen.getByRole('button', { name: 'حفظ' }));
    expect(bodyOf(fetchMock, 'PUT', '/api/me/phone/settings')).toEqual({ on: false, sms_fallback: true, quiet_hours: null });
    expect(await screen.findByText('تم الحفظ.')).toBeInTheDocument();
  });
});
