import type { CancelRequestBody, FulfilRequestBody, PickupRequestBody } from '@food-link/contracts';
import { ApiProperty, ApiSchema } from '@nestjs/swagger';
import { IsIn, IsInt, Max, Min } from 'class-validator';

@ApiSchema({ name: 'PickupRequestBody' })
export class PickupRequestDto implements PickupRequestBody {
  @ApiProperty({ type: 'integer', description: 'The available food item to claim', minimum: 1, maximum: 2_147_483_647, example: 15 })
  @IsInt({ message: 'food_id must be a positive integer' })
  @Min(1, { message: 'food_id must be a positive integer' })
  @Max(2_147_483_647, { message: 'food_id must be a positive integer' })
  food_id: number;
}

/** Donors may only mark a request fulfilled. */
@ApiSchema({ name: 'FulfilRequestBody' })
export class FulfilRequestDto implements FulfilRequestBody {
  @ApiProperty({ enum: ['fulfilled'], description: 'The only change a donor may make', example: 'fulfilled' })
  @IsIn(['fulfilled'], { message: 'status must be "fulfilled"' })
  status: 'fulfilled';
}

/** Charities may only cancel a request. */
@ApiSchema({ name: 'CancelRequestBody' })
export class CancelRequestDto implements CancelRequestBody {
  @ApiProperty({ enum: ['cancelled'], description: 'The only change a charity may make', example: 'cancelled' })
  @IsIn(['cancelled'], { message: 'status must be "cancelled"' })
  status: 'cancelled';
}
