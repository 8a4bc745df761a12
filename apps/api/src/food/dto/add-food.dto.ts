import { LIMITS, type AddFoodBody } from '@food-link/contracts';
import { ApiProperty, ApiSchema } from '@nestjs/swagger';
import { IsInt, Max, Min } from 'class-validator';
import { TextField } from '../../common/text';
import { IsFutureCalendarDate } from './is-future-calendar-date';

@ApiSchema({ name: 'AddFoodBody' })
export class AddFoodDto implements AddFoodBody {
  @ApiProperty({ description: 'What is offered (trimmed)', minLength: 1, maxLength: LIMITS.foodNameMaxLength, example: 'Koshary boxes' })
  @TextField(LIMITS.foodNameMaxLength)
  food_name: string;

  @ApiProperty({
    type: 'integer',
    description: 'Whole portions',
    minimum: LIMITS.quantityMin,
    maximum: LIMITS.quantityMax,
    example: 40,
  })
  @IsInt({ message: 'quantity must be a whole number of portions' })
  @Min(LIMITS.quantityMin, { message: 'quantity must be a positive number' })
  @Max(LIMITS.quantityMax, { message: `quantity must not exceed ${LIMITS.quantityMax}` })
  quantity: number;

  @ApiProperty({
    description: 'Details for the charity (trimmed)',
    minLength: 1,
    maxLength: LIMITS.descriptionMaxLength,
    example: 'Rice, lentils and pasta with tomato sauce, packed in boxes',
  })
  @TextField(LIMITS.descriptionMaxLength)
  description: string;

  @ApiProperty({
    type: 'string',
    format: 'date',
    pattern: '^\\d{4}-\\d{2}-\\d{2}$',
    description: 'Calendar date `YYYY-MM-DD`, today or later in Africa/Cairo; the food is good through the whole day',
    example: '2026-11-25',
  })
  @IsFutureCalendarDate()
  expiration_date: string;
}
