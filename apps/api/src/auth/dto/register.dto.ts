import { LIMITS, type RegisterBody } from '@food-link/contracts';
import { IsEmail, IsNotEmpty, IsString, MaxLength, MinLength } from 'class-validator';
import { NormalizedEmail, Trimmed } from '../../common/trimmed';

export class RegisterDto implements RegisterBody {
  @Trimmed()
  @IsString()
  @IsNotEmpty()
  @MaxLength(LIMITS.nameMaxLength)
  name: string;

  @NormalizedEmail()
  @IsString()
  @IsEmail({}, { message: 'email must be a valid e-mail address' })
  @MaxLength(LIMITS.emailMaxLength)
  email: string;

  @IsString()
  @MinLength(LIMITS.passwordMinLength)
  @MaxLength(LIMITS.passwordMaxLength)
  password: string;
}
