import { afterEach, vi } from 'vitest';

/** The one fetch stub for the web tests: API replies by `METHOD /path`, held replies and failures. */

export type Reply = { status?: number; body?: unknown };
type Handler = Reply | ((init?: RequestInit) => Reply | Promise<Reply>);

/** Answers `fetch` from a table keyed `METHOD /path`; any other call fails the way a dead network would. */
export function mockApi(routes: Record<string, Handler>) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const key = `${init?.method ?? 'GET'} ${String(input)}`;
    const handler = routes[key];
    if (!handler) throw new Error(`Unexpected call: ${key}`);
    const reply = typeof handler === 'function' ? await handler(init) : handler;
    const status = reply.status ?? 200;
    // A 204 carries no body at all (the Response constructor refuses one).
    return new Response(status === 204 ? null : JSON.stringify(reply.body ?? null), {
      status,
      headers: { 'content-type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

/** A reply held back until the test releases it, to see what shows while a call is on its way. */
export function heldReply() {
  let release: (reply: Reply) => void = () => undefined;
  const reply = new Promise<Reply>((resolve) => {
    release = resolve;
  });
  return { handler: () => reply, release };
}

export const failure = (status: number): Reply => ({ status, body: { statusCode: status, error: 'Error', message: 'failed' } });

// Every file that stubs fetch through here gets the real one back after each test.
afterEach(() => {
  vi.unstubAllGlobals();
});
