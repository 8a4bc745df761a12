import { PASSWORD, addFood, cairoDateIn, createCharity, createDonor, loginAs, requestPickup, type TestUser } from './support/factories';
import type { HttpResult, RequestOptions } from './support/http-client';
import { startTestApp, type TestApp } from './support/test-app';

/**
 * Hostile input never yields a 5xx, never runs as SQL, and is answered with the contract's error body
 * `{statusCode, error, message}` (docs/API.md). The last test checks the barrage changed nothing it should not.
 */
const SQLI = [`1' OR '1'='1`, `1; DROP TABLE users; --`, `' UNION SELECT password_hash FROM users --`, `1)) OR pg_sleep(5)--`];
const BAD_IDS = ['0', '-1', '1.5', 'abc', '9999999999', '1;DROP TABLE users', '1e0', '0x1', '01', ' 1', ...SQLI];
const TABLES = ['users', 'charities', 'food_items', 'pickup_requests'];
const OPERATOR_EMAIL = 'ops@foodlink.example';
const OPERATOR_PASSWORD = 'a long operator passphrase';

describe('hostile input', () => {
  let t: TestApp;
  let donor: TestUser;
  let charity: TestUser;
  let foodId: number;
  let requestId: number;
  let arranged: Record<string, number>;
  /** Rows the barrage legitimately created (injection-shaped text stored verbatim). */
  const created = { users: 0, food_items: 0, pickup_requests: 0 };

  const counts = async (): Promise<Record<string, number>> =>
    (
      await t.db.query(`SELECT (SELECT count(*)::int FROM users) AS users, (SELECT count(*)::int FROM food_items) AS food_items,
                               (SELECT count(*)::int FROM pickup_requests) AS pickup_requests`)
    )[0];
  const food = () => ({ food_name: 'Ful medames', quantity: 4, description: 'Four pots', expiration_date: cairoDateIn(2) });
  const send = (method: string, path: string, options: RequestOptions = {}) => t.http.request(method, path, options);
  const addRaw = (rawBody: string, headers?: Record<string, string>) => send('POST', '/api/add', { rawBody, headers, token: donor.token });

  /** A refusal as the contract words it: the status, a JSON `{statusCode, error, message}`, and the named field. */
  function expectRefusal(response: HttpResult, status: number | number[], field?: string) {
    expect(response.status).toBeLessThan(500);
    expect([status].flat()).toContain(response.status);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    expect(response.body).toMatchObject({ statusCode: response.status, error: expect.any(String) });
    expect(typeof response.body.message === 'string' || Array.isArray(response.body.message)).toBe(true);
    if (field) expect([response.body.message].flat()).toEqual(expect.arrayContaining([expect.stringMatching(new RegExp(`^${field} `))]));
  }

  beforeAll(async () => {
    t = await startTestApp({ LOGIN_MAX_FAILS_PER_ADDRESS: '1000', OPERATOR_EMAIL, OPERATOR_PASSWORD });
    donor = await createDonor(t.http);
    charity = await createCharity(t.http, { name: 'Hostile Test Charity' });
    foodId = (await addFood(t.http, donor)).id;
    await addFood(t.http, donor, { food_name: 'Second item' });
    requestId = await requestPickup(t.http, charity, foodId);
    arranged = await counts();
  });
  afterAll(() => t.close());

  describe('path ids that are not positive integers', () => {
    const routes: [string, string, string, () => RequestOptions][] = [
      ['GET', '/api/food/', 'id', () => ({})],
      ['GET', '/api/donor/', 'userId', () => ({ token: donor.token })],
      ['GET', '/api/userID/', 'foodId', () => ({ token: donor.token })],
      ['GET', '/getrequestid/', 'foodId', () => ({ token: donor.token })],
      ['GET', '/requeststatus/', 'requestId', () => ({ token: charity.token })],
      ['PUT', '/updaterequeststatus/', 'requestId', () => ({ token: donor.token, body: { status: 'fulfilled' } })],
      ['PUT', '/api/updaterequest/', 'requestId', () => ({ token: charity.token, body: { status: 'cancelled' } })],
      ['PATCH', '/api/food/', 'id', () => ({ token: donor.token, body: { quantity: 2 } })],
      ['DELETE', '/api/food/', 'id', () => ({ token: donor.token })],
      ['PATCH', '/api/pickup-points/', 'id', () => ({ token: donor.token, body: { label: 'x' } })],
      ['DELETE', '/api/pickup-points/', 'id', () => ({ token: donor.token })],
    ];
    it.each(routes)('%s %s{id} answers 400 naming %s (or 404)', async (method, prefix, param, options) => {
      const outcomes: { id: string; status: number | 'refused' }[] = [];
      for (const id of BAD_IDS) {
        const response = await send(method, prefix + encodeURIComponent(id), options());
        outcomes.push({ id, status: [400, 404].includes(response.status) ? 'refused' : response.status });
        if (response.status === 400) expectRefusal(response, 400, param);
        if (response.status === 404) expectRefusal(response, 404);
      }
      expect(outcomes).toEqual(BAD_IDS.map((id) => ({ id, status: 'refused' })));
    });
  });

  describe('SQL-injection-shaped text', () => {
    it.each(SQLI)('charity-name lookup of %j is just an unknown name (404)', async (name) => {
      expectRefusal(await send('GET', `/api/charityid/${encodeURIComponent(name)}`), 404);
    });

    it.each(SQLI)('food_name and description %j are stored and returned verbatim', async (text) => {
      const response = await send('POST', '/api/add', { token: donor.token, body: { ...food(), food_name: text, description: text } });
      expect(response.status).toBe(201);
      created.food_items += 1;
      const read = await send('GET', `/api/food/${response.body.id}`);
      expect(read.body).toMatchObject({ food_name: text, description: text });
    });

    it('a charity named like an injection is registered and found by that exact name', async () => {
      const name = `Robert'); DROP TABLE users;--`;
      const response = await send('POST', '/api/registercharity', { body: { name, email: 'bobby@example.eg', password: PASSWORD } });
      expect(response.status).toBe(201);
      created.users += 1;
      const found = await send('GET', `/api/charityid/${encodeURIComponent(name)}`);
      expect(found).toMatchObject({ status: 200, body: { name, user_id: response.body.user_id } });
    });

    it.each(SQLI)('e-mail %j is refused (400 naming email) and login with it is a plain 401', async (text) => {
      expectRefusal(await send('POST', '/api/registerdonor', { body: { name: 'Eve', email: text, password: PASSWORD } }), 400, 'email');
      expectRefusal(await send('POST', '/api/login', { body: { email: text, password: text } }), 401);
    });
  });

  describe('NUL bytes (PostgreSQL cannot store them)', () => {
    it('in food_name: 400 naming food_name', async () => {
      const response = await send('POST', '/api/add', { token: donor.token, body: { ...food(), food_name: 'Ful\u0000' } });
      expectRefusal(response, 400, 'food_name');
    });
    it('in a registration name: 400 naming name', async () => {
      const response = await send('POST', '/api/registerdonor', { body: { name: 'Eve\u0000', email: 'nul@example.eg', password: PASSWORD } });
      expectRefusal(response, 400, 'name');
    });
    it('in a login e-mail: 400 or 401', async () => {
      expectRefusal(await send('POST', '/api/login', { body: { email: 'eve\u0000@example.eg', password: PASSWORD } }), [400, 401]);
    });
    it('in a charity-name lookup: 400 or 404', async () => {
      expectRefusal(await send('GET', '/api/charityid/Hostile%00'), [400, 404]);
    });
  });

  describe('lone UTF-16 surrogates (\\ud800 sent as a JSON escape: no character, and PostgreSQL refuses it in jsonb)', () => {
    // JSON.stringify writes a lone surrogate as the escape `\ud800`, exactly what a hostile client sends.
    const LONE = '\ud800';
    it('in a sign-up e-mail: 400 naming email', async () => {
      const response = await send('POST', '/api/registerdonor', { body: { name: 'Eve', email: `eve${LONE}@example.eg`, password: PASSWORD } });
      expectRefusal(response, 400, 'email');
      const charitySignUp = await send('POST', '/api/registercharity', { body: { name: 'Eve Charity', email: `${LONE}eve@example.eg`, password: PASSWORD } });
      expectRefusal(charitySignUp, 400, 'email');
    });
    it('in a password reset e-mail: 400 naming email', async () => {
      expectRefusal(await send('POST', '/api/auth/forgot-password', { body: { email: `${LONE}victim@example.eg` } }), 400, 'email');
    });
    it("in an operator's reason (suspending an account, hiding a listing): 400 naming reason, and nothing changes", async () => {
      const operator = await loginAs(t.http, OPERATOR_EMAIL, OPERATOR_PASSWORD);
      const target = await createDonor(t.http);
      created.users += 1;
      expectRefusal(await send('POST', `/api/ops/users/${target.id}/suspend`, { token: operator, body: { reason: `Reselling ${LONE}` } }), 400, 'reason');
      expectRefusal(await send('POST', `/api/ops/food/${foodId}/hide`, { token: operator, body: { reason: `${LONE} wrong photo` } }), 400, 'reason');
      const [row] = await t.db.query(`SELECT suspended_at FROM users WHERE id = $1`, [target.id]);
      expect(row.suspended_at).toBeNull();
      // A proper pair (an emoji) is text like any other.
      const emoji = await send('POST', `/api/ops/users/${target.id}/suspend`, { token: operator, body: { reason: 'Reselling \u{1F35A}' } });
      expect(emoji.status).toBe(201);
      expect(emoji.body.suspension_reason).toBe('Reselling \u{1F35A}');
    });
  });

  describe('oversized and out-of-range input', () => {
    it('refuses a body over 64 KiB with 413', async () => {
      expectRefusal(await addRaw(JSON.stringify({ ...food(), description: 'x'.repeat(70 * 1024) })), 413);
    });
    it('refuses a 10,000-character food_name with 400 naming food_name', async () => {
      expectRefusal(await send('POST', '/api/add', { token: donor.token, body: { ...food(), food_name: 'k'.repeat(10_000) } }), 400, 'food_name');
    });
    it.each([1e20, -1, 0, 1.5, '5', null, true, [], {}, 100_001])('refuses quantity %j with 400 naming quantity', async (quantity) => {
      expectRefusal(await send('POST', '/api/add', { token: donor.token, body: { ...food(), quantity } }), 400, 'quantity');
    });
    it.each([
      ['offset', '1e20'],
      ['offset', '99999999999999999999'],
      ['offset', '9223372036854775807'],
      ['offset', '-1'],
      ['limit', '1e20'],
      ['limit', 'abc'],
    ])('GET /api/available?%s=%s answers 400 naming it', async (param, value) => {
      expectRefusal(await send('GET', `/api/available?${param}=${value}`), 400, param);
    });
    const nested = '['.repeat(20_000) + ']'.repeat(20_000);
    it.each([
      ['/api/add', nested],
      ['/api/add', `{"food_name":${nested}}`],
      ['/api/login', `{"email":${nested},"password":"x"}`],
    ])('refuses a 20,000-level nested body (40 KB) on POST %s with 400', async (path, rawBody) => {
      expectRefusal(await send('POST', path, { rawBody, token: donor.token }), 400);
    });
  });

  describe('text whose length depends on how it is counted (variation selectors, ZWJ sequences, combining marks)', () => {
    // PostgreSQL bounds varchar(n) in code points; UTF-16 code units and graphemes both count differently.
    const UNITS: [string, string][] = [
      ['variation selectors', 'a\uFE0F'], // 2 code points, one "character" to validator.js
      ['keycaps', '1\uFE0F\u20E3'], // 3 code points, one grapheme
      ['ZWJ sequences', '\u{1F468}\u200D\u{1F469}\u200D\u{1F467}'], // 5 code points, 8 UTF-16 units, one grapheme
      ['combining marks', 'e\u0301'], // 2 code points, one grapheme
      ['skin-tone emoji', '\u{1F44D}\u{1F3FD}'], // 2 code points, 4 UTF-16 units
    ];
    const codePoints = (text: string) => [...text].length;
    /** `unit` repeated to exactly `length` code points (topped up with "x"). */
    const textOf = (unit: string, length: number) => {
      const repeated = unit.repeat(Math.floor(length / codePoints(unit)));
      return repeated + 'x'.repeat(length - codePoints(repeated));
    };
    const stored = async (sql: string, id: number) => (await t.db.query(sql, [id]))[0];

    it('61 × "a\\uFE0F" as food_name (122 code points) is refused with 400 naming food_name', async () => {
      const response = await send('POST', '/api/add', { token: donor.token, body: { ...food(), food_name: 'a\uFE0F'.repeat(61) } });
      expectRefusal(response, 400, 'food_name');
    });

    describe.each(UNITS)('%s', (_label, unit) => {
      it.each([
        ['food_name', 120],
        ['description', 1000],
      ])('%s: exactly %i code points is stored intact; one more is 400 naming it', async (field, limit) => {
        const fits = textOf(unit, limit);
        const added = await send('POST', '/api/add', { token: donor.token, body: { ...food(), [field]: fits } });
        expect(added.status).toBe(201);
        created.food_items += 1;
        expect((await stored(`SELECT ${field} AS text FROM food_items WHERE id = $1`, added.body.id)).text).toBe(fits);
        expect((await send('GET', `/api/food/${added.body.id}`)).body[field]).toBe(fits);
        const over = await send('POST', '/api/add', { token: donor.token, body: { ...food(), [field]: textOf(unit, limit + 1) } });
        expectRefusal(over, 400, field);
      });

      it('registration name: exactly 100 code points is stored intact; one more is 400 naming name', async () => {
        const fits = textOf(unit, 100);
        const email = `cp-${codePoints(unit)}-${unit.codePointAt(0)}@example.eg`;
        const registered = await send('POST', '/api/registercharity', { body: { name: fits, email, password: PASSWORD } });
        expect(registered.status).toBe(201);
        created.users += 1;
        expect((await stored('SELECT name FROM users WHERE id = $1', registered.body.user_id)).name).toBe(fits);
        const over = { name: textOf(unit, 101), email: `over-${email}`, password: PASSWORD };
        expectRefusal(await send('POST', '/api/registerdonor', { body: over }), 400, 'name');
        // Looked up by path, such a name is an unknown one, or longer than Fastify lets a path parameter be.
        expectRefusal(await send('GET', `/api/charityid/${encodeURIComponent(over.name)}`), [400, 404, 414]);
      });

      it('password: 128 code points signs up and logs in; 129 is 400 naming password; login with either is never a 500', async () => {
        const email = `pw-${codePoints(unit)}-${unit.codePointAt(0)}@example.eg`;
        const password = textOf(unit, 128);
        expect((await send('POST', '/api/registerdonor', { body: { name: 'Pass Word', email, password } })).status).toBe(201);
        created.users += 1;
        expect((await send('POST', '/api/login', { body: { email, password } })).status).toBe(200);
        const tooLong = textOf(unit, 129);
        expectRefusal(await send('POST', '/api/registerdonor', { body: { name: 'Pass Word', email: `x${email}`, password: tooLong } }), 400, 'password');
        expectRefusal(await send('POST', '/api/login', { body: { email, password: tooLong } }), [400, 401]);
      });

      it('e-mail: such text in the address is refused with 400 naming email or stored intact, never a 500', async () => {
        for (const email of [`${unit.repeat(3)}@example.eg`, `${textOf(unit, 64)}@example.eg`, `a@${textOf(unit, 250)}.eg`]) {
          const response = await send('POST', '/api/registerdonor', { body: { name: 'Mail Test', email, password: PASSWORD } });
          if (response.status === 201) {
            created.users += 1;
            expect((await stored('SELECT email FROM users WHERE id = $1', response.body.user_id)).email).toBe(email.toLowerCase());
          } else {
            expectRefusal(response, 400, 'email');
          }
          expectRefusal(await send('POST', '/api/login', { body: { email: email + unit.repeat(200), password: PASSWORD } }), [400, 401]);
        }
      });
    });
  });

  describe('wrong JSON types, malformed JSON, wrong content types', () => {
    it.each(['[{"food_name":"Ful"}]', '"a string"', 'null', '42', 'true'])('refuses the body %s with 400 naming fields', async (raw) => {
      expectRefusal(await addRaw(raw), 400, 'food_name');
    });
    it.each(['5', { $gt: 0 }, [1], null, true, 1.5, -1, 0, 2 ** 31])('refuses food_id %j with 400 naming food_id', async (value) => {
      expectRefusal(await send('POST', '/api/request', { token: charity.token, body: { food_id: value } }), 400, 'food_id');
    });
    it.each([['fulfilled'], { $ne: 'x' }, true, 'FULFILLED', null])('refuses a fulfil status of %j with 400 naming status', async (status) => {
      expectRefusal(await send('PUT', `/updaterequeststatus/${requestId}`, { token: donor.token, body: { status } }), 400, 'status');
    });
    it.each(['{"food_name":', '{food_name: "Ful"}', "{'a':1}", '{"a":1,}', '\u0000'])('refuses malformed JSON %j with 400', async (raw) => {
      expectRefusal(await addRaw(raw), 400);
    });
    it('refuses an empty body declared as JSON with 400', async () => {
      expectRefusal(await addRaw(''), 400);
    });
    it('answers a text/plain body with a 4xx, not a 500', async () => {
      expectRefusal(await addRaw(JSON.stringify(food()), { 'content-type': 'text/plain' }), [400, 415]);
    });
    it('answers an unsupported content type with 415', async () => {
      expectRefusal(await addRaw('<food/>', { 'content-type': 'application/xml' }), 415);
    });
  });

  describe("a listing's new fields: each bad value is a 400 naming its field, and nothing is stored", () => {
    const at = (offsetMs: number) => new Date(Date.now() + offsetMs).toISOString();
    const HOUR = 3_600_000;
    const cooked = { category: 'cooked_meal', storage: 'hot', prepared_at: at(-HOUR) };
    it.each([
      [{ category: 'pastry' }, 'category'],
      [{ category: 7 }, 'category'],
      [{ storage: 'warm' }, 'storage'],
      [{ unit: 'litre' }, 'unit'],
      [{ allergens: ['gluten', 'nuts'] }, 'allergens\\.1'],
      [{ allergens: ['gluten', 'gluten'] }, 'allergens'],
      [{ allergens: 'gluten' }, 'allergens'],
      [{ expiration_date: '9999-12-31' }, 'expiration_date'],
      [{ expiration_date: cairoDateIn(400) }, 'expiration_date'],
      [{ pickup_from: at(-3 * HOUR), pickup_until: at(-2 * HOUR) }, 'pickup_until'],
      [{ pickup_from: at(-3 * HOUR), pickup_until: at(2 * HOUR) }, 'pickup_from'],
      [{ pickup_from: at(2 * HOUR), pickup_until: at(HOUR) }, 'pickup_until'],
      [{ pickup_from: at(HOUR), pickup_until: at(HOUR + 60_000) }, 'pickup_until'],
      [{ pickup_from: '2026-11-24T21:00:00', pickup_until: at(2 * HOUR) }, 'pickup_from'],
      [{ pickup_from: 'tonight', pickup_until: at(2 * HOUR) }, 'pickup_from'],
      [{ pickup_from: at(400 * 24 * HOUR), pickup_until: at(401 * 24 * HOUR) }, 'pickup_from'],
      [{ ...cooked, prepared_at: at(HOUR) }, 'prepared_at'],
      [{ category: 'cooked_meal', storage: 'hot' }, 'prepared_at'],
      [{ category: 'bakery', storage: 'hot' }, 'storage'],
      [{ weight_kg: 0 }, 'weight_kg'],
      [{ weight_kg: -1 }, 'weight_kg'],
      [{ weight_kg: 10_000.01 }, 'weight_kg'],
      [{ weight_kg: '5' }, 'weight_kg'],
      [{ unit: 'tray' }, 'weight_kg'],
      [{ pickup_point_id: 0 }, 'pickup_point_id'],
      [{ pickup_point_id: 2_000_000_000 }, 'pickup_point_id'],
      [{ pickup_point_id: `1' OR '1'='1` }, 'pickup_point_id'],
    ])('%j → 400 naming %s', async (fields, field) => {
      const before = await counts();
      expectRefusal(await send('POST', '/api/add', { token: donor.token, body: { ...food(), ...fields } }), 400, field);
      expect(await counts()).toEqual(before);
    });

    it.each([
      [{ contact_phone: '0221234567' }, 'contact_phone'],
      [{ contact_phone: '01312345678' }, 'contact_phone'],
      [{ contact_phone: '+1 202 555 0100' }, 'contact_phone'],
      [{ contact_phone: 12345678901 }, 'contact_phone'],
      [{ lat: 48.85, lng: 2.35 }, 'lat'],
      [{ lat: 31.2, lng: 40 }, 'lng'],
      [{ lat: 31.2, lng: null }, 'lng'],
      [{ lat: '30', lng: '31' }, 'lat'],
      [{ governorate: 'EG-XX' }, 'governorate'],
      [{ governorate: 'Cairo' }, 'governorate'],
      [{ label: 'x'.repeat(81) }, 'label'],
      [{ area: '\u0000' }, 'area'],
      [{ address_line: '' }, 'address_line'],
    ])('pickup point %j → 400 naming %s', async (fields, field) => {
      const body = {
        label: 'Shop',
        governorate: 'EG-C',
        area: 'Downtown',
        address_line: '1 Street',
        contact_name: 'Mona',
        contact_phone: '01012345678',
        ...fields,
      };
      expectRefusal(await send('POST', '/api/pickup-points', { token: donor.token, body }), 400, field);
    });

    it.each([
      ['governorate=EG-XX', 'governorate'],
      ['category=pastry', 'category'],
      ['storage=warm', 'storage'],
      ['window=tomorrow', 'window'],
      ['near=48.85,2.35', 'near'],
      ['near=30.0', 'near'],
      ['near=30.0,31.2,5', 'near'],
      [`near=${encodeURIComponent(`30' OR '1'='1`)}`, 'near'],
    ])('GET /api/available?%s → 400 naming %s', async (query, field) => {
      expectRefusal(await send('GET', `/api/available?${query}`), 400, field);
    });
  });

  describe('unknown routes and methods', () => {
    it.each(['/api/nope', '/api/food', '/api/food/1/extra', '/api/../etc/passwd', '/api/add%00', '/API/AVAILABLE'])('GET %s → 404 JSON', async (path) => {
      expectRefusal(await send('GET', path), 404);
    });
    it.each([
      ['DELETE', '/api/add'],
      ['PUT', '/api/food/1'],
      ['PUT', '/api/available'],
      ['PUT', '/api/pickup-points/1'],
      ['POST', '/api/ops/heat-overrides'],
      ['DELETE', '/requeststatus/1'],
      ['POST', '/api/auth/me'],
    ])('%s %s → 404 or 405 JSON', async (method, path) => {
      expectRefusal(await send(method, path, { token: donor.token }), [404, 405]);
    });
  });

  describe('prototype-pollution-shaped bodies', () => {
    it.each([
      ['__proto__ at the top', (body: string) => `{"__proto__":{"polluted":1},${body.slice(1)}`],
      ['constructor.prototype at the top', (body: string) => `{"constructor":{"prototype":{"polluted":1}},${body.slice(1)}`],
      ['__proto__ inside a field', (body: string) => body.replace('"Ful medames"', '{"__proto__":{"polluted":1}}')],
    ])('%s is refused (4xx) and pollutes nothing', async (_label, shape) => {
      const response = await addRaw(shape(JSON.stringify(food())));
      expectRefusal(response, 400);
      expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    });
    it('a __proto__ query string pollutes nothing and the API still answers', async () => {
      const response = await send('GET', '/api/available?__proto__[polluted]=1&constructor[prototype][polluted]=1');
      expect(response.status).toBe(200);
      expect(({} as Record<string, unknown>).polluted).toBeUndefined();
      expect(response.body.every((item: object) => !('polluted' in item))).toBe(true);
    });
  });

  describe('bodies of the notification, push, partner and recovery calls', () => {
    const profile = { governorates: ['EG-GZ'], categories: ['bakery'], storage: ['ambient'] };
    const keys = { p256dh: `B${'A'.repeat(86)}`, auth: 'A'.repeat(22) };
    const uuid = '4b9c1c4e-0f5e-4a35-9a53-2f1c2d7a6e10';
    const cases: [string, string, string, 'donor' | 'charity' | 'none', unknown, string][] = [
      ['governorates as SQL', 'PUT', '/api/charity/profile', 'charity', { ...profile, governorates: [SQLI[0]] }, 'governorates\\.0'],
      ['governorates not a list', 'PUT', '/api/charity/profile', 'charity', { ...profile, governorates: 'EG-GZ' }, 'governorates'],
      ['a phone with NUL', 'PUT', '/api/charity/profile', 'charity', { ...profile, phone: '0101234\u00005678' }, 'phone'],
      ['a base latitude as SQL', 'PUT', '/api/charity/profile', 'charity', { ...profile, base_lat: SQLI[1], base_lng: 31, radius_km: 5 }, 'base_lat'],
      ['quiet hours as an operator object', 'PUT', '/api/charity/profile', 'charity', { ...profile, quiet_hours: { start: { $gt: '' }, end: '07:00' } }, 'quiet_hours.start'],
      ['a language as SQL', 'PUT', '/api/notifications/preferences', 'donor', { language: SQLI[2], choices: {} }, 'language'],
      ['choices as strings', 'PUT', '/api/notifications/preferences', 'donor', { language: 'en', choices: { new_food: { in_app: 'true' } } }, 'choices\\.new_food\\.in_app'],
      ['read ids as SQL', 'POST', '/api/notifications/read', 'donor', { ids: [SQLI[0]] }, 'ids\\.0'],
      ['501 read ids', 'POST', '/api/notifications/read', 'donor', { ids: Array(501).fill(uuid) }, 'ids'],
      ['a javascript: endpoint', 'POST', '/api/push/subscriptions', 'charity', { endpoint: 'javascript:alert(1)', keys }, 'endpoint'],
      ['a file: endpoint', 'POST', '/api/push/subscriptions', 'charity', { endpoint: 'file:///etc/passwd', keys }, 'endpoint'],
      ['keys as SQL', 'POST', '/api/push/subscriptions', 'charity', { endpoint: 'https://push.example.com/x', keys: { p256dh: SQLI[1], auth: SQLI[0] } }, 'keys\\.p256dh'],
      ['an endpoint as a number', 'DELETE', '/api/push/subscriptions', 'charity', { endpoint: 12 }, 'endpoint'],
      ['partner ids as SQL', 'PUT', '/api/donor/partners', 'donor', { charity_ids: [SQLI[3]] }, 'charity_ids\\.0'],
      ['a thousand partner ids', 'PUT', '/api/donor/partners', 'donor', { charity_ids: Array.from({ length: 1000 }, (_, i) => i + 1) }, 'charity_ids'],
      ['a reset e-mail as SQL', 'POST', '/api/auth/forgot-password', 'none', { email: SQLI[0] }, 'email'],
      ['a reset token as SQL', 'POST', '/api/auth/reset-password', 'none', { token: SQLI[1], password: 'long enough passphrase' }, 'token'],
    ];
    it.each(cases)('%s: %s %s → 400 naming the field', async (_label, method, path, role, body, field) => {
      const token = role === 'donor' ? donor.token : role === 'charity' ? charity.token : undefined;
      expectRefusal(await send(method, path, { token, body }), 400, field);
    });
    it.each(['/api/charity/profile', '/api/notifications/preferences', '/api/donor/partners'])('PUT %s with a non-object body → 400', async (path) => {
      const token = path === '/api/donor/partners' ? donor.token : charity.token;
      for (const rawBody of ['[]', '"text"', 'null', '{"__proto__":{"polluted":1}}']) {
        expectRefusal(await send('PUT', path, { token, rawBody, headers: { 'content-type': 'application/json' } }), 400);
      }
      expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    });
    it('a charity search for SQL is just text (no match), and a bad page size names limit', async () => {
      for (const search of SQLI) {
        const response = await send('GET', `/api/charities?search=${encodeURIComponent(search)}`, { token: donor.token });
        expect(response.status).toBe(200);
        expect(response.body).toEqual({ items: [], total: 0 });
      }
      expectRefusal(await send('GET', '/api/charities?limit=1;DROP', { token: donor.token }), 400, 'limit');
    });
  });

  describe('after the barrage', () => {
    it('every table still exists, counts match, the arranged rows are intact', async () => {
      const regclasses = await t.db.query(`SELECT to_regclass(name) AS found FROM unnest($1::text[]) AS name`, [TABLES]);
      expect(regclasses.map((row: { found: string | null }) => row.found)).toEqual(TABLES);
      expect(await counts()).toEqual({
        users: arranged.users + created.users,
        food_items: arranged.food_items + created.food_items,
        pickup_requests: arranged.pickup_requests + created.pickup_requests,
      });
      expect((await send('GET', `/requeststatus/${requestId}`, { token: charity.token })).body).toEqual({ status: 'pending' });
      expect((await send('GET', `/api/food/${foodId}`)).body).toMatchObject({ food_name: 'Koshary', status: 'claimed' });
      expect((await send('GET', '/api/auth/me', { token: donor.token })).status).toBe(200);
    });
  });
});
