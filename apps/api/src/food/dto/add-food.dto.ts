import { LIMITS, type AddFoodBody } from '@food-link/contracts';
import { IsInt, IsNotEmpty, IsString, Max, MaxLength, Min } from 'class-validator';
import { Trimmed } from '../../common/trimmed';
import { IsFutureCalendarDate } from './is-future-calendar-date';

export class AddFoodDto implements AddFoodBody {
  @Trimmed()
  @IsString()
  @IsNotEmpty()
  @MaxLength(LIMITS.foodNameMaxLength)
  food_name: string;

  @IsInt({ message: 'quantity must be a whole number of portions' })
  @Min(LIMITS.quantityMin, { message: 'quantity must be a positive number' })
  @Max(LIMITS.quantityMax, { message: `quantity must not exceed ${LIMITS.quantityMax}` })
  quantity: number;

  @Trimmed()
  @IsString()
  @IsNotEmpty()
  @MaxLength(LIMITS.descriptionMaxLength)
  description: string;

  @IsFutureCalendarDate()
  expiration_date: string;
}
