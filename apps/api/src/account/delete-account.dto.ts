import { LIMITS, type DeleteAccountBody } from '@food-link/contracts';
import { ApiProperty, ApiSchema } from '@nestjs/swagger';
import { TextField } from '../common/text';

@ApiSchema({ name: 'DeleteAccountBody' })
export class DeleteAccountDto implements DeleteAccountBody {
  @ApiProperty({ format: 'password', minLength: 1, maxLength: LIMITS.passwordMaxLength, description: "The account's password, to confirm" })
  @TextField(LIMITS.passwordMaxLength, { trim: false })
  password: string;
}
