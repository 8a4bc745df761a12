import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { ApiProcess } from './support/api-process';
import { addFood, createCharity, createDonor, requestPickup } from './support/factories';
import { freePort } from './support/redis-server';
import { startTestApp, type TestApp } from './support/test-app';

const OPERATOR_PASSWORD = 'operator-password-for-logs';

interface LogLine {
  level: number;
  msg: string;
  reqId?: string;
  eventId?: string;
  eventType?: string;
  [key: string]: unknown;
}

/** The built API as production runs it, its stdout read line by line as JSON. */
describe('logs: JSON lines with request ids and event ids, and no secrets', () => {
  let t: TestApp;
  let api: ApiProcess;
  const lines = () =>
    api.output
      .split('\n')
      .filter((line) => line.trim() !== '')
      .map((line) => JSON.parse(line) as LogLine);

  async function lineWhere(holds: (line: LogLine) => boolean, what: string): Promise<LogLine> {
    const deadline = Date.now() + 15_000;
    for (;;) {
      const found = lines().find(holds);
      if (found) return found;
      if (Date.now() > deadline) throw new Error(`No log line ${what} in:\n${api.output}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  beforeAll(async () => {
    // This process serves only HTTP; the child process is the one worker, so the job lines are its own.
    t = await startTestApp({ ROLE: 'api' });
    api = await ApiProcess.start(
      { ...t.env, ROLE: 'all', LOG_LEVEL: 'info', JOB_ATTEMPTS: '1', OPERATOR_EMAIL: 'ops@logging.test', OPERATOR_PASSWORD: OPERATOR_PASSWORD },
      await freePort(),
    );
  });

  afterAll(async () => {
    await api?.kill('SIGTERM');
    await t?.close();
  });

  it('writes every line as JSON', () => {
    expect(lines().length).toBeGreaterThan(0);
    expect(lines().some((line) => line.msg.includes('listening on'))).toBe(true);
  });

  it('never writes passwords, tokens or cookies', async () => {
    const donor = await createDonor(api.http);
    await addFood(api.http, donor);
    await api.http.get('/api/auth/me', { token: donor.token, headers: { cookie: 'foodlink_board=secret-cookie-value' } });
    expect((await api.http.post('/api/login', { email: donor.email, password: 'wrong password here' })).status).toBe(401);
    expect(api.output).not.toContain(donor.password);
    expect(api.output).not.toContain(donor.token);
    expect(api.output).not.toContain('secret-cookie-value');
    expect(api.output).not.toContain(t.env.JWT_SECRET);
  });

  it('tags the lines of a job with its event id', async () => {
    const donor = await createDonor(api.http);
    const charity = await createCharity(api.http);
    const food = await addFood(api.http, donor);
    const requestId = await requestPickup(api.http, charity, food.id);
    await t.db.query('ALTER TABLE processed_events RENAME TO processed_events_away');
    try {
      expect((await api.http.put(`/updaterequeststatus/${requestId}`, { status: 'fulfilled' }, { token: donor.token })).status).toBe(200);
      const [event] = await t.db.query<{ id: string }[]>(`SELECT id FROM outbox_events WHERE type = 'request.fulfilled' AND (data->>'requestId')::int = $1`, [
        requestId,
      ]);
      const line = await lineWhere((entry) => entry.eventId === event.id, 'for the failing job');
      expect(line).toMatchObject({ level: 40, eventType: 'request.fulfilled' });
      expect(line.msg).toContain('processed_events');
    } finally {
      await t.db.query('ALTER TABLE processed_events_away RENAME TO processed_events');
    }
  });
  it('gives every request an id, sent back as x-request-id and written on its access line', async () => {
    const offered = await api.http.get('/api/available?limit=2', { headers: { 'x-request-id': 'lb-7f3a.42' } });
    expect(offered.headers.get('x-request-id')).toBe('lb-7f3a.42');
    const access = await lineWhere((line) => line.reqId === 'lb-7f3a.42' && line.msg === 'request completed', 'completing lb-7f3a.42');
    // The path without its query string, the route pattern, the status and the time taken.
    expect(access).toMatchObject({ level: 30, method: 'GET', url: '/api/available', route: '/api/available', statusCode: 200 });
    expect(typeof access.responseTime).toBe('number');

    const generated = (await api.http.get('/api/request/totalmeals')).headers.get('x-request-id');
    expect(generated).toMatch(/^[0-9a-f-]{36}$/);
    await lineWhere((line) => line.reqId === generated && line.msg === 'request completed', 'for the generated id');

    // An id that could forge log lines or flood them is replaced, not echoed.
    for (const hostile of ['a'.repeat(500), 'id with spaces', '{"level":60,"msg":"forged"}']) {
      const answer = await api.http.get('/api/request/totalmeals', { headers: { 'x-request-id': hostile } });
      expect(answer.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    }
    expect(api.output).not.toContain('a'.repeat(500));
  });

  it('carries the request id on lines written by the code handling the request', async () => {
    const donor = await createDonor(api.http);
    const charity = await createCharity(api.http);
    const food = await addFood(api.http, donor);
    const requestId = await requestPickup(api.http, charity, food.id);
    const login = await api.http.post('/api/login', { email: 'ops@logging.test', password: OPERATOR_PASSWORD });
    const operator = login.body.token as string;
    await t.db.query('ALTER TABLE processed_events RENAME TO processed_events_away');
    let eventId: string;
    try {
      await api.http.put(`/updaterequeststatus/${requestId}`, { status: 'fulfilled' }, { token: donor.token });
      [{ id: eventId }] = await t.db.query<{ id: string }[]>(`SELECT id FROM outbox_events WHERE type = 'request.fulfilled' AND (data->>'requestId')::int = $1`, [
        requestId,
      ]);
      await lineWhere((line) => line.eventId === eventId && String(line.msg).includes('the last'), 'for the final failure');
    } finally {
      await t.db.query('ALTER TABLE processed_events_away RENAME TO processed_events');
    }
    const retry = await api.http.post(`/api/ops/queues/domain-events/jobs/${eventId}/retry`, undefined, {
      token: operator,
      headers: { 'x-request-id': 'retry-by-operator-1' },
    });
    expect(retry.status).toBe(200);
    const audit = await lineWhere((line) => line.msg === 'An operator retried a failed job', 'for the retry');
    expect(audit).toMatchObject({ reqId: 'retry-by-operator-1', jobId: eventId, queue: 'domain-events', context: 'OpsService' });
    expect(audit.operatorId).toEqual(expect.any(Number));
    expect(api.output).not.toContain(OPERATOR_PASSWORD);
    expect(api.output).not.toContain(operator);
  });
});
