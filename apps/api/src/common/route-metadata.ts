/**
 * Keys of the metadata the decorators of auth/ and idempotency/ put on handlers, and what the OpenAPI
 * document (openapi/, a base layer) reads of them: here, below both, so that the document does not import
 * the folders that import it (docs/CONTRIBUTING.md, "Folders and their layers").
 */

/** Set by `@Public()` (auth.decorators.ts): the call needs no session token. */
export const PUBLIC_KEY = 'foodlink:public';

/** Set by `@NoReplay()` (idempotency.interceptor.ts): retries run the call again. */
export const NO_REPLAY = 'foodlink:no-replay';

/** How long an answer is kept for replay under its Idempotency-Key. */
export const IDEMPOTENCY_RETENTION_HOURS = 24;
