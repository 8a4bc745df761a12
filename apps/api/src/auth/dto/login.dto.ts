import { LIMITS, type LoginBody } from '@food-link/contracts';
import { IsNotEmpty, IsString, MaxLength } from 'class-validator';
import { NormalizedEmail } from '../../common/trimmed';

/** Login checks only presence and size: whether the pair is right is the 401's business. */
export class LoginDto implements LoginBody {
  @NormalizedEmail()
  @IsString()
  @IsNotEmpty()
  @MaxLength(LIMITS.emailMaxLength)
  email: string;

  @IsString()
  @IsNotEmpty()
  @MaxLength(LIMITS.passwordMaxLength)
  password: string;
}
