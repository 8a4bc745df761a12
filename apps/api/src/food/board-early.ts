import { Injectable } from '@nestjs/common';
import { API_ROUTES, AvailableQuery } from '@food-link/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import { TokenService } from '../auth/token.service';
import { CONTENT_CODINGS, preferredCoding, type ContentCoding } from '../common/compression';
import { parseShape } from '../common/shape-pipe';
import { codedEtag, etagMatches, FoodReadCache, JSON_CONTENT_TYPE, type JsonBody } from './food-read-cache';

/** Distinct query strings of the board remembered as validated (then forgotten all at once). */
const MAX_REMEMBERED_QUERIES = 256;
/** Distinct Accept-Encoding headers remembered with the coding they get (then forgotten all at once). */
const MAX_REMEMBERED_CODINGS = 64;

/**
 * The board's query string parsed by its shape, remembered per query string: parsing costs more than the
 * rest of a cached answer, and the same string always parses to the same values. Refused strings are not
 * remembered (they throw each time). Shared by the controller and the early path.
 */
@Injectable()
export class BoardQueries {
  private readonly remembered = new Map<string, Readonly<AvailableQuery>>();

  of(request: FastifyRequest): AvailableQuery {
    const at = request.url.indexOf('?');
    const queryString = at === -1 ? '' : request.url.slice(at + 1);
    const remembered = this.remembered.get(queryString);
    if (remembered) return remembered;
    const query = Object.freeze(parseShape(AvailableQuery, request.query));
    if (this.remembered.size >= MAX_REMEMBERED_QUERIES) this.remembered.clear();
    this.remembered.set(queryString, query);
    return query;
  }
}

/** What is worked out once per cached body, not per request: its tags, coded and plain. */
interface BodyTags {
  /** The tag sent with each coding (undefined: the body as it is). */
  sent: Record<ContentCoding | 'identity', string>;
  /** Every tag the client may hold for this content (any coding): If-None-Match against any of them is a 304. */
  held: string[];
}
const tagsOfBody = new WeakMap<JsonBody, BodyTags>();

function tagsOf(json: JsonBody): BodyTags {
  let tags = tagsOfBody.get(json);
  if (!tags) {
    const coded = (coding: ContentCoding) => (json.encoded ? codedEtag(json.etag, coding) : json.etag);
    tags = {
      sent: { identity: json.etag, br: coded('br'), gzip: coded('gzip') },
      held: [json.etag, ...(json.encoded ? CONTENT_CODINGS.map((coding) => codedEtag(json.etag, coding)) : [])],
    };
    tagsOfBody.set(json, tags);
  }
  return tags;
}

const codings = new Map<string, ContentCoding | undefined>();
/** preferredCoding, remembered per header value (clients send a handful of distinct ones). */
function codingFor(acceptEncoding: string | string[] | undefined): ContentCoding | undefined {
  if (typeof acceptEncoding !== 'string') return preferredCoding(acceptEncoding);
  if (codings.has(acceptEncoding)) return codings.get(acceptEncoding);
  const coding = preferredCoding(acceptEncoding);
  if (codings.size >= MAX_REMEMBERED_CODINGS) codings.clear();
  codings.set(acceptEncoding, coding);
  return coding;
}

/**
 * Sends a body serialised beforehand, as Nest would have sent the value (status 200, Fastify's JSON
 * content type), with its entity tag; 304 without a body when the client already holds it (in any
 * coding: the content is the same). A body with compressed copies goes out as the copy the client
 * prefers (Accept-Encoding: brotli, then gzip), with its own tag and length, and `Vary: Accept-Encoding`
 * whichever is sent; the compression plugin leaves an answer with a Content-Encoding alone. Returns the
 * reply (an async Fastify hook that sent it returns it).
 */
export function sendJson(request: FastifyRequest, reply: FastifyReply, json: JsonBody, cacheControl: string): FastifyReply {
  const tags = tagsOf(json);
  const coding = json.encoded ? codingFor(request.headers['accept-encoding']) : undefined;
  reply.header('etag', tags.sent[coding ?? 'identity']).header('cache-control', cacheControl);
  if (json.encoded) reply.header('vary', 'Accept-Encoding');
  const ifNoneMatch = request.headers['if-none-match'];
  if (ifNoneMatch !== undefined && tags.held.some((tag) => etagMatches(ifNoneMatch, tag))) return reply.code(304).send();
  reply.code(200).type(JSON_CONTENT_TYPE);
  if (coding && json.encoded) return reply.header('content-encoding', coding).send(json.encoded[coding]);
  return reply.send(json.body);
}

/**
 * The open board's shortest path: an anonymous `GET /api/available` (no Authorization header, so no
 * viewer whose offers could change the board) is answered from the cache by a `preHandler` hook, after
 * every `onRequest` and `preValidation` hook of the app has run (request id and logging context, security
 * headers, CORS, the JSON depth check) and before Nest's pipeline (guard, interceptors, pipes, handler),
 * which would only have done the same. `onSend` and `onResponse` hooks (access line, metrics) run as for
 * any reply. Whatever this path does not answer goes on to the controller as before: a signed-in viewer,
 * a query string its shape refuses (Nest answers the 400), HEAD, and a cache read that failed (Nest
 * tries again and maps the error as it always has).
 */
export function serveBoardEarly(fastify: FastifyInstance, cache: FoodReadCache, queries: BoardQueries): void {
  fastify.addHook('preHandler', (request: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction) => {
    if (request.routeOptions.url !== API_ROUTES.available || request.method !== 'GET') return done();
    if (TokenService.fromAuthorizationHeader(request.headers.authorization) !== null) return done();
    let query: AvailableQuery;
    try {
      query = queries.of(request);
    } catch {
      return done();
    }
    cache.available(query).then(
      (json) => {
        sendJson(request, reply, json, 'no-cache');
      },
      () => done(),
    );
  });
}
