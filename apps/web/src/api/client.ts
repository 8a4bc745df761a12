import type { ErrorResponse } from '@food-link/contracts';
import { readSession } from '../app/session';

/** A call that did not answer 2xx; `status` 0 means the network failed. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: ErrorResponse | null,
  ) {
    super(body ? (Array.isArray(body.message) ? body.message.join('; ') : body.message) : `HTTP ${status}`);
  }
}

interface CallOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  body?: unknown;
  /** Send the stored session token (the spec's client sends it bare in Authorization). */
  auth?: boolean;
  signal?: AbortSignal;
}

/** JSON over fetch against the API's own origin. */
export async function api<T>(path: string, { method = 'GET', body, auth = false, signal }: CallOptions = {}): Promise<T> {
  const headers: Record<string, string> = { accept: 'application/json' };
  if (body !== undefined) headers['content-type'] = 'application/json';
  const token = auth ? readSession()?.token : undefined;
  if (token) headers.authorization = token;
  let response: Response;
  try {
    response = await fetch(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body), signal });
  } catch (error) {
    if ((error as Error).name === 'AbortError') throw error;
    throw new ApiError(0, null);
  }
  const text = await response.text();
  const parsed = text ? (JSON.parse(text) as unknown) : null;
  if (!response.ok) throw new ApiError(response.status, parsed as ErrorResponse | null);
  return parsed as T;
}
