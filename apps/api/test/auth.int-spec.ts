import { PASSWORD, createCharity, createDonor } from './support/factories';
import { startTestApp, type TestApp } from './support/test-app';

describe('registration, login and sessions', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ LOGIN_MAX_FAILS_PER_PAIR: '3', LOGIN_MAX_FAILS_PER_ADDRESS: '1000' });
  });
  afterAll(() => t.close());

  describe('POST /api/registerdonor', () => {
    it('creates a donor and returns its id, never a hash', async () => {
      const response = await t.http.post('/api/registerdonor', {
        name: 'Koshary Abou Tarek',
        email: 'Abou.Tarek@Example.eg',
        password: PASSWORD,
      });
      expect(response.status).toBe(201);
      expect(response.body).toEqual({ message: 'Donor registered successfully', user_id: expect.any(Number) });
      const [row] = await t.db.query('SELECT email, password_hash FROM users WHERE id = $1', [response.body.user_id]);
      expect(row.email).toBe('abou.tarek@example.eg');
      expect(row.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    });

    it('refuses an e-mail already registered, whatever its case', async () => {
      await createDonor(t.http, { email: 'taken@example.eg' });
      const response = await t.http.post('/api/registerdonor', { name: 'Other', email: 'TAKEN@example.eg', password: PASSWORD });
      expect(response.status).toBe(409);
      expect(response.body).toMatchObject({ statusCode: 409, error: 'Conflict' });
    });

    it.each([
      [{ email: 'a@b.eg', password: PASSWORD }, 'name'],
      [{ name: '   ', email: 'a@b.eg', password: PASSWORD }, 'name'],
      [{ name: 'A', password: PASSWORD }, 'email'],
      [{ name: 'A', email: 'not-an-email', password: PASSWORD }, 'email'],
      [{ name: 'A', email: 'a@b.eg' }, 'password'],
      [{ name: 'A', email: 'a@b.eg', password: 'short' }, 'password'],
      [{ name: 'A', email: 'a@b.eg', password: 12345678 }, 'password'],
      [{ name: 'x'.repeat(101), email: 'a@b.eg', password: PASSWORD }, 'name'],
    ])('answers 400 naming the bad field for %j', async (body, field) => {
      const response = await t.http.post('/api/registerdonor', body);
      expect(response.status).toBe(400);
      expect(response.body.error).toBe('Bad Request');
      expect(response.body.message.some((message: string) => message.startsWith(field))).toBe(true);
    });
  });

  describe('POST /api/registercharity', () => {
    it('creates a charity with its charity_id and user_id', async () => {
      const response = await t.http.post('/api/registercharity', {
        name: 'Resala Cairo Branch',
        email: 'resala@example.eg',
        password: PASSWORD,
      });
      expect(response.status).toBe(201);
      expect(response.body).toEqual({
        message: 'Charity registered successfully',
        charity_id: expect.any(Number),
        user_id: expect.any(Number),
      });
    });

    it('refuses a charity name already taken (case-insensitive) and leaves no half-made account', async () => {
      await createCharity(t.http, { name: 'Food Bank Giza' });
      const response = await t.http.post('/api/registercharity', {
        name: 'food bank giza',
        email: 'another@example.eg',
        password: PASSWORD,
      });
      expect(response.status).toBe(409);
      const [{ count }] = await t.db.query(`SELECT count(*)::int AS count FROM users WHERE email = 'another@example.eg'`);
      expect(count).toBe(0);
    });

    it('lets a donor share a name with a charity (only charity names are unique)', async () => {
      await createCharity(t.http, { name: 'Shared Name' });
      await expect(createDonor(t.http, { name: 'Shared Name' })).resolves.toMatchObject({ name: 'Shared Name' });
    });
  });

  describe('POST /api/login and GET /api/auth/me', () => {
    it('returns a token and the user, and the token opens the session with or without "Bearer"', async () => {
      const charity = await createCharity(t.http);
      const login = await t.http.post('/api/login', { email: charity.email.toUpperCase(), password: PASSWORD });
      expect(login.status).toBe(200);
      expect(login.body).toEqual({
        message: 'Login successful',
        token: expect.any(String),
        data: [{ name: charity.name, user_id: charity.id, user_type: 'charity' }],
      });

      const expected = { user_id: charity.id, name: charity.name, email: charity.email, user_type: 'charity' };
      const bearer = await t.http.get('/api/auth/me', { token: login.body.token });
      expect(bearer).toMatchObject({ status: 200, body: expected });
      const bare = await t.http.get('/api/auth/me', { token: login.body.token, bareToken: true });
      expect(bare).toMatchObject({ status: 200, body: expected });
    });

    it('answers the same 401 for a wrong password and an unknown e-mail', async () => {
      const donor = await createDonor(t.http);
      const wrongPassword = await t.http.post('/api/login', { email: donor.email, password: 'wrong password' });
      const unknownEmail = await t.http.post('/api/login', { email: 'nobody@example.eg', password: PASSWORD });
      for (const response of [wrongPassword, unknownEmail]) {
        expect(response.status).toBe(401);
        expect(response.body.message).toBe('Invalid email or password');
      }
    });

    it('names missing login fields with 400', async () => {
      const response = await t.http.post('/api/login', { email: 'a@b.eg' });
      expect(response.status).toBe(400);
      expect(response.body.message.some((message: string) => message.startsWith('password'))).toBe(true);
    });

    it('refuses missing, forged and expired tokens with 401', async () => {
      const donor = await createDonor(t.http);
      const [header, payload] = donor.token.split('.');
      const forged = `${header}.${payload}.${'A'.repeat(43)}`;
      const expired = await t.app
        .get((await import('@nestjs/jwt')).JwtService)
        .signAsync({ sub: String(donor.id), typ: 'donor' }, { expiresIn: -10 });
      const alg_none = `${Buffer.from('{"alg":"none","typ":"JWT"}').toString('base64url')}.${payload}.`;

      expect((await t.http.get('/api/auth/me')).status).toBe(401);
      for (const token of [forged, expired, alg_none, 'garbage']) {
        expect((await t.http.get('/api/auth/me', { token })).status).toBe(401);
      }
    });
  });

  describe('login rate limits', () => {
    it('blocks an account from an address after repeated failures with 429 and Retry-After, even with the right password', async () => {
      const donor = await createDonor(t.http);
      for (let attempt = 0; attempt < 3; attempt += 1) {
        const response = await t.http.post('/api/login', { email: donor.email, password: 'wrong password' });
        expect(response.status).toBe(401);
      }
      const blocked = await t.http.post('/api/login', { email: donor.email, password: PASSWORD });
      expect(blocked.status).toBe(429);
      expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
    });

    it('a successful login clears the count of its account and address', async () => {
      const donor = await createDonor(t.http);
      for (let round = 0; round < 2; round += 1) {
        await t.http.post('/api/login', { email: donor.email, password: 'wrong password' });
        await t.http.post('/api/login', { email: donor.email, password: 'wrong password' });
        expect((await t.http.post('/api/login', { email: donor.email, password: PASSWORD })).status).toBe(200);
      }
    });
  });

  describe('GET /api/charityid/{charityName}', () => {
    it('finds a charity by name, ignoring case', async () => {
      const charity = await createCharity(t.http, { name: 'Misr El Kheir Alexandria' });
      const response = await t.http.get(`/api/charityid/${encodeURIComponent('misr el kheir alexandria')}`);
      expect(response.status).toBe(200);
      expect(response.body).toEqual({ user_id: charity.id, charity_id: charity.charityId, name: charity.name });
    });

    it('answers 404 for an unknown name and never finds donors', async () => {
      const donor = await createDonor(t.http, { name: 'Just A Donor' });
      expect((await t.http.get('/api/charityid/Nobody%20Here')).status).toBe(404);
      expect((await t.http.get(`/api/charityid/${encodeURIComponent(donor.name)}`)).status).toBe(404);
    });
  });
});
