import { afterEach, vi } from 'vitest';

/** The one fetch stub for the web tests: API replies by `METHOD /path`, held replies and failures. */

export type Reply = { status?: number; body?: unknown; file?: Blob };
type Handler = Reply | ((init?: RequestInit) => Reply | Promise<Reply>);

/**
 * Calls every signed-in screen makes on its own (the bell's notifications, the charity's profile and
 * verification notices, the console's review queue and moderation trail, the donor's settings), answered quietly, so a test about something else
 * neither lists nor counts them: none unread, a profile saved, a verified charity, nobody to review. A test that names one of these in its table answers and counts it itself.
 */
const AMBIENT: Record<string, Reply> = {
  'GET /api/notifications': { body: { unread: 0, items: [] } },
  'GET /api/charity/profile': {
    body: { saved: true, governorates: ['EG-C'], categories: ['other'], storage: ['ambient'], base_lat: null, base_lng: null, radius_km: null, phone: null, quiet_hours: null },
  },
  // The operator console's review queue, empty.
  'GET /api/ops/verifications?status=pending': { body: [] },
  // The console's moderation audit trail, empty.
  'GET /api/ops/moderation/audit': { body: [] },
  // The donor's settings: any charity may claim.
  'GET /api/donor/settings': { body: { verified_only: false } },
  // Charity 9's requests, none: the pickup view counts them against the claim limit.
  'GET /api/charity/9': { body: [] },
  // Where to collect request 50, the claim most tests make: the pickup view shows it once the claim is made.
  'GET /api/requests/50/pickup': {
    body: {
      request_id: 50,
      food_id: 1,
      status: 'pending',
      food_name: 'Koshari',
      category: 'other',
      storage: 'ambient',
      pickup_from: null,
      pickup_until: null,
      safe_until: '2030-05-20T21:00:00.000Z',
      serve_within_minutes: 0,
      point: null,
      donor_name: 'Nile Bakery',
      charity_name: 'Hope Kitchen',
      pickup_code: '482913',
    },
  },
  // The signed-in account's organisation, of which it is the only member and the administrator (an account from before organisations).
  'GET /api/org': {
    body: { id: 1, name: 'Nile Bakery', kind: 'donor', account_id: 7, my_role: 'admin', my_pickup_point_ids: [], members: [] },
  },
  // A verified charity: the board's verification notice stays away.
  'GET /api/charity/verification': {
    body: { status: 'verified', reason: null, submitted_at: '2030-01-01T10:00:00.000Z', decided_at: '2030-01-02T10:00:00.000Z', claiming_suspended_until: null, claim_limit: 5 },
  },
};

function respond(reply: Reply): Response {
  const status = reply.status ?? 200;
  // A file (a verification document) as the server sends it: its bytes, under its own type.
  if (reply.file) return new Response(reply.file, { status, headers: { 'content-type': reply.file.type } });
  // A 204 carries no body at all (the Response constructor refuses one).
  return new Response(status === 204 ? null : JSON.stringify(reply.body ?? null), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

/**
 * Answers `fetch` from a table keyed `METHOD /path`; any other call fails the way a dead network would.
 * The returned mock records the table's calls (the AMBIENT ones only when the table names them).
 */
export function mockApi(routes: Record<string, Handler>) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const key = `${init?.method ?? 'GET'} ${String(input)}`;
    const handler = routes[key];
    if (!handler) throw new Error(`Unexpected call: ${key}`);
    return respond(typeof handler === 'function' ? await handler(init) : handler);
  });
  // The global itself is a mock too, for tests that read every call from `globalThis.fetch`.
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const key = `${init?.method ?? 'GET'} ${String(input)}`;
      return AMBIENT[key] && !routes[key] ? respond(AMBIENT[key]) : fetchMock(input, init);
    }),
  );
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
