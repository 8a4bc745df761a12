import { reportRefusal } from '../session/account-suspension';
import { readSession } from '../session/session';
import { ApiError } from './client';

// Apart from client.ts, which the landing page loads: only the areas that download files need this.

/**
 * A signed-in GET of a file (a report, a verification document): the session travels in the Authorization
 * header, which a plain link or <img> cannot send, so the file is fetched and handed over as a Response
 * to read as a blob. A refusal is an ApiError, as for `api`.
 */
export async function apiBlob(path: string): Promise<Response> {
  const headers: Record<string, string> = {};
  const token = readSession()?.token;
  if (token) headers.authorization = token;
  let response: Response;
  try {
    response = await fetch(path, { headers });
  } catch {
    throw new ApiError(0, null);
  }
  if (!response.ok) {
    // A suspended account's refusal is told to the app as api() tells it (account-suspension.ts).
    if (token && response.status === 403) {
      const body = (await response.json().catch(() => null)) as { message?: unknown } | null;
      if (typeof body?.message === 'string') reportRefusal(token, body.message);
    }
    throw new ApiError(response.status, null);
  }
  return response;
}
