import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig } from '../config/app-config';
import { SmsClient, WhatsAppClient } from './provider-clients';

const dataDir = () => mkdtempSync(join(tmpdir(), 'foodlink-messaging-config-'));

const WHATSAPP = {
  WHATSAPP_GRAPH_URL: 'https://graph.facebook.com/v23.0',
  WHATSAPP_PHONE_NUMBER_ID: '106540352242922',
  WHATSAPP_TOKEN: 'EAAG-token-of-the-business',
  WHATSAPP_VERIFY_TOKEN: 'verify-me-please',
  WHATSAPP_APP_SECRET: 'app-secret-of-food-link',
};
const SMS = { SMS_API_URL: 'https://api.twilio.com', SMS_ACCOUNT_SID: 'AC123', SMS_AUTH_TOKEN: 'auth-token-123', SMS_FROM: '+15005550006' };

describe('the messaging configuration', () => {
  it('turns a channel on only with all its variables', () => {
    const off = loadConfig({ DATA_DIR: dataDir() });
    expect([new WhatsAppClient(off).configured, new SmsClient(off).configured]).toEqual([false, false]);
    const on = loadConfig({ DATA_DIR: dataDir(), ...WHATSAPP, ...SMS });
    expect([new WhatsAppClient(on).configured, new SmsClient(on).configured]).toEqual([true, true]);
    expect(on.PHONE_CODES_PER_PHONE_PER_HOUR).toBe(3);
    expect(on.PHONE_CODES_PER_ACCOUNT_PER_HOUR).toBe(5);
  });

  it('refuses a channel configured by half, naming its variables', () => {
    expect(() => loadConfig({ DATA_DIR: dataDir(), ...WHATSAPP, WHATSAPP_APP_SECRET: '' })).toThrow(
      'WHATSAPP_GRAPH_URL, WHATSAPP_PHONE_NUMBER_ID, WHATSAPP_TOKEN, WHATSAPP_VERIFY_TOKEN, WHATSAPP_APP_SECRET must be set together',
    );
    expect(() => loadConfig({ DATA_DIR: dataDir(), SMS_API_URL: 'https://api.twilio.com' })).toThrow('SMS_API_URL, SMS_ACCOUNT_SID, SMS_AUTH_TOKEN, SMS_FROM must be set together');
    expect(() => loadConfig({ DATA_DIR: dataDir(), ...WHATSAPP, WHATSAPP_PHONE_NUMBER_ID: '+20 10' })).toThrow('WHATSAPP_PHONE_NUMBER_ID must be the digits of the phone number id');
  });
});
