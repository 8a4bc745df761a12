// Kept apart from errors.ts, with nothing imported at run time, so the web app's entry can recognise the
// refusal without loading zod (errors.ts declares the error shape with it).

/**
 * How every refusal of a suspended account begins (`ERRORS.accountSuspended`); the operator's reason, if
 * any, follows after ": ". The web app recognises the refusal by it (`suspensionReasonOf`).
 */
export const ACCOUNT_SUSPENDED_MESSAGE = 'This account is suspended by an operator';

/** The operator's reason in a suspended account's refusal (null when none was given); undefined for any other message. */
export function suspensionReasonOf(message: string): string | null | undefined {
  if (message === ACCOUNT_SUSPENDED_MESSAGE) return null;
  const prefix = `${ACCOUNT_SUSPENDED_MESSAGE}: `;
  return message.startsWith(prefix) ? message.slice(prefix.length) : undefined;
}
