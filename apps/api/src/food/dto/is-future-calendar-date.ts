import { cairoDate, isCalendarDate } from '@food-link/contracts';
import { registerDecorator, ValidationArguments } from 'class-validator';

/** A `YYYY-MM-DD` date that is today or later in Cairo: food already past its date cannot be offered. */
export function IsFutureCalendarDate() {
  return (target: object, propertyName: string) =>
    registerDecorator({
      name: 'isFutureCalendarDate',
      target: target.constructor,
      propertyName,
      validator: {
        validate: (value: unknown) => typeof value === 'string' && isCalendarDate(value) && value >= cairoDate(),
        defaultMessage: ({ property, value }: ValidationArguments) =>
          typeof value === 'string' && isCalendarDate(value)
            ? `${property} must not be in the past (today in Cairo is ${cairoDate()})`
            : `${property} must be a date written YYYY-MM-DD`,
      },
    });
}
