import { BadRequestException, type PipeTransform } from '@nestjs/common';
import { checkShape, type Shape, type ShapeOutput } from '@food-link/contracts';

/** `value` as `shape` parses it, or a 400 whose `message` lists each problem, each line naming its field. */
export function parseShape<S extends Shape>(shape: S, value: unknown): ShapeOutput<S> {
  const result = checkShape(shape, value);
  if (!result.success) throw new BadRequestException(result.messages);
  return result.data;
}

/** Validates a body or query string with a shape of the contracts (see `ValidBody`, `ValidQuery`). */
export class ShapePipe<S extends Shape> implements PipeTransform<unknown, ShapeOutput<S>> {
  constructor(private readonly shape: S) {}

  transform(value: unknown): ShapeOutput<S> {
    return parseShape(this.shape, value);
  }
}
