import { ERRORS } from './errors';
import { ACCOUNT_SUSPENDED_MESSAGE, suspensionReasonOf } from './suspension';

describe('suspensionReasonOf', () => {
  it("reads the operator's reason back out of a suspended account's refusal", () => {
    expect(ERRORS.accountSuspended('Reselling donated food')).toBe(`${ACCOUNT_SUSPENDED_MESSAGE}: Reselling donated food`);
    expect(suspensionReasonOf(ERRORS.accountSuspended('Reselling donated food'))).toBe('Reselling donated food');
    // A reason may itself contain the separator.
    expect(suspensionReasonOf(ERRORS.accountSuspended('Late: three times'))).toBe('Late: three times');
    expect(suspensionReasonOf(ERRORS.accountSuspended(null))).toBeNull();
  });

  it('answers undefined for every other message', () => {
    expect(suspensionReasonOf(ERRORS.sessionInvalid)).toBeUndefined();
    expect(suspensionReasonOf(ERRORS.accountAlreadySuspended)).toBeUndefined();
    expect(suspensionReasonOf(ERRORS.claimingSuspended(null))).toBeUndefined();
    expect(suspensionReasonOf(`${ACCOUNT_SUSPENDED_MESSAGE}s`)).toBeUndefined();
  });
});
