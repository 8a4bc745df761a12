import { distanceKm, egyptianMobileE164, GOVERNORATES, governorateName, isInEgypt } from './places';

describe('GOVERNORATES', () => {
  it('holds the 27 governorates with distinct ISO codes and both names', () => {
    expect(GOVERNORATES).toHaveLength(27);
    expect(new Set(GOVERNORATES.map((g) => g.code)).size).toBe(27);
    for (const g of GOVERNORATES) {
      expect(g.code).toMatch(/^EG-[A-Z]{1,3}$/);
      expect(g.en).not.toBe('');
      expect(g.ar).toMatch(/[\u0600-\u06ff]/);
    }
    expect(governorateName('EG-ASN', 'ar')).toBe('أسوان');
  });
});

describe('egyptianMobileE164', () => {
  it.each([
    ['010 1234 5678', '+201012345678'],
    ['+20 11 2345 6789', '+201123456789'],
    ['0020-12-3456-7890', '+201234567890'],
    ['201512345678', '+201512345678'],
    ['٠١٠١٢٣٤٥٦٧٨', '+201012345678'],
  ])('reads %s as %s', (input, e164) => {
    expect(egyptianMobileE164(input)).toBe(e164);
  });

  it.each(['02 2345 6789', '013 1234 5678', '+44 7700 900123', '0101234567', 'call me', ''])('refuses %s', (input) => {
    expect(egyptianMobileE164(input)).toBeNull();
  });
});

describe('positions', () => {
  it('knows Cairo and Aswan are in Egypt, and Athens and a swapped Aswan are not', () => {
    expect(isInEgypt(30.0444, 31.2357)).toBe(true);
    expect(isInEgypt(24.0889, 32.8998)).toBe(true);
    expect(isInEgypt(37.98, 23.72)).toBe(false);
    expect(isInEgypt(32.8998, 24.0889)).toBe(false);
  });

  it('measures Cairo to Alexandria as about 180 km', () => {
    expect(distanceKm({ lat: 30.0444, lng: 31.2357 }, { lat: 31.2001, lng: 29.9187 })).toBeCloseTo(180, -1);
  });
});
