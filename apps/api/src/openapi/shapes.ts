import { applyDecorators, Body, Query } from '@nestjs/common';
import { ApiBody, ApiQuery } from '@nestjs/swagger';
import { openApiProperties, shapeName, type ObjectShape, type Shape } from '@food-link/contracts';
import { ShapePipe } from '../common/shape-pipe';

/*
 * Request and response bodies come from the shapes of libs/contracts: one declaration gives the type, the
 * validation and the OpenAPI schema. `setupOpenApi` adds every named shape to `components.schemas`;
 * these helpers point at them.
 */

/** `{ $ref }` to a named shape, for `@ApiOkResponse({ schema: shapeRef(FoodItemView) })`. */
export const shapeRef = (shape: Shape) => ({ $ref: `#/components/schemas/${shapeName(shape)}` });

/** A JSON array of a named shape. */
export const shapeList = (shape: Shape) => ({ type: 'array' as const, items: shapeRef(shape) });

/**
 * A parameter typed with a shape's type (`body: AddFoodBody`) is reflected as `Object` by tsc, but as the
 * shape itself by swc (which the tests compile with), since the type and the value share their name;
 * Swagger would then take the shape for a class. The shape documents itself, so the reflected type is
 * made a plain `Object` either way.
 */
function forgetReflectedType(target: object, method: string | symbol, index: number): void {
  const types = Reflect.getMetadata('design:paramtypes', target, method) as unknown[] | undefined;
  if (!types) return;
  const copy = [...types];
  copy[index] = Object;
  Reflect.defineMetadata('design:paramtypes', copy, target, method);
}

/**
 * `@ValidBody(AddFoodBody) body: AddFoodBody`: the body, parsed by its shape (a 400 naming each bad field
 * otherwise), and documented as the request body.
 */
export function ValidBody(shape: Shape): ParameterDecorator {
  return (target, method, index) => {
    if (method === undefined) return;
    forgetReflectedType(target, method, index);
    Body(new ShapePipe(shape))(target, method, index);
    ApiBody({ required: true, schema: shapeRef(shape) })(target, method, Object.getOwnPropertyDescriptor(target, method)!);
  };
}

/** Documents each field of a query-string shape as an optional or required query parameter. */
export function ApiQueryShape(shape: ObjectShape): MethodDecorator {
  return applyDecorators(
    ...openApiProperties(shape).map(({ name, required, schema }) => ApiQuery({ name, required, schema })),
  );
}

/** `@ValidQuery(OpsEventsQuery) query: OpsEventsQuery`: the query string, parsed and documented by its shape. */
export function ValidQuery(shape: ObjectShape): ParameterDecorator {
  return (target, method, index) => {
    if (method === undefined) return;
    forgetReflectedType(target, method, index);
    Query(new ShapePipe(shape))(target, method, index);
    ApiQueryShape(shape)(target, method, Object.getOwnPropertyDescriptor(target, method)!);
  };
}
