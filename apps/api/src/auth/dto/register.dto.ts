import { LIMITS, type RegisterBody } from '@food-link/contracts';
import { Transform } from 'class-transformer';
import { IsEmail, MinLength } from 'class-validator';
import { TextField } from '../../common/text';

/** E-mail addresses are compared without regard to case, so they are stored lower-cased. */
export const lowerCased = Transform(({ value }) => (typeof value === 'string' ? value.trim().toLowerCase() : value));

export class RegisterDto implements RegisterBody {
  @TextField(LIMITS.nameMaxLength)
  name: string;

  @lowerCased
  @TextField(LIMITS.emailMaxLength)
  @IsEmail({}, { message: 'email must be a valid e-mail address' })
  email: string;

  @TextField(LIMITS.passwordMaxLength, { trim: false })
  @MinLength(LIMITS.passwordMinLength)
  password: string;
}
