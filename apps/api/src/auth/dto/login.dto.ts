import { LIMITS, type LoginBody } from '@food-link/contracts';
import { ApiProperty, ApiSchema } from '@nestjs/swagger';
import { TextField } from '../../common/text';
import { lowerCased } from './register.dto';

/** Login checks only presence and size: whether the pair is right is the 401's business. */
@ApiSchema({ name: 'LoginBody' })
export class LoginDto implements LoginBody {
  @ApiProperty({
    description: 'Sign-in e-mail, any case',
    minLength: 1,
    maxLength: LIMITS.emailMaxLength,
    example: 'koshary.tahrir@demo.foodlink.eg',
  })
  @lowerCased
  @TextField(LIMITS.emailMaxLength)
  email: string;

  @ApiProperty({
    format: 'password',
    minLength: 1,
    maxLength: LIMITS.passwordMaxLength,
    example: 'FoodLink-demo-2026',
  })
  @TextField(LIMITS.passwordMaxLength, { trim: false })
  password: string;
}
