import { Transform } from 'class-transformer';

/** Trims surrounding white space from a string field before it is validated. */
export const Trimmed = () => Transform(({ value }) => (typeof value === 'string' ? value.trim() : value));

/** Trims and lower-cases an e-mail address: addresses are compared without regard to case. */
export const NormalizedEmail = () =>
  Transform(({ value }) => (typeof value === 'string' ? value.trim().toLowerCase() : value));
