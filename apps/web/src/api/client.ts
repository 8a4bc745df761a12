import type { ErrorResponse } from '@food-link/contracts';
import { reportRefusal } from '../session/account-suspension';
import { readSession } from '../session/session';

/** A call that did not answer 2xx; `status` 0 means the network failed. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: ErrorResponse | null,
    /** Seconds the server asked us to wait (Retry-After), if it said. */
    readonly retryAfterSeconds: number | null = null,
  ) {
    super(body ? (Array.isArray(body.message) ? body.message.join('; ') : body.message) : `HTTP ${status}`);
  }
}

interface CallOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  /** Send the stored session token (the spec's client sends it bare in Authorization). */
  auth?: boolean;
  signal?: AbortSignal;
  /** The app's language, sent as Accept-Language where the server keeps it (the sign-up's e-mail and push language). */
  language?: string;
}

/**
 * Waits before each retry of a signed-in write whose answer was lost (network failure), refused for a
 * moment (503), or still being worked on by an earlier try (409 with Retry-After). The write carries one
 * Idempotency-Key for all its tries, so the server applies it once however often it is sent.
 */
const RETRY_DELAYS_MS = [400, 1200];

/** JSON over fetch against the API's own origin. */
export async function api<T>(path: string, { method = 'GET', body, auth = false, signal, language }: CallOptions = {}): Promise<T> {
  const headers: Record<string, string> = { accept: 'application/json' };
  if (language) headers['accept-language'] = language;
  // A FormData body (photos) sets its own multipart content type with the boundary.
  const multipart = body instanceof FormData;
  if (body !== undefined && !multipart) headers['content-type'] = 'application/json';
  const token = auth ? readSession()?.token : undefined;
  if (token) headers.authorization = token;
  const retriable = token !== undefined && method !== 'GET';
  if (retriable) headers['idempotency-key'] = newIdempotencyKey();
  const init: RequestInit = { method, headers, body: body === undefined ? undefined : multipart ? body : JSON.stringify(body), signal };
  for (let retry = 0; ; retry += 1) {
    try {
      return await send<T>(path, init);
    } catch (error) {
      // A suspended account's session is refused by every call: whichever hears it first signs the user out.
      if (token !== undefined && error instanceof ApiError && error.status === 403) reportRefusal(token, error.message);
      const delay = RETRY_DELAYS_MS[retry];
      if (!retriable || delay === undefined || !(error instanceof ApiError) || !worthRetrying(error)) throw error;
      await sleep(Math.max(delay, (error.retryAfterSeconds ?? 0) * 1000), signal);
    }
  }
}

async function send<T>(path: string, init: RequestInit): Promise<T> {
  let response: Response;
  try {
    response = await fetch(path, init);
  } catch (error) {
    if ((error as Error).name === 'AbortError') throw error;
    throw new ApiError(0, null);
  }
  const text = await response.text();
  const parsed = text ? (JSON.parse(text) as unknown) : null;
  if (!response.ok) {
    const retryAfter = Number(response.headers.get('retry-after'));
    throw new ApiError(response.status, parsed as ErrorResponse | null, retryAfter > 0 ? retryAfter : null);
  }
  return parsed as T;
}

function worthRetrying(error: ApiError): boolean {
  return error.status === 0 || error.status === 503 || (error.status === 409 && error.retryAfterSeconds !== null);
}

function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener('abort', () => {
      clearTimeout(timer);
      reject(signal.reason as Error);
    });
  });
}

/** A fresh key per user action; `crypto.randomUUID` exists only in secure contexts (https, localhost). */
function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, '0')).join('');
}
