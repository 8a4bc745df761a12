import type { CancelRequestBody, FulfilRequestBody, PickupRequestBody } from '@food-link/contracts';
import { IsIn, IsInt, Max, Min } from 'class-validator';

export class PickupRequestDto implements PickupRequestBody {
  @IsInt({ message: 'food_id must be a positive integer' })
  @Min(1, { message: 'food_id must be a positive integer' })
  @Max(2_147_483_647, { message: 'food_id must be a positive integer' })
  food_id: number;
}

/** Donors may only mark a request fulfilled. */
export class FulfilRequestDto implements FulfilRequestBody {
  @IsIn(['fulfilled'], { message: 'status must be "fulfilled"' })
  status: 'fulfilled';
}

/** Charities may only cancel a request. */
export class CancelRequestDto implements CancelRequestBody {
  @IsIn(['cancelled'], { message: 'status must be "cancelled"' })
  status: 'cancelled';
}
