import { randomUUID } from 'node:crypto';
import { cairoDateIn, createDonor, type TestUser } from './support/factories';
import { startPgPartition, type PgPartition } from './support/pg-partition';
import { startTestApp, type TestApp } from './support/test-app';
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
    partition = await startPgPartition(Number(new URL(process.env.FOODLINK_TEST_ADMIN_URL ?? 'postgres://127.0.0.1:5432').port || 5432));
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
});
