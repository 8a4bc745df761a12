import { LIMITS, type LoginBody } from '@food-link/contracts';
import { TextField } from '../../common/text';
import { lowerCased } from './register.dto';

/** Login checks only presence and size: whether the pair is right is the 401's business. */
export class LoginDto implements LoginBody {
  @lowerCased
  @TextField(LIMITS.emailMaxLength)
  email: string;

  @TextField(LIMITS.passwordMaxLength, { trim: false })
  password: string;
}
