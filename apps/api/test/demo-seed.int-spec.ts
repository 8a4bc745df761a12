import { DEMO_PASSWORD } from '../src/database/demo-seed.service';
import { startPeer, startTestApp, type TestApp } from './support/test-app';

describe('demo data for npm start', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ SEED_DEMO: 'true' });
  });
  afterAll(() => t.close());

  it('seeds donors, charities and items in every state, with working demo logins', async () => {
    const [{ donors, charities }] = await t.db.query(
      `SELECT count(*) FILTER (WHERE user_type = 'donor')::int AS donors,
              count(*) FILTER (WHERE user_type = 'charity')::int AS charities FROM users`,
    );
    expect({ donors, charities }).toEqual({ donors: 3, charities: 2 });
    const states = await t.db.query(`SELECT DISTINCT status::text AS status FROM food_items ORDER BY 1`);
    expect(states.map((row: { status: string }) => row.status)).toEqual(['available', 'claimed', 'expired']);
    const requests = await t.db.query(`SELECT DISTINCT status::text AS status FROM pickup_requests ORDER BY 1`);
    expect(requests.map((row: { status: string }) => row.status)).toEqual(['cancelled', 'fulfilled', 'pending']);

    const login = await t.http.post('/api/login', { email: 'ahl.masr@demo.foodlink.eg', password: DEMO_PASSWORD });
    expect(login.status).toBe(200);
    expect(login.body.data[0]).toMatchObject({ name: 'Ahl Masr Community Kitchen', user_type: 'charity' });
  });

  it('counts the seeded donations in the impact totals', async () => {
    expect((await t.http.get('/api/request/totalmeals')).body).toEqual({ totalMeals: 95 });
    expect((await t.http.get('/api/request/totalcharities')).body).toEqual({ totalCharities: 2 });
  });

  it('leaves a database that already has users alone', async () => {
    const again = await startPeer(t, { SEED_DEMO: 'true' });
    await again.close();
    const [{ count }] = await t.db.query('SELECT count(*)::int AS count FROM users');
    expect(count).toBe(5);
  });
});
