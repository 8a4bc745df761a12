import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { apiPath, BULL_BOARD_PATH, HEALTH_ROUTES, OPS_ROUTES, QUEUES, type OpsSnapshot } from '@food-link/contracts';
import { PASSWORD, createDonor, loginAs, type TestUser } from './support/factories';
import { OwnRedis } from './support/redis-server';
import { startTestApp, type TestApp } from './support/test-app';
import { waitFor } from './support/wait';

const OPERATOR_EMAIL = 'ops@foodlink.example';
const OPERATOR_PASSWORD = 'a long operator passphrase';

/** Far above REDIS_COMMAND_TIMEOUT_MS and the 2 s inspection bound: an answer later than this is a hang. */
const PROMPT_MS = 5000;

interface Answer {
  status: number | 'no answer';
  ms: number;
  body: unknown;
}

/**
 * A Redis that is connected but does not answer (SIGSTOP: a hung host, a stuck disk) must not hang any
 * HTTP call: logins fall back to the in-memory limits, operator views degrade or answer 503, never 500.
 */
describe('a frozen Redis (connected, never answering)', () => {
  let redis: OwnRedis;
  let t: TestApp;
  let operator: string;
  let donor: TestUser;

  /** One call with its own deadline, so a hang shows as 'no answer' instead of a test timeout. */
  async function call(method: string, path: string, options: { token?: string; body?: unknown; headers?: Record<string, string> } = {}): Promise<Answer> {
    const started = Date.now();
    const headers: Record<string, string> = { ...options.headers };
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    if (options.body !== undefined) headers['content-type'] = 'application/json';
    try {
      const response = await fetch(`${t.baseUrl}${path}`, {
        method,
        headers,
        body: options.body === undefined ? undefined : JSON.stringify(options.body),
        signal: AbortSignal.timeout(15_000),
      });
      const text = await response.text();
      const body = response.headers.get('content-type')?.includes('application/json') && text ? JSON.parse(text) : text;
      return { status: response.status, ms: Date.now() - started, body };
    } catch {
      return { status: 'no answer', ms: Date.now() - started, body: null };
    }
  }

  beforeAll(async () => {
    redis = await OwnRedis.start();
    t = await startTestApp({ REDIS_URL: redis.url, OPERATOR_EMAIL, OPERATOR_PASSWORD, OPS_SNAPSHOT_MS: '500', LOGIN_MAX_DELAY_MS: '0' });
    operator = await loginAs(t.http, OPERATOR_EMAIL, OPERATOR_PASSWORD);
    donor = await createDonor(t.http);
    redis.freeze();
  });

  afterAll(async () => {
    redis?.thaw();
    await t?.close();
    await redis?.stop();
  });

  it('answers logins promptly from the in-memory limits: right password 200, wrong one 401', async () => {
    const [right, wrong] = await Promise.all([
      call('POST', '/api/login', { body: { email: donor.email, password: PASSWORD } }),
      call('POST', '/api/login', { body: { email: donor.email, password: 'wrong password' } }),
    ]);
    expect({ status: right.status, prompt: right.ms < PROMPT_MS }).toEqual({ status: 200, prompt: true });
    expect({ status: wrong.status, prompt: wrong.ms < PROMPT_MS }).toEqual({ status: 401, prompt: true });
  });

  it('keeps limiting logins while Redis does not answer', async () => {
    const answers = [];
    for (let attempt = 0; attempt < 11; attempt += 1) {
      answers.push(await call('POST', '/api/login', { body: { email: 'frozen-guess@example.eg', password: 'wrong password' }, headers: {} }));
    }
    expect(answers.slice(0, 10).map(({ status }) => status)).toEqual(Array(10).fill(401));
    expect(answers[10].status).toBe(429);
  }, 60_000);

  it('answers the ops snapshot promptly, degraded: queues and sockets unknown, Redis named down', async () => {
    const answer = await call('GET', OPS_ROUTES.snapshot, { token: operator });
    expect({ status: answer.status, prompt: answer.ms < PROMPT_MS }).toEqual({ status: 200, prompt: true });
    const snapshot = answer.body as OpsSnapshot;
    expect(snapshot.queues).toEqual([]);
    expect(snapshot.sockets).toBeNull();
    expect(snapshot.health.checks.database.status).toBe('up');
    expect(snapshot.health.checks.redis).toEqual({ status: 'down', error: expect.stringMatching(/^Redis (did not answer|is unreachable)/) });
  });

  it.each([
    ['GET', apiPath(OPS_ROUTES.failedJobs, { queue: QUEUES.domainEvents })],
    ['POST', apiPath(OPS_ROUTES.retryAllFailed, { queue: QUEUES.domainEvents })],
    ['POST', apiPath(OPS_ROUTES.retryJob, { queue: QUEUES.domainEvents, jobId: 'some-job' })],
    ['GET', `${BULL_BOARD_PATH}/api/queues`],
    ['GET', HEALTH_ROUTES.ready],
  ])('%s %s answers 503 promptly, never 500', async (method, path) => {
    const answer = await call(method, path, { token: operator });
    expect({ status: answer.status, prompt: answer.ms < PROMPT_MS }).toEqual({ status: 503, prompt: true });
  });

  it('recovers once Redis answers again', async () => {
    redis.thaw();
    await waitFor(
      async () => (await call('GET', OPS_ROUTES.snapshot, { token: operator })).body as OpsSnapshot,
      (snapshot) => snapshot.health?.status === 'ok' && snapshot.queues.length === Object.values(QUEUES).length,
      'a healthy snapshot once Redis is back',
      30_000,
    );
    expect((await call('POST', '/api/login', { body: { email: donor.email, password: PASSWORD } })).status).toBe(200);
    expect((await call('GET', `${BULL_BOARD_PATH}/api/queues`, { token: operator })).status).toBe(200);
  }, 45_000);
});
