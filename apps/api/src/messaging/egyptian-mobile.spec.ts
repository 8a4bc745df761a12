import { egyptianMobileE164 } from '@food-link/contracts';
import { isEgyptianMobile } from './phone.service';

describe('isEgyptianMobile (libphonenumber-js, mobile metadata)', () => {
  it('takes the four mobile prefixes, as the contract reads them', () => {
    for (const written of ['010 1234 5678', '011 1234 5678', '+20 12 1234 5678', '٠١٥٥١٢٣٤٥٦٧']) {
      const e164 = egyptianMobileE164(written);
      expect({ written, e164, mobile: e164 !== null && isEgyptianMobile(e164) }).toEqual({ written, e164: expect.stringMatching(/^\+201[0125]\d{8}$/), mobile: true });
    }
  });

  it('refuses landlines, other prefixes, other countries and wrong lengths', () => {
    for (const e164 of ['+20223456789', '+201312345678', '+2010123456789', '+20101234567', '+447700900123', '+966501234567']) {
      expect({ e164, mobile: isEgyptianMobile(e164) }).toEqual({ e164, mobile: false });
    }
  });
});
