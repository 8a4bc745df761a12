import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { ApiProcess } from './support/api-process';
import { addFood, createCharity, createDonor, requestPickup } from './support/factories';
import { freePort } from './support/redis-server';
import { startTestApp, type TestApp } from './support/test-app';

interface LogLine {
  level: number;
  msg: string;
  reqId?: string;
  eventId?: string;
  eventType?: string;
  req?: { id: string; method: string; url: string };
  res?: { statusCode: number };
  [key: string]: unknown;
}

/** The built API as production runs it, its stdout read line by line as JSON. */
// Known gap (see the issue note): pino-http's request lines (reqId, x-request-id) are not yet written for
// Nest's own routes on Fastify, so request ids are not asserted here.
describe('logs: JSON lines with event ids, and no secrets', () => {
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
    api = await ApiProcess.start({ ...t.env, ROLE: 'all', LOG_LEVEL: 'info', JOB_ATTEMPTS: '1' }, await freePort());
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
});
