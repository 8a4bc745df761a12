import { randomUUID } from 'node:crypto';
import { Client } from 'pg';
import { cairoDateIn, createDonor, type TestUser } from './support/factories';
import { startPgPartition, type PgPartition } from './support/pg-partition';
import { startTestApp, type TestApp } from './support/test-app';
import { databaseUrl, testEnv } from './support/test-env';
import { waitFor } from './support/wait';

const DEADLINE_MS = 2000;

/**
 * Writes in flight when PostgreSQL goes silent (a partition: no error, no answer) answer 503 within the
 * transaction deadline, and a retry with the same Idempotency-Key learns the outcome once PostgreSQL is
 * back, even though the statements sent during the partition reach it late.
 */
describe('keyed writes cut off from PostgreSQL', () => {
  let partition: PgPartition;
  let t: TestApp;
  let donor: TestUser;
  beforeAll(async () => {
    partition = await startPgPartition(Number(new URL(testEnv.adminUrl).port || 5432));
    t = await startTestApp({ DB_TRANSACTION_TIMEOUT_MS: String(DEADLINE_MS) }, { databasePort: partition.port });
    donor = await createDonor(t.http);
  });
  afterAll(async () => {
    partition?.heal();
    await t?.close();
    await partition?.close();
  });

  const listing = (name: string) => ({ food_name: name, quantity: 4, description: 'Trays of rice', expiration_date: cairoDateIn(1) });
  const keyed = (key: string) => ({ token: donor.token, headers: { 'idempotency-key': key } });
  const countListings = async (name: string) => Number((await t.db.query(`SELECT count(*) AS n FROM food_items WHERE food_name = $1`, [name]))[0].n);

  it('answers 503 within the transaction deadline, and the retry after the cut lists the food once', async () => {
    const key = randomUUID();
    const cut = partition.cutAt('INSERT INTO food_items');
    const started = Date.now();
    const during = await t.http.post('/api/add', listing('Rice cut mid-write'), keyed(key));
    const elapsed = Date.now() - started;
    await cut;
    expect(during.status).toBe(503);
    // The deadline, not the deadline plus a statement timeout spent releasing the key on a silent database.
    expect(elapsed).toBeLessThan(DEADLINE_MS + 1000);

    partition.heal();
    const retry = await waitFor(
      () => t.http.post('/api/add', listing('Rice cut mid-write'), keyed(key)),
      (answer) => answer.status !== 503,
      'a retry answered by a reachable database',
    );
    expect(retry.status).toBe(201);
    expect(await countListings('Rice cut mid-write')).toBe(1);
  }, 60_000);

  it('does not let a key taken by a statement held during the cut lock out the retry for a minute', async () => {
    const key = randomUUID();
    const cut = partition.cutAt('INSERT INTO idempotency_keys');
    const during = await t.http.post('/api/add', listing('Rice with a late key'), keyed(key));
    await cut;
    expect(during.status).toBe(503);

    partition.heal();
    // The held statement reaches PostgreSQL now and takes the key for an attempt that has already answered.
    await waitFor(
      async () => ((await t.db.query(`SELECT 1 FROM idempotency_keys WHERE key = $1`, [key])) as unknown[]).length,
      (rows) => rows > 0,
      'the held key statement to apply',
    );
    const retry = await t.http.post('/api/add', listing('Rice with a late key'), keyed(key));
    expect({ status: retry.status, message: retry.body.message }).toEqual({ status: 201, message: undefined });
    expect(await countListings('Rice with a late key')).toBe(1);
    const again = await t.http.post('/api/add', listing('Rice with a late key'), keyed(key));
    expect(again.status).toBe(201);
    expect(again.body).toEqual(retry.body);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
  }, 60_000);

  it('has PostgreSQL end a transaction whose client went silent, releasing its row locks within the deadline', async () => {
    const direct = new Client({ connectionString: databaseUrl(testEnv.adminUrl, t.databaseName) });
    await direct.connect();
    try {
      const runner = t.db.createQueryRunner();
      await runner.startTransaction();
      await runner.query(`UPDATE users SET name = 'Held by a partitioned transaction' WHERE id = $1`, [donor.id]);
      const cut = partition.cutAt('SELECT 1 AS partitioned');
      const stuck = runner.query('SELECT 1 AS partitioned').catch((error: unknown) => error);
      await cut;
      // From PostgreSQL's side the session now sits idle in its transaction, holding the donor's row.
      const started = Date.now();
      await direct.query(`SET lock_timeout = '${DEADLINE_MS * 3}ms'`);
      await direct.query(`UPDATE users SET name = name WHERE id = $1`, [donor.id]);
      expect(Date.now() - started).toBeLessThan(DEADLINE_MS + 1500);
      const [{ name }] = (await direct.query(`SELECT name FROM users WHERE id = $1`, [donor.id])).rows;
      expect(name).toBe(donor.name);
      partition.heal();
      expect(await stuck).toBeInstanceOf(Error);
      await runner.release().catch(() => undefined);
    } finally {
      partition.heal();
      await direct.end();
    }
  }, 60_000);
});
