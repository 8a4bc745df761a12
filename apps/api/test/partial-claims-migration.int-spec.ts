import { MIGRATIONS } from '../src/database/data-source-options';
import { PartialClaims1764651830000 } from '../src/database/migrations/1764651830000-partial-claims';
import { migrationDatabase } from './support/migration-database';

/**
 * Migration 1764651830000 (partial claims) on a database that already has listings and claims: a listing
 * with an active request has 0 left and that request holds its whole quantity; any other listing has all of
 * it left; rows inserted without the new columns get the same defaults; down restores the old rule.
 */
describe('migration 1764651830000: partial claims', () => {
  const { open, create, drop } = migrationDatabase('partial');

  beforeAll(create);
  afterAll(drop);

  it('keeps existing listings and claims valid, defaults new rows, and can be undone', async () => {
    const before = await open(MIGRATIONS.filter((migration) => migration !== PartialClaims1764651830000));
    const ids: Record<string, number> = {};
    try {
      await before.runMigrations({ transaction: 'all' });
      const user = async (name: string, type: 'donor' | 'charity') =>
        (await before.query<{ id: number }[]>(`INSERT INTO users (name, email, password_hash, user_type) VALUES ($1, $2, 'x', $3) RETURNING id`, [name, `${name}@example.eg`, type]))[0]
          .id;
      const donor = await user('donor', 'donor');
      const charity = await user('charity', 'charity');
      await before.query(`INSERT INTO charities (user_id) VALUES ($1)`, [charity]);
      const food = async (name: string, quantity: number, status: string) =>
        (
          await before.query<{ id: number }[]>(
            `INSERT INTO food_items (donor_id, food_name, quantity, description, expiration_date, status, safe_until)
             VALUES ($1, $2, $3, 'Boxes', current_date + 2, $4, now() + interval '2 days') RETURNING id`,
            [donor, name, quantity, status],
          )
        )[0].id;
      const request = async (foodId: number, status: string) =>
        (await before.query<{ id: number }[]>(`INSERT INTO pickup_requests (food_id, charity_id, status) VALUES ($1, $2, $3) RETURNING id`, [foodId, charity, status]))[0].id;
      ids.open = await food('open', 12, 'available');
      ids.pending = await food('pending', 20, 'claimed');
      ids.pendingRequest = await request(ids.pending, 'pending');
      ids.fulfilled = await food('fulfilled', 7, 'claimed');
      ids.fulfilledRequest = await request(ids.fulfilled, 'fulfilled');
      ids.relisted = await food('relisted', 5, 'available');
      ids.cancelledRequest = await request(ids.relisted, 'cancelled');
    } finally {
      await before.destroy();
    }

    const after = await open(MIGRATIONS);
    try {
      expect((await after.runMigrations({ transaction: 'all' })).map((migration) => migration.name)).toEqual(['PartialClaims1764651830000']);
      expect(await after.query(`SELECT food_name, status::text, quantity, quantity_left FROM food_items ORDER BY id`)).toEqual([
        { food_name: 'open', status: 'available', quantity: 12, quantity_left: 12 },
        { food_name: 'pending', status: 'claimed', quantity: 20, quantity_left: 0 },
        { food_name: 'fulfilled', status: 'claimed', quantity: 7, quantity_left: 0 },
        { food_name: 'relisted', status: 'available', quantity: 5, quantity_left: 5 },
      ]);
      expect(await after.query(`SELECT id, quantity FROM pickup_requests ORDER BY id`)).toEqual([
        { id: ids.pendingRequest, quantity: 20 },
        { id: ids.fulfilledRequest, quantity: 7 },
        { id: ids.cancelledRequest, quantity: 5 },
      ]);
      // Rows written without the new columns get what the migration gave existing ones.
      const [{ donor_id: donorId }] = await after.query<{ donor_id: number }[]>(`SELECT donor_id FROM food_items WHERE id = $1`, [ids.open]);
      const [added] = await after.query<{ id: number; quantity_left: number }[]>(
        `INSERT INTO food_items (donor_id, food_name, quantity, description, expiration_date, safe_until)
         VALUES ($1, 'later', 9, 'Boxes', current_date + 2, now() + interval '2 days') RETURNING id, quantity_left`,
        [donorId],
      );
      expect(added.quantity_left).toBe(9);
      const [{ charity_id: charityId }] = await after.query<{ charity_id: number }[]>(`SELECT charity_id FROM pickup_requests LIMIT 1`);
      const [claim] = await after.query<{ quantity: number }[]>(`INSERT INTO pickup_requests (food_id, charity_id) VALUES ($1, $2) RETURNING quantity`, [
        added.id,
        charityId,
      ]);
      expect(claim.quantity).toBe(9);
      await expect(after.query(`UPDATE food_items SET quantity_left = -1 WHERE id = $1`, [ids.open])).rejects.toThrow(/food_items_quantity_left_check/);
      await expect(after.query(`UPDATE food_items SET quantity_left = 13 WHERE id = $1`, [ids.open])).rejects.toThrow(/food_items_quantity_left_check/);
      await after.query(`DELETE FROM pickup_requests WHERE food_id = $1`, [added.id]);

      await after.undoLastMigration({ transaction: 'all' });
      const columns = await after.query<{ column_name: string }[]>(
        `SELECT column_name FROM information_schema.columns WHERE (table_name, column_name) IN (('food_items', 'quantity_left'), ('pickup_requests', 'quantity'))`,
      );
      expect(columns).toEqual([]);
      // The old rule is back: one active request per listing.
      await expect(after.query(`INSERT INTO pickup_requests (food_id, charity_id) VALUES ($1, $2)`, [ids.pending, charityId])).rejects.toThrow(
        /pickup_requests_one_active_per_food/,
      );
    } finally {
      await after.destroy();
    }
  });
});
