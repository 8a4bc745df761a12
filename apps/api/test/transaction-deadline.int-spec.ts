import { isDependencyUnavailable } from '../src/common/errors';
import { createDonor } from './support/factories';
import { startTestApp, type TestApp } from './support/test-app';

describe('a transaction is bounded as a whole, not statement by statement', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ DB_TRANSACTION_TIMEOUT_MS: '500' });
  });
  afterAll(() => t.close());

  it('cuts a transaction whose statements together outlast the deadline: nothing commits, the caller gets an outage', async () => {
    const donor = await createDonor(t.http);
    const slow = t.db.transaction(async (tx) => {
      // Each statement is far inside the 10 s statement limit; together they pass the 500 ms deadline.
      await tx.query(`SELECT pg_sleep(0.3)`);
      await tx.query(`UPDATE users SET name = 'Renamed in a slow transaction' WHERE id = $1`, [donor.id]);
      await tx.query(`SELECT pg_sleep(0.3)`);
      await tx.query(`SELECT pg_sleep(0.3)`);
    });
    const error = await slow.then(
      () => null,
      (failure: unknown) => failure,
    );
    expect(error).toBeInstanceOf(Error);
    expect((error as Error).message).toMatch(/Connection terminated/);
    expect(isDependencyUnavailable(error)).toBe(true);
    const [{ name }] = await t.db.query(`SELECT name FROM users WHERE id = $1`, [donor.id]);
    expect(name).toBe(donor.name);
  });

  it('leaves transactions inside the deadline alone, and the pool healthy after a cut', async () => {
    // 30 transactions after the cut, in waves of 10: fewer than the pool's 20 connections at once, so none
    // waits for a connection inside its 500 ms (on a busy 2-core CI machine 30 at once sometimes did).
    const results: { n: number }[][] = [];
    for (let wave = 0; wave < 3; wave += 1) {
      results.push(
        ...(await Promise.all(
          Array.from({ length: 10 }, (_, index) => t.db.transaction((tx) => tx.query<{ n: number }[]>(`SELECT $1::int AS n`, [wave * 10 + index]))),
        )),
      );
    }
    expect(results.map(([row]) => row.n)).toEqual(Array.from({ length: 30 }, (_, index) => index));
    expect((await t.http.get('/api/available')).status).toBe(200);
  });
});
