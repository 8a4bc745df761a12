import { z } from 'zod';

/** Any shape of the contracts (http.ts, ops.ts, errors.ts). */
export type Shape = z.ZodType;
/** A shape with named fields (a body or a query string). */
export type ObjectShape = z.ZodObject;
/** What a shape parses a value into. */
export type ShapeOutput<S extends Shape> = z.output<S>;

export type ShapeResult<T> = { success: true; data: T } | { success: false; messages: string[] };

/**
 * Checks `value` against `shape`: the parsed value (trimmed, lower-cased, defaulted as the shape says),
 * or every problem as one line that starts with the field's name ("quantity must be a positive number"),
 * fields in declaration order, as the API's 400 lists them. A body that is not a JSON object (an array,
 * a string, null) is checked as an empty one, so the answer names each field it lacks.
 */
export function checkShape<S extends Shape>(shape: S, value: unknown): ShapeResult<z.output<S>> {
  const isObjectShape = shape instanceof z.ZodObject;
  const input = isObjectShape && (typeof value !== 'object' || value === null || Array.isArray(value)) ? {} : value;
  const result = shape.safeParse(input);
  if (result.success) return { success: true, data: result.data };
  return {
    success: false,
    messages: result.error.issues.map((issue) => [issue.path.join('.'), issue.message].filter(Boolean).join(' ')),
  };
}

/** The problems of one field of a body, as `checkShape` words them without the field's name (for forms). */
export function fieldProblems<S extends z.ZodObject>(shape: S, value: unknown): Partial<Record<keyof z.input<S> & string, string>> {
  const result = shape.safeParse(value);
  const problems: Record<string, string> = {};
  if (!result.success) {
    for (const issue of result.error.issues) {
      const field = String(issue.path[0] ?? '');
      problems[field] ??= issue.message;
    }
  }
  return problems as Partial<Record<keyof z.input<S> & string, string>>;
}

/** The OpenAPI name of a shape declared with `.meta({ id })`. */
export function shapeName(shape: Shape): string {
  const name = z.globalRegistry.get(shape)?.id;
  if (!name) throw new Error('This shape has no id: declare it with .meta({ id })');
  return name;
}

const REF_PREFIX = '#/components/schemas/';

/**
 * Every named shape as an OpenAPI 3.0 schema object, keyed by name, for `components.schemas`; a named
 * shape used inside another is a `$ref` to it. Request bodies are described as the client sends them
 * (`io: 'input'`): a field with a default is optional.
 */
export function openApiSchemas(): Record<string, Record<string, unknown>> {
  const { schemas } = z.toJSONSchema(z.globalRegistry, {
    target: 'openapi-3.0',
    io: 'input',
    uri: (name) => `${REF_PREFIX}${name}`,
    override: ({ jsonSchema }) => openApiStyle(jsonSchema as JsonObject),
  });
  return Object.fromEntries(
    Object.entries(schemas).map(([name, schema]) => {
      const { $id: _id, $schema: _schema, ...rest } = schema as JsonObject;
      return [name, rest];
    }),
  );
}

/** One property of an object shape (a query parameter, say) as an OpenAPI schema, and whether it is required. */
export function openApiProperties(shape: z.ZodObject): { name: string; required: boolean; schema: Record<string, unknown> }[] {
  const root = z.toJSONSchema(shape, {
    target: 'openapi-3.0',
    io: 'input',
    override: ({ jsonSchema }) => openApiStyle(jsonSchema as JsonObject),
  }) as JsonObject;
  // A shape with an `id` comes back as a `$ref` to its definition: its properties are there.
  const json = typeof root.$ref === 'string' ? ((root.definitions ?? {}) as Record<string, JsonObject>)[root.$ref.split('/').pop() as string] ?? {} : root;
  const properties = (json.properties ?? {}) as Record<string, JsonObject>;
  const required = new Set((json.required ?? []) as string[]);
  return Object.entries(properties).map(([name, schema]) => ({ name, required: required.has(name), schema }));
}

type JsonObject = Record<string, unknown>;

/**
 * OpenAPI 3.0 spellings of what JSON Schema says otherwise: a nullable `$ref` as `allOf` + `nullable`
 * (siblings of `$ref` are ignored), a choice of disjoint types as `oneOf`, a single constant as `enum`.
 */
function openApiStyle(schema: JsonObject): void {
  const anyOf = schema.anyOf as JsonObject[] | undefined;
  if (anyOf) {
    const nonNull = anyOf.filter((part) => part.type !== 'null');
    if (nonNull.length < anyOf.length || schema.nullable === true) {
      schema.nullable = true;
      delete schema.anyOf;
      if (nonNull.length === 1) schema.allOf = nonNull;
      else schema.oneOf = nonNull;
    } else {
      delete schema.anyOf;
      schema.oneOf = anyOf;
    }
  }
  // z.int()'s implicit safe-integer bounds say nothing a reader needs.
  if (schema.maximum === Number.MAX_SAFE_INTEGER) delete schema.maximum;
  if (schema.minimum === Number.MIN_SAFE_INTEGER) delete schema.minimum;
  if ('const' in schema) {
    schema.enum = [schema.const];
    delete schema.const;
  }
}
