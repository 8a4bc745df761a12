import { RequestMethod } from '@nestjs/common';
import { METHOD_METADATA, PATH_METADATA, ROUTE_ARGS_METADATA } from '@nestjs/common/constants.js';
import { RouteParamtypes } from '@nestjs/common/enums/route-paramtypes.enum.js';
import { MetadataScanner, ModulesContainer } from '@nestjs/core';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { API_ROUTES, apiPath, IMPACT_ROUTES, LIMITS, type ApiRouteName } from '@food-link/contracts';
import { addFood, cairoDateIn, createCharity, createDonor, PASSWORD, requestPickup, type TestUser } from './support/factories';
import type { HttpResult } from './support/http-client';
import { startTestApp, type TestApp } from './support/test-app';

/**
 * The OpenAPI document must describe the API as it really is: every endpoint the router has (the list is
 * read from the running app, so a new route without its row in CALLS or MORE_CALLS, or without its
 * documented shapes, fails here), bearer security exactly on the calls that need a session (and those
 * answer 401 without one), request bodies whose documented
 * constraints are the ones the API enforces (probed at each bound), error statuses as docs/API.md lists
 * them, and success and error schemas that real answers match field for field (no missing and no
 * undocumented fields).
 */

type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';
type Status = 400 | 401 | 403 | 404 | 409 | 410 | 413 | 422 | 429 | 503;

interface CallDoc {
  method: Method;
  public: boolean;
  success: 200 | 201 | 202 | 204;
  /** A signed-in write that takes no Idempotency-Key (its answer is a cookie, or nothing). */
  noReplay?: true;
  /** Request headers it documents besides the Idempotency-Key. */
  headers?: string[];
  /** Error statuses whose body is another shape than ErrorResponse (the health report's 503). */
  errorShapes?: Partial<Record<Status, string>>;
  /** The error statuses of docs/API.md (400 for each invalid path id or body, 503 whenever a dependency is down). */
  errors: Status[];
  /** Its 429 is a refusal that waiting does not lift (no `Retry-After`): the locked pickup code. */
  lastingTooMany?: true;
  /**
   * The fields the body requires, and how to send one: a valid body, who sends it, and the path (ids
   * filled). Probes change one field at a time.
   */
  body?: { required: string[]; valid: () => Record<string, unknown>; as?: 'donor' | 'charity'; path?: () => string };
}

let probeSequence = 0;
const REGISTER_BODY = {
  required: ['name', 'email', 'password'],
  valid: () => ({ name: 'Probe', email: `probe-${process.pid}-${++probeSequence}@example.eg`, password: PASSWORD }),
};
/** Filled in beforeAll: a pending request of the probing donor's item, claimed by the probing charity. */
const probeIds = { requestId: 0 };

// Typed by ApiRouteName, so a call added to API_ROUTES cannot go unlisted here.
const CALLS: Record<ApiRouteName, CallDoc> = {
  registerDonor: { method: 'post', public: true, success: 201, errors: [400, 409, 429, 503], body: REGISTER_BODY, headers: ['accept-language'] },
  registerCharity: { method: 'post', public: true, success: 201, errors: [400, 409, 429, 503], body: REGISTER_BODY, headers: ['accept-language'] },
  login: {
    method: 'post',
    public: true,
    success: 200,
    errors: [400, 401, 429, 503],
    body: { required: ['email', 'password'], valid: () => ({ email: 'nobody@example.eg', password: PASSWORD }) },
  },
  me: { method: 'get', public: false, success: 200, errors: [401, 503] },
  charityIdByName: { method: 'get', public: true, success: 200, errors: [404, 503] },
  addFood: {
    method: 'post',
    public: false,
    success: 201,
    // 409 and 422: an Idempotency-Key still in use, or reused for another body.
    errors: [400, 401, 403, 409, 422, 503],
    body: {
      required: ['food_name', 'quantity', 'description', 'expiration_date'],
      valid: () => ({ food_name: 'Ful', quantity: 3, description: 'Pots', expiration_date: cairoDateIn(1) }),
      as: 'donor',
    },
  },
  donorFood: { method: 'get', public: false, success: 200, errors: [400, 401, 403, 503] },
  charityInfoForFood: { method: 'get', public: false, success: 200, errors: [400, 401, 403, 404, 503] },
  requestIdForFood: { method: 'get', public: false, success: 200, errors: [400, 401, 403, 404, 503] },
  requestStatus: { method: 'get', public: false, success: 200, errors: [400, 401, 403, 404, 503] },
  fulfilRequest: {
    method: 'put',
    public: false,
    success: 200,
    errors: [400, 401, 403, 404, 409, 422, 429, 503],
    lastingTooMany: true,
    body: {
      required: ['status'],
      valid: () => ({ status: 'fulfilled' }),
      as: 'donor',
      path: () => apiPath(API_ROUTES.fulfilRequest, { requestId: probeIds.requestId }),
    },
  },
  available: { method: 'get', public: true, success: 200, errors: [400, 503] },
  food: { method: 'get', public: true, success: 200, errors: [400, 404, 503] },
  requestPickup: {
    method: 'post',
    public: false,
    success: 201,
    errors: [400, 401, 403, 404, 409, 422, 429, 503],
    body: { required: ['food_id'], valid: () => ({ food_id: 2_147_483_647 }), as: 'charity' },
  },
  charityRequests: { method: 'get', public: false, success: 200, errors: [400, 401, 403, 503] },
  foodDonorId: { method: 'get', public: false, success: 200, errors: [400, 401, 404, 503] },
  donorInfo: { method: 'get', public: false, success: 200, errors: [400, 401, 403, 404, 503] },
  cancelRequest: {
    method: 'put',
    public: false,
    success: 200,
    errors: [400, 401, 403, 404, 409, 422, 503],
    body: {
      required: ['status'],
      valid: () => ({ status: 'cancelled' }),
      as: 'charity',
      path: () => apiPath(API_ROUTES.cancelRequest, { requestId: probeIds.requestId }),
    },
  },
  totalMeals: { method: 'get', public: true, success: 200, errors: [503] },
  totalCharities: { method: 'get', public: true, success: 200, errors: [503] },
};

/**
 * Every other endpoint of the router, by method and path as the document writes them: who may call it, its
 * success status and its error statuses. A route the router gains fails the coverage test until it is here.
 */
const MORE_CALLS: Record<string, CallDoc> = {
  'GET /api/health': { method: 'get', public: true, success: 200, errors: [503], errorShapes: { 503: 'HealthReport' } },
  'GET /api/health/live': { method: 'get', public: true, success: 200, errors: [] },
  'GET /api/org': { method: 'get', public: false, success: 200, errors: [401, 403, 503] },
  'POST /api/org/invitations': { method: 'post', public: false, success: 201, errors: [400, 401, 403, 409, 422, 503] },
  'GET /api/org/invitations': { method: 'get', public: false, success: 200, errors: [401, 403, 503] },
  'DELETE /api/org/invitations/{id}': { method: 'delete', public: false, success: 204, errors: [400, 401, 403, 404, 409, 422, 503] },
  'GET /api/org/invitations/preview': { method: 'get', public: true, success: 200, errors: [400, 410, 503] },
  'POST /api/org/invitations/accept': { method: 'post', public: true, success: 200, errors: [400, 403, 409, 410, 503] },
  'PATCH /api/org/members/{userId}': { method: 'patch', public: false, success: 200, errors: [400, 401, 403, 404, 409, 422, 503] },
  'DELETE /api/org/members/{userId}': { method: 'delete', public: false, success: 204, errors: [400, 401, 403, 404, 409, 422, 503] },
  'GET /api/org/activity': { method: 'get', public: false, success: 200, errors: [400, 401, 403, 503] },
  'PUT /api/requests/{id}/assignee': { method: 'put', public: false, success: 200, errors: [400, 401, 403, 404, 409, 422, 503] },
  'DELETE /api/requests/{id}/assignee': { method: 'delete', public: false, success: 200, errors: [400, 401, 403, 404, 409, 422, 503] },
  'GET /api/org/my-pickups': { method: 'get', public: false, success: 200, errors: [401, 403, 503] },
  // Transport (issue 28).
  'GET /api/volunteer/profile': { method: 'get', public: false, success: 200, errors: [401, 403, 503] },
  'PUT /api/volunteer/profile': { method: 'put', public: false, success: 200, errors: [400, 401, 403, 409, 422, 503] },
  'POST /api/requests/{id}/transport': { method: 'post', public: false, success: 201, errors: [400, 401, 403, 404, 409, 422, 503] },
  'GET /api/volunteer/offers': { method: 'get', public: false, success: 200, errors: [401, 403, 503] },
  'POST /api/transport/{id}/accept': { method: 'post', public: false, success: 200, errors: [400, 401, 403, 404, 409, 422, 503] },
  'POST /api/transport/{id}/decline': { method: 'post', public: false, success: 200, errors: [400, 401, 403, 404, 409, 422, 503] },
  'POST /api/requests/{id}/on-the-way': { method: 'post', public: false, success: 200, errors: [400, 401, 403, 404, 409, 422, 503] },
  'POST /api/requests/{id}/delivered': { method: 'post', public: false, success: 200, errors: [400, 401, 403, 404, 409, 422, 503] },
  'GET /api/requests/{id}/trip': { method: 'get', public: false, success: 200, errors: [400, 401, 403, 404, 503] },
  'GET /api/volunteer/trips': { method: 'get', public: false, success: 200, errors: [400, 401, 403, 503] },
  'PUT /api/volunteer/trips/{date}/order': { method: 'put', public: false, success: 200, errors: [400, 401, 403, 409, 422, 503] },
  'POST /api/auth/forgot-password': { method: 'post', public: true, success: 202, errors: [400] },
  'POST /api/auth/reset-password': { method: 'post', public: true, success: 200, errors: [400, 409, 503] },
  'GET /api/account/export': { method: 'get', public: false, success: 200, errors: [401, 503] },
  'POST /api/account/delete': { method: 'post', public: false, success: 200, errors: [400, 401, 403, 409, 422, 429, 503] },
  'GET /api/ops/users/{userId}/export': { method: 'get', public: false, success: 200, errors: [400, 401, 403, 404, 503] },
  'DELETE /api/ops/users/{userId}': { method: 'delete', public: false, success: 204, errors: [400, 401, 403, 404, 409, 422, 503] },
  'PATCH /api/food/{id}': { method: 'patch', public: false, success: 200, errors: [400, 401, 403, 404, 409, 422, 503] },
  'DELETE /api/food/{id}': { method: 'delete', public: false, success: 200, errors: [400, 401, 403, 404, 409, 422, 503] },
  'GET /api/ops/heat-overrides': { method: 'get', public: false, success: 200, errors: [401, 403, 503] },
  'PUT /api/ops/heat-overrides': { method: 'put', public: false, success: 200, errors: [400, 401, 403, 409, 422, 503] },
  'DELETE /api/ops/heat-overrides': { method: 'delete', public: false, success: 200, errors: [400, 401, 403, 404, 409, 422, 503] },
  'GET /api/donor/partners': { method: 'get', public: false, success: 200, errors: [401, 403, 503] },
  'PUT /api/donor/partners': { method: 'put', public: false, success: 200, errors: [400, 401, 403, 409, 422, 503] },
  'GET /api/charities': { method: 'get', public: false, success: 200, errors: [400, 401, 403, 503] },
  'POST /api/food/{id}/photos': { method: 'post', public: false, success: 201, errors: [400, 401, 403, 404, 409, 413, 422, 503] },
  'DELETE /api/food/{id}/photos/{index}': { method: 'delete', public: false, success: 200, errors: [400, 401, 403, 404, 409, 422, 503] },
  'GET /api/photos/{name}': { method: 'get', public: true, success: 200, errors: [404, 503] },
  'GET /api/push/public-key': { method: 'get', public: true, success: 200, errors: [] },
  'GET /api/map/config': { method: 'get', public: true, success: 200, errors: [] },
  'POST /api/push/subscriptions': { method: 'post', public: false, success: 201, errors: [400, 401, 409, 422, 503] },
  'DELETE /api/push/subscriptions': { method: 'delete', public: false, success: 200, errors: [400, 401, 404, 409, 422, 503] },
  'GET /api/requests/{requestId}/pickup': { method: 'get', public: false, success: 200, errors: [400, 401, 403, 404, 503] },
  'POST /api/requests/{requestId}/received': { method: 'post', public: false, success: 201, errors: [400, 401, 403, 404, 409, 422, 503] },
  'POST /api/requests/{requestId}/no-show': { method: 'post', public: false, success: 201, errors: [400, 401, 403, 404, 409, 422, 503] },
  'POST /api/ops/requests/{requestId}/overturn-no-show': { method: 'post', public: false, success: 200, errors: [400, 401, 403, 404, 409, 422, 503] },
  'GET /api/charities/{userId}/reliability': { method: 'get', public: false, success: 200, errors: [400, 401, 403, 404, 503] },
  'GET /api/impact/totals': { method: 'get', public: true, success: 200, errors: [503] },
  'GET /api/impact/donor': { method: 'get', public: false, success: 200, errors: [400, 401, 403, 503] },
  'GET /api/impact/charity': { method: 'get', public: false, success: 200, errors: [401, 403, 503] },
  'GET /api/impact/public': { method: 'get', public: true, success: 200, errors: [503] },
  'GET /api/impact/donor/report': { method: 'get', public: false, success: 200, errors: [400, 401, 403, 503] },
  'GET /api/impact/charity/report': { method: 'get', public: false, success: 200, errors: [400, 401, 403, 503] },
  'GET /api/ops/mail': { method: 'get', public: false, success: 200, errors: [401, 403] },
  'GET /api/ops/mail/{file}': { method: 'get', public: false, success: 200, errors: [401, 403, 404] },
  'GET /api/ops/snapshot': { method: 'get', public: false, success: 200, errors: [401, 403] },
  'GET /api/ops/overview': { method: 'get', public: false, success: 200, errors: [401, 403, 503] },
  'GET /api/ops/events': { method: 'get', public: false, success: 200, errors: [400, 401, 403, 503] },
  'GET /api/ops/queues/{queue}/failed': { method: 'get', public: false, success: 200, errors: [401, 403, 404, 503] },
  'POST /api/ops/queues/{queue}/failed/retry': { method: 'post', public: false, success: 200, errors: [401, 403, 404, 409, 422, 503] },
  'POST /api/ops/queues/{queue}/jobs/{jobId}/retry': { method: 'post', public: false, success: 200, errors: [401, 403, 404, 409, 422, 503] },
  'DELETE /api/ops/queues/{queue}/jobs/{jobId}': { method: 'delete', public: false, success: 200, errors: [401, 403, 404, 409, 422, 503] },
  'POST /api/ops/board-session': { method: 'post', public: false, success: 204, errors: [401, 403], noReplay: true },
  'GET /api/notifications': { method: 'get', public: false, success: 200, errors: [401, 503] },
  'POST /api/notifications/read': { method: 'post', public: false, success: 200, errors: [400, 401, 409, 422, 503] },
  'GET /api/notifications/preferences': { method: 'get', public: false, success: 200, errors: [401, 503] },
  'PUT /api/notifications/preferences': { method: 'put', public: false, success: 200, errors: [400, 401, 409, 422, 503] },
  'GET /api/charity/profile': { method: 'get', public: false, success: 200, errors: [401, 403, 503] },
  'PUT /api/charity/profile': { method: 'put', public: false, success: 200, errors: [400, 401, 403, 409, 422, 503], headers: ['accept-language'] },
  'GET /api/ops/notifications/failed': { method: 'get', public: false, success: 200, errors: [401, 403, 503] },
  'GET /api/charity/verification': { method: 'get', public: false, success: 200, errors: [401, 403, 503] },
  'POST /api/charity/verification': { method: 'post', public: false, success: 200, errors: [400, 401, 403, 409, 413, 422, 429, 503] },
  'GET /api/charity/verification/document': { method: 'get', public: false, success: 200, errors: [401, 403, 404, 503] },
  'GET /api/ops/verifications': { method: 'get', public: false, success: 200, errors: [400, 401, 403, 503] },
  'POST /api/ops/verifications/{userId}': { method: 'post', public: false, success: 200, errors: [400, 401, 403, 404, 409, 422, 503] },
  'GET /api/ops/verifications/{userId}/document': { method: 'get', public: false, success: 200, errors: [401, 403, 404, 503] },
  'GET /api/ops/verifications/{userId}/audit': { method: 'get', public: false, success: 200, errors: [401, 403, 404, 503] },
  'POST /api/ops/food/{id}/hide': { method: 'post', public: false, success: 200, errors: [400, 401, 403, 404, 409, 422, 503] },
  'POST /api/ops/food/{id}/unhide': { method: 'post', public: false, success: 200, errors: [401, 403, 404, 409, 422, 503] },
  'POST /api/ops/users/{id}/suspend': { method: 'post', public: false, success: 200, errors: [400, 401, 403, 404, 409, 422, 503] },
  'POST /api/ops/users/{id}/reinstate': { method: 'post', public: false, success: 200, errors: [401, 403, 404, 409, 422, 503] },
  'GET /api/ops/users': { method: 'get', public: false, success: 200, errors: [400, 401, 403, 404, 503] },
  'GET /api/ops/moderation/audit': { method: 'get', public: false, success: 200, errors: [401, 403, 503] },
  'GET /api/ops/search': { method: 'get', public: false, success: 200, errors: [400, 401, 403, 503] },
  'GET /api/donor/settings': { method: 'get', public: false, success: 200, errors: [401, 403, 503] },
  'PUT /api/donor/settings': { method: 'put', public: false, success: 200, errors: [400, 401, 403, 409, 422, 503] },
  'GET /api/pickup-points': { method: 'get', public: false, success: 200, errors: [401, 403, 503] },
  'POST /api/pickup-points': { method: 'post', public: false, success: 201, errors: [400, 401, 403, 409, 422, 503] },
  'PATCH /api/pickup-points/{id}': { method: 'patch', public: false, success: 200, errors: [400, 401, 403, 404, 409, 422, 503] },
  'DELETE /api/pickup-points/{id}': { method: 'delete', public: false, success: 200, errors: [400, 401, 403, 404, 409, 422, 503] },
  'GET /api/me/phone': { method: 'get', public: false, success: 200, errors: [401, 503] },
  'POST /api/me/phone': { method: 'post', public: false, success: 201, errors: [400, 401, 409, 422, 429, 503] },
  'DELETE /api/me/phone': { method: 'delete', public: false, success: 200, errors: [401, 409, 422, 503] },
  'POST /api/me/phone/verify': { method: 'post', public: false, success: 200, errors: [400, 401, 409, 422, 503] },
  'PUT /api/me/phone/settings': { method: 'put', public: false, success: 200, errors: [400, 401, 409, 422, 503] },
  'GET /api/ops/messages': { method: 'get', public: false, success: 200, errors: [400, 401, 403, 503] },
  'GET /api/webhooks/whatsapp': { method: 'get', public: true, success: 200, errors: [400, 403] },
  'POST /api/webhooks/whatsapp': { method: 'post', public: true, success: 200, errors: [403, 503] },
  'POST /api/webhooks/sms': { method: 'post', public: true, success: 200, errors: [403, 503] },
  'GET /api/schedules': { method: 'get', public: false, success: 200, errors: [401, 403, 503] },
  'POST /api/schedules': { method: 'post', public: false, success: 201, errors: [400, 401, 403, 409, 422, 503] },
  'GET /api/schedules/{id}': { method: 'get', public: false, success: 200, errors: [400, 401, 403, 404, 503] },
  'PATCH /api/schedules/{id}': { method: 'patch', public: false, success: 200, errors: [400, 401, 403, 404, 409, 422, 503] },
  'DELETE /api/schedules/{id}': { method: 'delete', public: false, success: 200, errors: [400, 401, 403, 404, 409, 422, 503] },
  'GET /api/schedules/{id}/occurrences': { method: 'get', public: false, success: 200, errors: [400, 401, 403, 404, 503] },
  'PATCH /api/schedules/{id}/occurrences/{date}': { method: 'patch', public: false, success: 200, errors: [400, 401, 403, 404, 409, 422, 503] },
  'POST /api/schedules/{id}/occurrences/{date}/confirm': { method: 'post', public: false, success: 201, errors: [400, 401, 403, 404, 409, 422, 429, 503] },
  'POST /api/schedules/{id}/occurrences/{date}/decline': { method: 'post', public: false, success: 201, errors: [400, 401, 403, 404, 409, 422, 503] },
  'POST /api/schedules/{id}/occurrences/{date}/skip': { method: 'post', public: false, success: 201, errors: [400, 401, 403, 404, 409, 422, 503] },
  'GET /api/charity/standing': { method: 'get', public: false, success: 200, errors: [401, 403, 503] },
  'GET /api/ops/hijri-shifts': { method: 'get', public: false, success: 200, errors: [401, 403, 503] },
  'PUT /api/ops/hijri-shifts': { method: 'put', public: false, success: 200, errors: [400, 401, 403, 409, 422, 503] },
  'DELETE /api/charity/standing/{id}': { method: 'delete', public: false, success: 200, errors: [400, 401, 403, 404, 409, 422, 503] },
};

/** Endpoints of the router the document leaves out on purpose, and why. */
const NOT_DOCUMENTED: Record<string, string> = {
  'GET /metrics': 'Prometheus text for scrapers, not a call of the API (docs/OPERATIONS.md); @ApiExcludeEndpoint',
};

const ROUTE_NAMES = Object.keys(API_ROUTES) as ApiRouteName[];
const BODY_CALLS = ROUTE_NAMES.filter((name) => CALLS[name].body);

/** `/api/food/:id` → `/api/food/{id}` */
const openApiPath = (route: string) => route.replace(/:([A-Za-z]+)/g, '{$1}');

/** `GET /api/food/{id}`: an endpoint as the tables and the coverage test name it. */
const endpointKey = (method: string, path: string) => `${method.toUpperCase()} ${path}`;

/** Every row of the tables: the call table's by its path, then the others. */
const ROWS: [string, CallDoc][] = [
  ...ROUTE_NAMES.map((name): [string, CallDoc] => [endpointKey(CALLS[name].method, openApiPath(API_ROUTES[name])), CALLS[name]]),
  ...Object.entries(MORE_CALLS),
];

interface RouterEndpoint {
  key: string;
  method: Method;
  /** As Fastify routes it (`:id`). */
  route: string;
  /** The handler's parameters read the body, the query string. */
  readsBody: boolean;
  readsQuery: boolean;
}

/**
 * The endpoints of the running app, read from the router: every controller handler Nest registered, by
 * its method and path, each confirmed to be a route of the HTTP adapter (Fastify).
 */
function routerEndpoints(app: NestFastifyApplication): RouterEndpoint[] {
  const scanner = new MetadataScanner();
  const fastify = app.getHttpAdapter().getInstance();
  const endpoints: RouterEndpoint[] = [];
  for (const module of app.get(ModulesContainer).values()) {
    for (const { metatype, instance } of module.controllers.values()) {
      if (!metatype || !instance) continue;
      const prefixes = [Reflect.getMetadata(PATH_METADATA, metatype) ?? ''].flat() as string[];
      const prototype = Object.getPrototypeOf(instance) as Record<string, (...args: unknown[]) => unknown>;
      for (const name of scanner.getAllMethodNames(prototype)) {
        const handler = prototype[name];
        const paths = Reflect.getMetadata(PATH_METADATA, handler) as string | string[] | undefined;
        if (paths === undefined) continue;
        const method = RequestMethod[Reflect.getMetadata(METHOD_METADATA, handler) as RequestMethod].toLowerCase() as Method;
        const args = Object.keys((Reflect.getMetadata(ROUTE_ARGS_METADATA, metatype, name) ?? {}) as Record<string, unknown>);
        const reads = (type: RouteParamtypes) => args.some((arg) => arg.split(':')[0] === String(type));
        for (const prefix of prefixes) {
          for (const path of [paths].flat()) {
            const route = `/${[prefix, path].map((part) => part.replace(/^\/+|\/+$/g, '')).filter(Boolean).join('/')}`;
            if (!fastify.hasRoute({ method: method.toUpperCase(), url: route })) throw new Error(`${method} ${route} is not a route of Fastify`);
            endpoints.push({ key: endpointKey(method, openApiPath(route)), method, route, readsBody: reads(RouteParamtypes.BODY), readsQuery: reads(RouteParamtypes.QUERY) });
          }
        }
      }
    }
  }
  return endpoints;
}

interface Schema {
  $ref?: string;
  type?: string;
  format?: string;
  pattern?: string;
  enum?: unknown[];
  nullable?: boolean;
  allOf?: Schema[];
  oneOf?: Schema[];
  items?: Schema;
  minItems?: number;
  maxItems?: number;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  properties?: Record<string, Schema>;
  required?: string[];
}
interface Operation {
  operationId: string;
  summary?: string;
  tags?: string[];
  security?: Record<string, string[]>[];
  parameters?: { name: string; in: string; required?: boolean; schema?: Schema }[];
  requestBody?: { required?: boolean; content: Record<string, { schema: Schema }> };
  responses: Record<string, { description: string; headers?: Record<string, unknown>; content?: Record<string, { schema: Schema }> }>;
}
interface Document {
  openapi: string;
  info: { title: string; version: string };
  security?: unknown;
  paths: Record<string, Partial<Record<Method | 'delete' | 'patch', Operation>>>;
  components: { schemas: Record<string, Schema>; securitySchemes: Record<string, Record<string, string>> };
}

describe('OpenAPI documentation (/api/docs, /api/docs-json)', () => {
  let t: TestApp;
  let doc: Document;

  /** The documented operation of a call of the table, or of an endpoint by its key (`GET /api/food/{id}`). */
  const operation = (nameOrKey: ApiRouteName | string): Operation => {
    const key = nameOrKey in CALLS ? endpointKey(CALLS[nameOrKey as ApiRouteName].method, openApiPath(API_ROUTES[nameOrKey as ApiRouteName])) : nameOrKey;
    const [method, path] = key.split(' ') as [Method, string];
    const found = doc.paths[path]?.[method.toLowerCase() as Method];
    if (!found) throw new Error(`${key} is not documented`);
    return found;
  };
  const resolve = (schema: Schema): Schema => {
    if (!schema.$ref) return schema;
    const target = doc.components.schemas[schema.$ref.replace('#/components/schemas/', '')];
    if (!target) throw new Error(`Unresolvable ${schema.$ref}`);
    return target;
  };

  /** Every way `value` departs from `schema`: wrong type, missing or undocumented field, value out of its enum. */
  const problems = (value: unknown, schema: Schema, at: string): string[] => {
    schema = resolve(schema);
    if (value === null) return schema.nullable ? [] : [`${at} is null`];
    if (schema.allOf) return schema.allOf.flatMap((part) => problems(value, part, at));
    if (schema.oneOf) {
      const matching = schema.oneOf.filter((part) => problems(value, part, at).length === 0).length;
      return matching === 1 ? [] : [`${at} matches ${matching} of its oneOf schemas`];
    }
    if (schema.enum && !schema.enum.includes(value)) return [`${at} = ${JSON.stringify(value)} is not one of ${schema.enum.join(', ')}`];
    switch (schema.type) {
      case 'integer':
        return Number.isInteger(value) ? [] : [`${at} is not an integer`];
      case 'number':
      case 'boolean':
        return typeof value === schema.type ? [] : [`${at} is not a ${schema.type}`];
      case 'string':
        if (typeof value !== 'string') return [`${at} is not a string`];
        return schema.pattern && !new RegExp(schema.pattern).test(value) ? [`${at} does not match ${schema.pattern}`] : [];
      case 'array':
        if (!Array.isArray(value)) return [`${at} is not an array`];
        if (value.length < (schema.minItems ?? 0) || value.length > (schema.maxItems ?? Infinity)) {
          return [`${at} has ${value.length} items`];
        }
        return value.flatMap((item, index) => problems(item, schema.items as Schema, `${at}[${index}]`));
      default: {
        if (typeof value !== 'object' || Array.isArray(value)) return [`${at} is not an object`];
        const properties = schema.properties ?? {};
        const record = value as Record<string, unknown>;
        return [
          ...(schema.required ?? []).filter((key) => !(key in record)).map((key) => `${at}.${key} is missing`),
          ...Object.keys(record).filter((key) => !(key in properties)).map((key) => `${at}.${key} is not documented`),
          ...Object.entries(record)
            .filter(([key]) => key in properties)
            .flatMap(([key, item]) => problems(item, properties[key], `${at}.${key}`)),
        ];
      }
    }
  };

  const jsonSchemaOf = (name: ApiRouteName | string, status: number): Schema => {
    const response = operation(name).responses[String(status)];
    if (!response) throw new Error(`${name} does not document ${status}`);
    const schema = response.content?.['application/json']?.schema;
    if (!schema) throw new Error(`${name} ${status} has no JSON schema`);
    return schema;
  };

  const exercised = new Set<ApiRouteName>();
  /** A real answer of `name`: its status must be documented, and its body must match that status's schema exactly. */
  const expectDocumented = (name: ApiRouteName, response: HttpResult, expectedStatus?: number) => {
    expect({ name, status: response.status }).toEqual({ name, status: expectedStatus ?? CALLS[name].success });
    expect(problems(response.body, jsonSchemaOf(name, response.status), `${name} ${response.status}`)).toEqual([]);
    if (response.status < 300) exercised.add(name);
  };

  let probers: Record<'donor' | 'charity', TestUser>;
  let router: RouterEndpoint[];

  beforeAll(async () => {
    t = await startTestApp({ LOGIN_MAX_FAILS_PER_PAIR: '2', LOGIN_MAX_DELAY_MS: '0' });
    const response = await t.http.get('/api/docs-json');
    if (response.status !== 200) throw new Error(`GET /api/docs-json answered ${response.status}`);
    doc = response.body;
    router = routerEndpoints(t.app);
    probers = { donor: await createDonor(t.http), charity: await createCharity(t.http) };
    probeIds.requestId = await requestPickup(t.http, probers.charity, (await addFood(t.http, probers.donor)).id);
  });

  /**
   * Sends `body` to the call and tells whether the API refused it naming `field` (a 400 with a line
   * starting with the field's name).
   */
  const namesField = async (name: ApiRouteName, body: Record<string, unknown>, field: string) => {
    const call = CALLS[name];
    const spec = call.body as NonNullable<CallDoc['body']>;
    const response = await t.http.request(call.method.toUpperCase(), spec.path?.() ?? API_ROUTES[name], {
      body,
      token: spec.as ? probers[spec.as].token : undefined,
    });
    expect(response.status).toBeLessThan(500);
    return response.status === 400 && [response.body.message].flat().some((line: string) => line.startsWith(`${field} `));
  };

  /**
   * Values just outside each documented bound of `schema` (which the API must refuse naming the field),
   * and values on the bound (which it must accept for that field).
   */
  const probesOf = (schema: Schema): { outside: unknown[]; inside: unknown[] } => {
    const outside: unknown[] = [undefined];
    const inside: unknown[] = [];
    if (schema.enum) {
      outside.push(`not ${String(schema.enum[0])}`);
      inside.push(...schema.enum);
    }
    if (schema.type === 'integer') {
      outside.push(1.5, '1');
      if (schema.minimum !== undefined) {
        outside.push(schema.minimum - 1);
        inside.push(schema.minimum);
      }
      if (schema.maximum !== undefined) {
        outside.push(schema.maximum + 1);
        inside.push(schema.maximum);
      }
    }
    if (schema.type === 'string') {
      outside.push(7);
      if (schema.format === 'date') {
        outside.push('2026-02-30', cairoDateIn(-1));
        inside.push(cairoDateIn(0));
      }
      const text = (length: number) => (schema.format === 'email' ? `${'x'.repeat(length - 11)}@example.eg` : 'x'.repeat(length));
      if (schema.format === 'email') outside.push('not an e-mail address');
      if (schema.minLength !== undefined) {
        outside.push(schema.minLength > 1 ? 'x'.repeat(schema.minLength - 1) : '');
        if (schema.format !== 'email' || schema.minLength > 11) inside.push(text(Math.max(schema.minLength, 12)));
      }
      if (schema.maxLength !== undefined) {
        outside.push(text(schema.maxLength + 1));
        // An address that long is no valid e-mail address (its local part is over 64 characters).
        if (schema.format !== 'email') inside.push(text(schema.maxLength));
      }
    }
    return { outside, inside };
  };
  afterAll(() => t.close());

  describe('the document', () => {
    it('is served as OpenAPI 3 JSON at /api/docs-json to anyone, without a session', async () => {
      const response = await t.http.get('/api/docs-json');
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toContain('application/json');
      expect(response.body.openapi).toMatch(/^3\.\d+\.\d+$/);
      expect(response.body.info).toEqual(expect.objectContaining({ title: 'Food Link API', version: expect.any(String) }));
    });

    it('is well formed: unique operation ids, every path parameter declared, every $ref resolvable, every response described', () => {
      const ids: string[] = [];
      for (const [path, item] of Object.entries(doc.paths)) {
        expect(path).toMatch(/^\//);
        for (const op of Object.values(item)) {
          ids.push(op.operationId);
          const inPath = [...path.matchAll(/\{(\w+)\}/g)].map((match) => match[1]).sort();
          const declared = (op.parameters ?? []).filter((p) => p.in === 'path');
          expect({ path, params: declared.map((p) => p.name).sort() }).toEqual({ path, params: inPath });
          for (const { name, required } of declared) expect({ path, name, required }).toEqual({ path, name, required: true });
          for (const [status, response] of Object.entries(op.responses)) {
            expect({ path, status, description: typeof response.description }).toEqual({ path, status, description: 'string' });
          }
        }
      }
      expect(new Set(ids).size).toBe(ids.length);
      const refs = [...JSON.stringify(doc).matchAll(/"\$ref":"#\/components\/schemas\/([^"]+)"/g)].map((match) => match[1]);
      expect(refs.length).toBeGreaterThan(0);
      expect(refs.filter((name) => !doc.components.schemas[name])).toEqual([]);
    });

    it('declares the session token as a bearer JWT scheme, with no document-wide requirement', () => {
      expect(doc.components.securitySchemes.bearer).toEqual(
        expect.objectContaining({ type: 'http', scheme: 'bearer', bearerFormat: 'JWT' }),
      );
      expect(doc.security).toBeUndefined();
    });

    it('documents every call of the table (other endpoints may be documented besides)', () => {
      const documented = Object.entries(doc.paths).flatMap(([path, item]) =>
        Object.keys(item).map((method) => `${method.toUpperCase()} ${path}`),
      );
      const table = ROUTE_NAMES.map((name) => `${CALLS[name].method.toUpperCase()} ${openApiPath(API_ROUTES[name])}`);
      expect(table.filter((call) => !documented.includes(call))).toEqual([]);
    });
  });

  describe('every endpoint the router has', () => {
    it('has its row in CALLS or MORE_CALLS (or is left out of the document on purpose), and every row is an endpoint', () => {
      const routed = router.map((endpoint) => endpoint.key);
      expect(routed.length).toBeGreaterThan(ROWS.length / 2);
      expect(new Set(routed).size).toBe(routed.length);
      const rows = ROWS.map(([key]) => key);
      expect(new Set(rows).size).toBe(rows.length);
      expect(routed.filter((key) => !rows.includes(key) && !(key in NOT_DOCUMENTED))).toEqual([]);
      expect(rows.filter((key) => !routed.includes(key))).toEqual([]);
      for (const key of Object.keys(NOT_DOCUMENTED)) {
        const [method, path] = key.split(' ');
        expect({ key, routed: routed.includes(key), documented: Boolean(doc.paths[path]?.[method.toLowerCase() as Method]) }).toEqual({ key, routed: true, documented: false });
      }
    });

    it('is documented with its shapes: a named JSON shape or a file for its success, its body and query if it reads them', () => {
      const missing: string[] = [];
      for (const endpoint of router.filter(({ key }) => !(key in NOT_DOCUMENTED))) {
        const [, path] = endpoint.key.split(' ');
        const op = doc.paths[path]?.[endpoint.method];
        if (!op) {
          missing.push(`${endpoint.key} is not documented`);
          continue;
        }
        const successes = Object.entries(op.responses).filter(([status]) => status.startsWith('2'));
        if (successes.length !== 1) missing.push(`${endpoint.key} documents ${successes.length} success statuses`);
        for (const [status, response] of successes) {
          const content = Object.entries(response.content ?? {});
          if (status === '204') {
            if (content.length > 0) missing.push(`${endpoint.key} 204 documents a body`);
            continue;
          }
          if (content.length === 0) missing.push(`${endpoint.key} ${status} documents no body`);
          for (const [type, { schema }] of content) {
            const named = (candidate?: Schema) => Boolean(candidate?.$ref && doc.components.schemas[candidate.$ref.replace('#/components/schemas/', '')]);
            const file = schema?.type === 'string' && type !== 'application/json';
            if (!(named(schema) || (schema?.type === 'array' && named(schema.items)) || file)) missing.push(`${endpoint.key} ${status} ${type} has no named shape`);
          }
        }
        if (endpoint.readsBody) {
          const body = Object.values(op.requestBody?.content ?? {});
          if (body.length === 0 || body.some(({ schema }) => !schema?.$ref)) missing.push(`${endpoint.key} reads a body it does not document by its shape`);
        }
        if (endpoint.readsQuery && !(op.parameters ?? []).some((parameter) => parameter.in === 'query')) missing.push(`${endpoint.key} reads a query it does not document`);
      }
      expect(missing).toEqual([]);
    });

    it('that needs a session answers 401 without one; a public one does not', async () => {
      const wrong: string[] = [];
      for (const endpoint of router) {
        const call = ROWS.find(([key]) => key === endpoint.key)?.[1];
        if (!call) continue;
        const response = await t.http.request(endpoint.method.toUpperCase(), endpoint.route.replace(/:[A-Za-z]+/g, '1'), {
          body: endpoint.method === 'get' || endpoint.method === 'delete' ? undefined : {},
        });
        if ((response.status === 401) === call.public) wrong.push(`${endpoint.key} answered ${response.status} without a session`);
      }
      expect(wrong).toEqual([]);
    });
  });

  describe.each(ROWS)('%s', (key, call) => {
    const name = key;

    it(`is documented with a summary, a tag and its success status`, () => {
      const op = operation(name);
      expect(op.summary).toEqual(expect.stringMatching(/\S/));
      expect(op.tags).toEqual([expect.stringMatching(/\S/)]);
      expect(Object.keys(op.responses).filter((status) => status.startsWith('2'))).toEqual([String(call.success)]);
    });

    it(call.public ? 'needs no session (no security)' : 'needs a session (bearer security)', () => {
      if (call.public) expect(operation(name).security).toBeUndefined();
      else expect(operation(name).security).toEqual([{ bearer: [] }]);
    });

    it(`lists exactly the error statuses ${call.errors.join(', ')}, each with the ErrorResponse body`, () => {
      const op = operation(name);
      const errors = Object.keys(op.responses).filter((status) => !status.startsWith('2')).map(Number);
      expect(errors.sort()).toEqual([...call.errors].sort());
      for (const status of errors) {
        const shape = call.errorShapes?.[status as Status] ?? 'ErrorResponse';
        expect({ status, schema: jsonSchemaOf(name, status) }).toEqual({ status, schema: { $ref: `#/components/schemas/${shape}` } });
        expect({ status, types: Object.keys(op.responses[String(status)].content ?? {}) }).toEqual({ status, types: ['application/json'] });
      }
      if (call.errors.includes(429) && !call.lastingTooMany) expect(op.responses['429'].headers).toHaveProperty('Retry-After');
      if (call.lastingTooMany) expect(op.responses['429'].headers).toBeUndefined();
    });

    it(`documents the Idempotency-Key header exactly when it is a signed-in write, and optional headers only`, () => {
      const headers = (operation(name).parameters ?? []).filter((parameter: { in: string }) => parameter.in === 'header');
      const names = headers.map((parameter: { name: string }) => parameter.name);
      expect(names).toEqual([...(call.headers ?? []), ...(!call.public && call.method !== 'get' && !call.noReplay ? ['Idempotency-Key'] : [])]);
      expect(headers.filter((parameter) => parameter.required).map((parameter) => parameter.name)).toEqual([]);
    });
  });

  describe.each(BODY_CALLS)('the request body of %s', (name) => {
    const { required, valid } = CALLS[name].body as NonNullable<CallDoc['body']>;

    it(`references a schema requiring ${required.join(', ')}`, () => {
      const body = operation(name).requestBody;
      expect(body?.required).toBe(true);
      const ref = body?.content['application/json'].schema;
      expect(ref?.$ref).toMatch(/^#\/components\/schemas\//);
      const schema = resolve(ref as Schema);
      expect([...(schema.required ?? [])].sort()).toEqual([...required].sort());
      // Optional fields may be documented besides; each is probed below like the required ones.
      expect(Object.keys(schema.properties ?? {})).toEqual(expect.arrayContaining([...required]));
    });

    it('states the constraints the API enforces: a value past each bound is refused naming its field, one on it is not', async () => {
      const schema = resolve(operation(name).requestBody?.content['application/json'].schema as Schema);
      const wrong: string[] = [];
      for (const [field, property] of Object.entries(schema.properties ?? {})) {
        const { outside, inside } = probesOf(resolve(property));
        // Leaving a field out is refused only when it is required.
        for (const value of required.includes(field) ? outside : outside.filter((probe) => probe !== undefined)) {
          if (!(await namesField(name, { ...valid(), [field]: value }, field))) wrong.push(`${field}=${JSON.stringify(value)} was not refused`);
        }
        // Another field is spoiled so that nothing is created; only whether this field is named matters.
        const spoiler = required.find((other) => other !== field);
        if (!spoiler) continue;
        for (const value of inside) {
          if (await namesField(name, { ...valid(), [spoiler]: null, [field]: value }, field)) wrong.push(`${field}=${JSON.stringify(value)} was refused`);
        }
      }
      expect(wrong).toEqual([]);
    });
  });

  it('documents the optional query of /api/available (filters, near, window, limit/offset) with the constraints the API enforces', async () => {
    const params = operation('available').parameters ?? [];
    expect(params.map(({ name, in: where, required }) => ({ name, where, required }))).toEqual(
      ['governorate', 'category', 'storage', 'near', 'window', 'limit', 'offset'].map((name) => ({ name, where: 'query', required: false })),
    );
    const wrong: string[] = [];
    const answer = async (param: string, value: number | string) => {
      const response = await t.http.get(`${API_ROUTES.available}?${param}=${encodeURIComponent(String(value))}`);
      return response.status === 400 && response.body.message.some((line: string) => line.startsWith(`${param} `)) ? 'refused' : response.status;
    };
    for (const { name: param, schema } of params) {
      if (param === 'limit' || param === 'offset') {
        const { minimum, maximum } = schema as Schema;
        expect({ param, type: schema?.type, minimum: typeof minimum, maximum: typeof maximum }).toEqual({
          param,
          type: 'integer',
          minimum: 'number',
          maximum: 'number',
        });
        for (const value of [(minimum as number) - 1, (maximum as number) + 1, 1.5, 'abc']) {
          if ((await answer(param, value)) !== 'refused') wrong.push(`${param}=${value} was not refused`);
        }
        for (const value of [minimum as number, maximum as number]) {
          if ((await answer(param, value)) !== 200) wrong.push(`${param}=${value} was refused`);
        }
      } else if (param === 'near') {
        expect(schema?.type).toBe('string');
        for (const value of ['48.85,2.35', '30.04', 'abc']) if ((await answer(param, value)) !== 'refused') wrong.push(`near=${value} was not refused`);
        if ((await answer(param, '30.0444,31.2357')) !== 200) wrong.push('near=30.0444,31.2357 was refused');
      } else {
        const values = (resolve(schema as Schema).enum ?? []) as string[];
        expect({ param, enumerated: values.length > 0 }).toEqual({ param, enumerated: true });
        if ((await answer(param, 'not-a-value')) !== 'refused') wrong.push(`${param}=not-a-value was not refused`);
        for (const value of values) if ((await answer(param, value)) !== 200) wrong.push(`${param}=${value} was refused`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('documents the pickup points, editing and withdrawing food, and heat overrides, each with its session and roles', () => {
    const calls: [string, Method | 'patch' | 'delete', number][] = [
      ['/api/pickup-points', 'get', 200],
      ['/api/pickup-points', 'post', 201],
      ['/api/pickup-points/{id}', 'patch', 200],
      ['/api/pickup-points/{id}', 'delete', 200],
      ['/api/food/{id}', 'patch', 200],
      ['/api/food/{id}', 'delete', 200],
      ['/api/ops/heat-overrides', 'get', 200],
      ['/api/ops/heat-overrides', 'put', 200],
      ['/api/ops/heat-overrides', 'delete', 200],
    ];
    for (const [path, method, success] of calls) {
      const op = doc.paths[path]?.[method];
      expect({ path, method, documented: Boolean(op) }).toEqual({ path, method, documented: true });
      if (!op) continue;
      expect({ path, method, security: op.security }).toEqual({ path, method, security: [{ bearer: [] }] });
      expect({ path, method, success: Object.keys(op.responses).filter((status) => status.startsWith('2')) }).toEqual({
        path,
        method,
        success: [String(success)],
      });
      expect({ path, method, has403: '403' in op.responses, has401: '401' in op.responses }).toEqual({ path, method, has403: true, has401: true });
    }
    const view = resolve({ $ref: '#/components/schemas/FoodItemView' });
    for (const field of ['address_line', 'landmark', 'lat', 'lng', 'contact_phone', 'contact_name']) {
      expect({ field, inPublicView: field in (view.properties ?? {}) }).toEqual({ field, inPublicView: false });
    }
  });

  it("documents the monthly acknowledgments (the donor's and the charity's) as files for their party only, with the query the API checks", async () => {
    // path, the role that may call it, the other role
    const calls: [string, 'donor' | 'charity', 'donor' | 'charity'][] = [
      [IMPACT_ROUTES.donorReport, 'donor', 'charity'],
      [IMPACT_ROUTES.charityReport, 'charity', 'donor'],
    ];
    const month = cairoDateIn(0).slice(0, 7);
    for (const [path, party, other] of calls) {
      const op = doc.paths[path]?.get;
      expect({ path, documented: Boolean(op) }).toEqual({ path, documented: true });
      if (!op) continue;
      expect({ path, summary: op.summary, tags: op.tags?.length }).toEqual({ path, summary: expect.stringContaining(`The ${party}'s monthly acknowledgment`), tags: 1 });
      expect({ path, security: op.security }).toEqual({ path, security: [{ bearer: [] }] });
      expect({ path, statuses: Object.keys(op.responses).sort() }).toEqual({ path, statuses: ['200', '400', '401', '403', '503'] });
      expect({ path, produces: Object.keys(op.responses['200'].content ?? {}).sort() }).toEqual({ path, produces: ['application/pdf', 'text/csv'] });
      const query = (op.parameters ?? []).filter((parameter) => parameter.in === 'query');
      expect(query.map(({ name, required }) => ({ name, required }))).toEqual([
        { name: 'month', required: true },
        { name: 'format', required: true },
        { name: 'lang', required: false },
      ]);
      expect(resolve(query[1].schema as Schema).enum).toEqual(['csv', 'pdf']);
      expect(resolve(query[2].schema as Schema).enum).toEqual(['en', 'ar']);
      // The answers are as documented: the file, or an ErrorResponse for each refusal.
      const errorSchema = (status: number) => op.responses[String(status)].content?.['application/json']?.schema as Schema;
      const ok = await t.http.get(`${path}?month=${month}&format=csv`, { token: probers[party].token });
      expect({ path, status: ok.status, type: ok.headers.get('content-type') }).toEqual({ path, status: 200, type: 'text/csv; charset=utf-8' });
      const refusals: [number, HttpResult][] = [
        [400, await t.http.get(`${path}?month=2026-00&format=csv`, { token: probers[party].token })],
        [401, await t.http.get(`${path}?month=${month}&format=csv`)],
        [403, await t.http.get(`${path}?month=${month}&format=csv`, { token: probers[other].token })],
      ];
      for (const [status, response] of refusals) {
        expect({ path, status: response.status }).toEqual({ path, status });
        expect(problems(response.body, errorSchema(status), `${path} ${status}`)).toEqual([]);
      }
    }
  });

  it('states the limits of docs/API.md: quantity 1..100000 whole portions, passwords of at least 8 characters, YYYY-MM-DD dates', () => {
    const addFoodBody = resolve(operation('addFood').requestBody?.content['application/json'].schema as Schema);
    expect(addFoodBody.properties?.quantity).toEqual(expect.objectContaining({ type: 'integer', minimum: 1, maximum: 100000 }));
    expect(addFoodBody.properties?.expiration_date).toEqual(expect.objectContaining({ type: 'string', format: 'date' }));
    const registerBody = resolve(operation('registerDonor').requestBody?.content['application/json'].schema as Schema);
    expect(registerBody.properties?.password).toEqual(expect.objectContaining({ minLength: LIMITS.passwordMinLength }));
    expect(LIMITS.passwordMinLength).toBe(8);
  });

  it('answers every call of the table with a body that matches its documented success schema exactly', async () => {
    const stamp = `${process.pid}-${Date.now().toString(36)}`;
    const donorEmail = `docs-donor-${stamp}@example.eg`;
    const registeredDonor = await t.http.post(API_ROUTES.registerDonor, {
      name: `Docs Donor ${stamp}`,
      email: donorEmail,
      password: PASSWORD,
    });
    expectDocumented('registerDonor', registeredDonor);
    const charityName = `Docs Charity ${stamp}`;
    const registeredCharity = await t.http.post(API_ROUTES.registerCharity, {
      name: charityName,
      email: `docs-charity-${stamp}@example.eg`,
      password: PASSWORD,
    });
    expectDocumented('registerCharity', registeredCharity);
    const login = await t.http.post(API_ROUTES.login, { email: donorEmail, password: PASSWORD });
    expectDocumented('login', login);
    const donor = { id: registeredDonor.body.user_id as number, token: login.body.token as string };
    const charityLogin = await t.http.post(API_ROUTES.login, { email: `docs-charity-${stamp}@example.eg`, password: PASSWORD });
    const charity = { id: registeredCharity.body.user_id as number, token: charityLogin.body.token as string };
    const asDonor = { token: donor.token };
    const asCharity = { token: charity.token };

    expectDocumented('me', await t.http.get(API_ROUTES.me, asDonor));
    expectDocumented('charityIdByName', await t.http.get(apiPath(API_ROUTES.charityIdByName, { charityName })));

    const newItem = (food_name: string) =>
      t.http.post(API_ROUTES.addFood, { food_name, quantity: 25, description: 'Pots of ful', expiration_date: cairoDateIn(3) }, asDonor);
    const added = await newItem('Ful medames');
    expectDocumented('addFood', added);
    const foodId: number = added.body.id;
    const unclaimedId: number = (await newItem('Taameya')).body.id;
    expectDocumented('available', await t.http.get(`${API_ROUTES.available}?limit=50&offset=0`));
    expectDocumented('food', await t.http.get(apiPath(API_ROUTES.food, { id: foodId })));

    const claimed = await t.http.post(API_ROUTES.requestPickup, { food_id: foodId }, asCharity);
    expectDocumented('requestPickup', claimed);
    const requestId: number = claimed.body.request_id;

    const donorItems = await t.http.get(apiPath(API_ROUTES.donorFood, { userId: donor.id }), asDonor);
    expectDocumented('donorFood', donorItems);
    // Both shapes of `request`: an object for the claimed item, null for the other one.
    expect(donorItems.body.map((item: { id: number; request: unknown }) => [item.id, item.request === null])).toEqual(
      expect.arrayContaining([
        [foodId, false],
        [unclaimedId, true],
      ]),
    );
    expectDocumented('charityInfoForFood', await t.http.get(apiPath(API_ROUTES.charityInfoForFood, { foodId }), asDonor));
    expectDocumented('requestIdForFood', await t.http.get(apiPath(API_ROUTES.requestIdForFood, { foodId }), asCharity));
    expectDocumented('requestStatus', await t.http.get(apiPath(API_ROUTES.requestStatus, { requestId }), asCharity));
    expectDocumented('charityRequests', await t.http.get(apiPath(API_ROUTES.charityRequests, { charityUserId: charity.id }), asCharity));
    expectDocumented('foodDonorId', await t.http.get(apiPath(API_ROUTES.foodDonorId, { foodId }), asCharity));
    expectDocumented('donorInfo', await t.http.get(apiPath(API_ROUTES.donorInfo, { donorUserId: donor.id }), asCharity));
    expectDocumented('fulfilRequest', await t.http.put(apiPath(API_ROUTES.fulfilRequest, { requestId }), { status: 'fulfilled' }, asDonor));

    const toCancel = await t.http.post(API_ROUTES.requestPickup, { food_id: unclaimedId }, asCharity);
    const cancelPath = apiPath(API_ROUTES.cancelRequest, { requestId: toCancel.body.request_id });
    expectDocumented('cancelRequest', await t.http.put(cancelPath, { status: 'cancelled' }, asCharity));
    expectDocumented('totalMeals', await t.http.get(API_ROUTES.totalMeals));
    expectDocumented('totalCharities', await t.http.get(API_ROUTES.totalCharities));

    expect([...exercised].sort()).toEqual([...ROUTE_NAMES].sort());
  });

  it('describes error answers as the API really sends them, status by status', async () => {
    const donor = await createDonor(t.http);
    const charity = await createCharity(t.http);
    const item = await addFood(t.http, donor);
    await requestPickup(t.http, charity, item.id);
    const other = await createCharity(t.http);

    expectDocumented('addFood', await t.http.post(API_ROUTES.addFood, {}, { token: donor.token }), 400);
    expectDocumented('food', await t.http.get('/api/food/abc'), 400);
    expectDocumented('me', await t.http.get(API_ROUTES.me), 401);
    expectDocumented('addFood', await t.http.post(API_ROUTES.addFood, {}, { token: charity.token }), 403);
    const unknownCharity = apiPath(API_ROUTES.charityIdByName, { charityName: `No such charity ${Date.now()}` });
    expectDocumented('charityIdByName', await t.http.get(unknownCharity), 404);
    expectDocumented('requestPickup', await t.http.post(API_ROUTES.requestPickup, { food_id: item.id }, { token: other.token }), 409);
    for (let attempt = 0; attempt < 2; attempt += 1) {
      expectDocumented('login', await t.http.post(API_ROUTES.login, { email: donor.email, password: 'wrong password' }), 401);
    }
    const blocked = await t.http.post(API_ROUTES.login, { email: donor.email, password: 'wrong password' });
    expectDocumented('login', blocked, 429);
    expect(blocked.headers.get('retry-after')).toMatch(/^\d+$/);
  });

  it('serves Swagger UI at /api/docs to anyone, loading only its own scripts', async () => {
    const page = await t.http.get('/api/docs', { headers: { accept: 'text/html' } });
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toContain('text/html');
    expect(page.body).toContain('<div id="swagger-ui"></div>');
    const scripts = [...String(page.body).matchAll(/<script src="([^"]+)"/g)].map((match) => match[1]);
    expect(scripts).toEqual(
      expect.arrayContaining([expect.stringContaining('swagger-ui-bundle.js'), expect.stringContaining('swagger-ui-init.js')]),
    );
    for (const script of scripts) {
      const asset = await t.http.get(new URL(script, `${t.baseUrl}/api/docs`).pathname);
      expect({ script, status: asset.status }).toEqual({ script, status: 200 });
    }
    // Same CSP as the rest of the API: no inline scripts, nothing from elsewhere.
    expect(page.headers.get('content-security-policy')).toContain("script-src 'self'");
    const init = await t.http.get('/api/docs/swagger-ui-init.js');
    // Swagger UI's default validator badge is an image from validator.swagger.io, which CSP would refuse.
    expect(init.body).toMatch(/"validatorUrl":\s*null/);
  });
});
