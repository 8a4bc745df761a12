import { STATUS_CODES } from 'node:http';
import { PATH_METADATA } from '@nestjs/common/constants.js';
import { MetadataScanner, ModulesContainer, Reflector } from '@nestjs/core';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { ERRORS, ErrorResponse, openApiSchemas } from '@food-link/contracts';
import { DocumentBuilder, SwaggerModule, type OpenAPIObject } from '@nestjs/swagger';
import { IDEMPOTENCY_RETENTION_HOURS, NO_REPLAY, PUBLIC_KEY } from '../common/route-metadata';
import { shapeRef } from './shapes';

/** Swagger UI; the document itself is served at `${DOCS_PATH}-json`. Neither needs a session. */
export const DOCS_PATH = '/api/docs';
export const DOCS_JSON_PATH = `${DOCS_PATH}-json`;

/** The security scheme every non-public operation names (`@ApiBearerAuth()`'s default name). */
export const SESSION_SCHEME = 'bearer';

/**
 * Serves the OpenAPI document built from the controllers and the contracts' shapes at /api/docs-json, and Swagger UI at
 * /api/docs. Both are plain Fastify routes, outside Nest's guards, so they are public. The document is
 * built on first request, after every module has registered its routes.
 *
 * To document a call: `@ApiTags` on the controller; on the handler `@ApiOperation({ summary })`, the
 * success response (`@ApiOkResponse({ schema: shapeRef(Shape) })`, or `shapeList` for an array, with a
 * shape of libs/contracts), `@ApiIdParam` for each numeric path id, and `@ApiErrors(...)` (api-errors.ts)
 * listing every error status it can answer. Bodies are read with `@ValidBody(Shape)` and query strings
 * with `@ValidQuery(Shape)` (shapes.ts), which document them too. Every named shape of the contracts is
 * added to `components.schemas` here. Security is derived here from `@Public()`, so it cannot disagree
 * with AuthGuard.
 */
export function setupOpenApi(app: NestFastifyApplication): void {
  const config = new DocumentBuilder()
    .setTitle('Food Link API')
    .setDescription(
      'Surplus food from Egyptian donors to charities. Every call of the product specification, with who may ' +
        'make it and each status it can answer; errors share one body, `{ statusCode, error, message }`. ' +
        'Sign in with `POST /api/login`, then send the token as `Authorization: Bearer <token>` (the bare token ' +
        'is accepted too).',
    )
    .setVersion('1.0')
    .addBearerAuth(
      { type: 'http', scheme: 'bearer', bearerFormat: 'JWT', description: 'The `token` from POST /api/login' },
      SESSION_SCHEME,
    )
    .build();

  SwaggerModule.setup(DOCS_PATH, app, () => withShapes(withSessionSecurity(app, SwaggerModule.createDocument(app, config))), {
    jsonDocumentUrl: DOCS_JSON_PATH,
    raw: ['json'],
    customSiteTitle: 'Food Link API',
    swaggerOptions: {
      // The default validator badge loads an image from validator.swagger.io, which CSP (rightly) refuses.
      validatorUrl: null,
      persistAuthorization: false,
      displayRequestDuration: true,
    },
  });
}

/** Adds the contracts' named shapes, which the operations `$ref`, to `components.schemas`. */
function withShapes(document: OpenAPIObject): OpenAPIObject {
  document.components = {
    ...document.components,
    schemas: { ...document.components?.schemas, ...(openApiSchemas() as NonNullable<NonNullable<OpenAPIObject['components']>['schemas']>) },
  };
  return document;
}

/**
 * Gives each operation the session requirement exactly when its handler (or controller) is not
 * `@Public()`, the rule AuthGuard applies. Operations are matched to handlers by Swagger's default
 * operation id, `<Controller>_<method>`; one that matches no handler is a bug worth failing loudly on.
 */
function withSessionSecurity(app: NestFastifyApplication, document: OpenAPIObject): OpenAPIObject {
  const reflector = app.get(Reflector);
  const scanner = new MetadataScanner();
  const isPublicByOperationId = new Map<string, boolean>();
  const replaysByOperationId = new Map<string, boolean>();
  for (const module of app.get(ModulesContainer).values()) {
    for (const { metatype, instance } of module.controllers.values()) {
      if (!metatype || !instance) continue;
      const prototype = Object.getPrototypeOf(instance) as Record<string, (...args: unknown[]) => unknown>;
      for (const name of scanner.getAllMethodNames(prototype)) {
        const handler = prototype[name];
        if (Reflect.getMetadata(PATH_METADATA, handler) === undefined) continue;
        const isPublic = reflector.getAllAndOverride<boolean | undefined>(PUBLIC_KEY, [handler, metatype]) === true;
        isPublicByOperationId.set(`${metatype.name}_${name}`, isPublic);
        replaysByOperationId.set(`${metatype.name}_${name}`, !isPublic && Reflect.getMetadata(NO_REPLAY, handler) !== true);
      }
    }
  }
  for (const [path, item] of Object.entries(document.paths)) {
    for (const method of ['get', 'put', 'post', 'delete', 'patch', 'options', 'head'] as const) {
      const operation = item[method];
      if (!operation) continue;
      const isPublic = operation.operationId ? isPublicByOperationId.get(operation.operationId) : undefined;
      if (isPublic === undefined) throw new Error(`OpenAPI: no handler found for ${method.toUpperCase()} ${path}`);
      if (isPublic) delete operation.security;
      else operation.security = [{ [SESSION_SCHEME]: [] }];
      if (method !== 'get' && replaysByOperationId.get(operation.operationId ?? '')) withIdempotencyKey(operation);
    }
  }
  return document;
}

type Operation = NonNullable<OpenAPIObject['paths'][string]['post']>;

/** A signed-in write takes an `Idempotency-Key` (idempotency.interceptor.ts), with its two extra answers. */
function withIdempotencyKey(operation: Operation): void {
  operation.parameters = [
    ...(operation.parameters ?? []),
    {
      name: 'Idempotency-Key',
      in: 'header',
      required: false,
      description:
        `Makes retries safe: the same key with the same body is answered with the first answer (marked \`Idempotent-Replayed: true\`) ` +
        `for ${IDEMPOTENCY_RETENTION_HOURS} hours, without running the call again. 1 to 255 visible ASCII characters; one per user action.`,
      schema: { type: 'string', minLength: 1, maxLength: 255, example: '3b1f6c3e-8a51-4c34-9d7e-2f8c1b7a9e10' },
    },
  ];
  const error = (status: number, description: string, message: string) => ({
    description,
    content: { 'application/json': { schema: shapeRef(ErrorResponse), example: { statusCode: status, error: STATUS_CODES[status], message } } },
  });
  const conflict = operation.responses['409'] as { description?: string } | undefined;
  operation.responses['409'] = conflict
    ? { ...conflict, description: `${conflict.description ?? ''}; or an earlier try with the same Idempotency-Key is still running (see Retry-After)` }
    : { ...error(409, 'An earlier try with the same Idempotency-Key is still running (see Retry-After)', ERRORS.idempotencyKeyInProgress), headers: { 'Retry-After': { description: 'Seconds to wait', schema: { type: 'integer', minimum: 1 } } } };
  operation.responses['422'] = error(422, 'The Idempotency-Key was used for a different call or body', ERRORS.idempotencyKeyReused);
}
