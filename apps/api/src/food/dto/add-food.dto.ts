import { LIMITS, type AddFoodBody } from '@food-link/contracts';
import { IsInt, Max, Min } from 'class-validator';
import { TextField } from '../../common/text';
import { IsFutureCalendarDate } from './is-future-calendar-date';

export class AddFoodDto implements AddFoodBody {
  @TextField(LIMITS.foodNameMaxLength)
  food_name: string;

  @IsInt({ message: 'quantity must be a whole number of portions' })
  @Min(LIMITS.quantityMin, { message: 'quantity must be a positive number' })
  @Max(LIMITS.quantityMax, { message: `quantity must not exceed ${LIMITS.quantityMax}` })
  quantity: number;

  @TextField(LIMITS.descriptionMaxLength)
  description: string;

  @IsFutureCalendarDate()
  expiration_date: string;
}
