import { BadRequestException, Param, PipeTransform } from '@nestjs/common';

const MAX_ID = 2_147_483_647; // PostgreSQL int

/** Parses a path id as a positive integer that fits the database column; anything else is a 400 naming it. */
export class PositiveIdPipe implements PipeTransform<string, number> {
  constructor(private readonly name: string) {}

  transform(value: string): number {
    const id = /^[1-9]\d{0,9}$/.test(value) ? Number(value) : NaN;
    if (!(id <= MAX_ID)) throw new BadRequestException([`${this.name} must be a positive integer`]);
    return id;
  }
}

/** `@IdParam('foodId') foodId: number` reads and validates a numeric path parameter. */
export const IdParam = (name: string) => Param(name, new PositiveIdPipe(name));
