import { twilioSignature, validTwilioSignature, validWhatsAppSignature, whatsAppSignature } from './webhook-signatures';

describe('webhook signatures', () => {
  // Twilio's published example (docs "Webhooks security" and twilio-node's own tests).
  const token = '12345';
  const url = 'https://mycompany.com/myapp.php?foo=1&bar=2';
  const params = { CallSid: 'CA1234567890ABCDE', Caller: '+14158675309', Digits: '1234', From: '+14158675309', To: '+18005551212' };

  it("computes Twilio's published example signature", () => {
    expect(twilioSignature(token, url, params)).toBe('RSOYDt4T1cUTdK1PDd93/VVr8B8=');
    expect(validTwilioSignature(token, url, params, 'RSOYDt4T1cUTdK1PDd93/VVr8B8=')).toBe(true);
  });

  it('refuses a Twilio signature for another URL, other parameters, another token, or none', () => {
    const good = 'RSOYDt4T1cUTdK1PDd93/VVr8B8=';
    expect(validTwilioSignature(token, 'https://mycompany.com/myapp.php?foo=1&bar=3', params, good)).toBe(false);
    expect(validTwilioSignature(token, url, { ...params, Digits: '1235' }, good)).toBe(false);
    expect(validTwilioSignature('54321', url, params, good)).toBe(false);
    expect(validTwilioSignature(token, url, params, undefined)).toBe(false);
    expect(validTwilioSignature(token, url, params, '')).toBe(false);
  });

  it('signs the raw WhatsApp body with HMAC-SHA256 as sha256=<hex>', () => {
    const body = Buffer.from('{"object":"whatsapp_business_account","entry":[]}');
    // openssl dgst -sha256 -hmac secret-of-the-app
    const signature = whatsAppSignature('secret-of-the-app', body);
    expect(signature).toBe('sha256=08a7ebda7df0b101046c6a01af49bde77bc3024164bd4d5f268af500c03ed439');
    expect(validWhatsAppSignature('secret-of-the-app', body, signature)).toBe(true);
    expect(validWhatsAppSignature('secret-of-the-app', Buffer.from(body.toString().replace('[]', '[ ]')), signature)).toBe(false);
    expect(validWhatsAppSignature('another-secret', body, signature)).toBe(false);
    expect(validWhatsAppSignature('secret-of-the-app', body, undefined)).toBe(false);
  });
});
