import { fitSms, phoneCodeText, smsSegments } from './message-texts';

describe('SMS segments', () => {
  it('counts GSM-7 at 160 then 153 per part, UCS-2 (Arabic) at 70 then 67', () => {
    expect(smsSegments('a'.repeat(160))).toEqual({ encoding: 'GSM-7', units: 160, segments: 1 });
    expect(smsSegments('a'.repeat(161))).toEqual({ encoding: 'GSM-7', units: 161, segments: 2 });
    expect(smsSegments('€'.repeat(80)).units).toBe(160);
    expect(smsSegments('ب'.repeat(70))).toEqual({ encoding: 'UCS-2', units: 70, segments: 1 });
    expect(smsSegments('ب'.repeat(71))).toEqual({ encoding: 'UCS-2', units: 71, segments: 2 });
    expect(smsSegments('ب'.repeat(201)).segments).toBe(3);
    expect(smsSegments('ب'.repeat(202)).segments).toBe(4);
  });

  it('cuts a text to three segments at most, and leaves one that fits alone', () => {
    const long = 'خبز '.repeat(100);
    const cut = fitSms(long);
    expect(smsSegments(cut).segments).toBe(3);
    expect(cut.endsWith('…')).toBe(true);
    expect(fitSms('short')).toBe('short');
  });

  it('writes the phone code in the user language, within one UCS-2 or two GSM segments', () => {
    expect(phoneCodeText('123456', 'ar')).toContain('123456');
    expect(phoneCodeText('123456', 'ar')).toMatch(/رمز/);
    expect(smsSegments(phoneCodeText('123456', 'ar')).segments).toBeLessThanOrEqual(2);
    expect(phoneCodeText('123456', 'en')).toBe('Your Food Link code is 123456. It works for 10 minutes. Do not share it.');
  });
});
