import { addFood, createCharity, createDonor } from './support/factories';
import { startTestApp, type TestApp } from './support/test-app';

describe('concurrent claims', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  it('lets exactly one of 50 charities claiming the same item at once win; the rest get 409', async () => {
    const donor = await createDonor(t.http);
    const charities = await Promise.all(Array.from({ length: 50 }, () => createCharity(t.http)));
    const item = await addFood(t.http, donor);

    const responses = await Promise.all(
      charities.map((charity) => t.http.post('/api/request', { food_id: item.id }, { token: charity.token })),
    );

    const statuses = responses.map((response) => response.status);
    expect(statuses.filter((status) => status === 201)).toHaveLength(1);
    expect(statuses.filter((status) => status === 409)).toHaveLength(49);
    const rows = await t.db.query('SELECT charity_id, status FROM pickup_requests WHERE food_id = $1', [item.id]);
    expect(rows).toHaveLength(1);
    const winner = charities[statuses.indexOf(201)];
    expect(rows[0]).toEqual({ charity_id: winner.id, status: 'pending' });
  });

  it('keeps one active request per item even when claims and cancels interleave', async () => {
    const donor = await createDonor(t.http);
    const charities = await Promise.all(Array.from({ length: 10 }, () => createCharity(t.http)));
    const item = await addFood(t.http, donor);

    // Each round: everyone claims at once, then the winner cancels, putting the item back.
    for (let round = 0; round < 5; round += 1) {
      const responses = await Promise.all(
        charities.map((charity) => t.http.post('/api/request', { food_id: item.id }, { token: charity.token })),
      );
      const winners = responses.filter((response) => response.status === 201);
      expect(winners).toHaveLength(1);
      const winner = charities[responses.indexOf(winners[0])];
      const cancel = await t.http.put(`/api/updaterequest/${winners[0].body.request_id}`, { status: 'cancelled' }, { token: winner.token });
      expect(cancel.status).toBe(200);
    }
    const [{ active, total }] = await t.db.query(
      `SELECT count(*) FILTER (WHERE status <> 'cancelled')::int AS active, count(*)::int AS total
         FROM pickup_requests WHERE food_id = $1`,
      [item.id],
    );
    expect({ active, total }).toEqual({ active: 0, total: 5 });
  });

  it('the database itself refuses a second pending request of one charity for an item, and a listing giving more than it has', async () => {
    const donor = await createDonor(t.http);
    const [first, second] = [await createCharity(t.http), await createCharity(t.http)];
    const item = await addFood(t.http, donor);
    await t.db.query(`INSERT INTO pickup_requests (food_id, charity_id) VALUES ($1, $2)`, [item.id, first.id]);
    await expect(t.db.query(`INSERT INTO pickup_requests (food_id, charity_id) VALUES ($1, $2)`, [item.id, first.id])).rejects.toThrow(
      /pickup_requests_one_pending_per_charity/,
    );
    // Partial claims (docs/DOMAIN-RULES.md): another charity may hold a claim of the same item.
    await t.db.query(`INSERT INTO pickup_requests (food_id, charity_id) VALUES ($1, $2)`, [item.id, second.id]);
    await expect(t.db.query(`UPDATE food_items SET quantity_left = quantity_left - quantity - 1 WHERE id = $1`, [item.id])).rejects.toThrow(
      /food_items_quantity_left_check/,
    );
  });
});
