import { LIMITS, type RegisterBody } from '@food-link/contracts';
import { ApiProperty, ApiSchema } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsEmail, MinLength } from 'class-validator';
import { TextField } from '../../common/text';

/** E-mail addresses are compared without regard to case, so they are stored lower-cased. */
export const lowerCased = Transform(({ value }) => (typeof value === 'string' ? value.trim().toLowerCase() : value));

@ApiSchema({ name: 'RegisterBody' })
export class RegisterDto implements RegisterBody {
  @ApiProperty({
    description: 'Display name; for a charity, its unique name (compared without regard to case)',
    minLength: 1,
    maxLength: LIMITS.nameMaxLength,
    example: 'Koshary El Tahrir',
  })
  @TextField(LIMITS.nameMaxLength)
  name: string;

  @ApiProperty({
    description: 'Sign-in e-mail, unique without regard to case',
    format: 'email',
    minLength: 1,
    maxLength: LIMITS.emailMaxLength,
    example: 'koshary.tahrir@example.eg',
  })
  @lowerCased
  @TextField(LIMITS.emailMaxLength)
  @IsEmail({}, { message: 'email must be a valid e-mail address' })
  email: string;

  @ApiProperty({
    description: 'Kept as is (not trimmed)',
    format: 'password',
    minLength: LIMITS.passwordMinLength,
    maxLength: LIMITS.passwordMaxLength,
    example: 'correct horse battery',
  })
  @TextField(LIMITS.passwordMaxLength, { trim: false })
  @MinLength(LIMITS.passwordMinLength)
  password: string;
}
