import { applyDecorators } from '@nestjs/common';
import { Transform } from 'class-transformer';
import { IsNotEmpty, IsString, Matches, MaxLength } from 'class-validator';

/** PostgreSQL text cannot hold NUL, and no honest input contains it. */
const NUL = String.fromCharCode(0);
const NO_NUL = new RegExp(`^[^${NUL}]*$`);

/**
 * A required, trimmed, bounded text field without NUL characters. Every string a body carries goes
 * through this (or `EmailField`), so nothing the database would refuse reaches it.
 */
export const TextField = (maxLength: number, { trim = true } = {}) =>
  applyDecorators(
    ...(trim ? [Transform(({ value }) => (typeof value === 'string' ? value.trim() : value))] : []),
    IsString(),
    IsNotEmpty(),
    MaxLength(maxLength),
    Matches(NO_NUL, { message: '$property must not contain NUL characters' }),
  );

/** True when a free-text path value could be stored text (no NUL). */
export const isStorableText = (value: string) => NO_NUL.test(value);
