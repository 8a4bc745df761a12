import { LIMITS } from '@food-link/contracts';
import { newPickupCode } from './requests.service';

describe('pickup codes', () => {
  it(`are ${LIMITS.pickupCodeDigits} digits, zero-padded, and spread over the whole range`, () => {
    const codes = Array.from({ length: 5000 }, () => newPickupCode());
    for (const code of codes) expect(code).toMatch(new RegExp(`^\\d{${LIMITS.pickupCodeDigits}}$`));
    // 5,000 draws from a million: a handful of repeats at most, and some codes below 100000 (padded).
    expect(new Set(codes).size).toBeGreaterThan(4950);
    expect(codes.some((code) => code.startsWith('0'))).toBe(true);
  });
});
