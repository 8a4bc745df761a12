import { writeFileSync } from 'node:fs';
import { addFood, cairoDateIn, createCharity, createDonor, requestPickup } from './support/factories';
import { startTestApp, type TestApp } from './support/test-app';

describe('probe', () => {
  let t: TestApp;
  beforeAll(async () => { t = await startTestApp(); });
  afterAll(() => t.close());
  it('probes', async () => {
    const d = await createDonor(t.http); const c = await createCharity(t.http);
    const f = await addFood(t.http, d);
    const out: unknown[] = [];
    const good = { food_name: 'x', quantity: 1, description: 'd', expiration_date: cairoDateIn(2) };
    const probes: [string, string, any][] = [
      ['POST', '/api/add', { rawBody: '{"food_name":', token: d.token }],
      ['POST', '/api/add', { rawBody: JSON.stringify({ ...good, description: 'x'.repeat(70000) }), token: d.token }],
      ['POST', '/api/add', { rawBody: JSON.stringify([good]), token: d.token }],
      ['POST', '/api/add', { rawBody: '"abc"', token: d.token }],
      ['POST', '/api/add', { rawBody: 'null', token: d.token }],
      ['POST', '/api/add', { rawBody: '42', token: d.token }],
      ['POST', '/api/add', { rawBody: JSON.stringify(good), token: d.token, headers: { 'content-type': 'text/plain' } }],
      ['POST', '/api/add', { rawBody: '<a/>', token: d.token, headers: { 'content-type': 'application/xml' } }],
      ['POST', '/api/add', { rawBody: '{"__proto__":{"x":1},"food_name":"a","quantity":1,"description":"d","expiration_date":"' + cairoDateIn(2) + '"}', token: d.token }],
      ['POST', '/api/add', { rawBody: '{"constructor":{"prototype":{"x":1}},"food_name":"a","quantity":1,"description":"d","expiration_date":"' + cairoDateIn(2) + '"}', token: d.token }],
      ['POST', '/api/add', { body: { ...good, food_name: 'a\u0000b' }, token: d.token }],
      ['POST', '/api/add', { body: { ...good, quantity: 1e20 }, token: d.token }],
      ['POST', '/api/add', { body: { ...good, quantity: [] }, token: d.token }],
      ['POST', '/api/add', { body: { ...good, food_name: 'x'.repeat(10000) }, token: d.token }],
      ['POST', '/api/request', { body: { food_id: '1' }, token: c.token }],
      ['POST', '/api/request', { body: { food_id: { $gt: 0 } }, token: c.token }],
      ['POST', '/api/request', { rawBody: '[1]', token: c.token }],
      ['GET', '/api/charityid/%00', {}],
      ['GET', '/api/charityid/%', {}],
      ['GET', "/api/charityid/x'%20OR%20'1'='1", {}],
      ['GET', '/api/charityid/' + 'a'.repeat(150), {}],
      ['GET', '/api/food/1;DROP%20TABLE%20users', {}],
      ['GET', '/api/food/1%3BDROP%20TABLE%20users', {}],
      ['GET', '/api/food/9999999999', {}],
      ['GET', '/api/food/' + f.id + '?x=1', {}],
      ['GET', '/api/available?offset=1e20', {}],
      ['GET', '/api/available?offset=99999999999999999999', {}],
      ['GET', '/api/available?limit=abc', {}],
      ['GET', '/api/available?limit[]=1', {}],
      ['GET', '/api/available?limit=1&limit=2', {}],
      ['GET', '/api/nope', {}],
      ['DELETE', '/api/add', { token: d.token }],
      ['PATCH', '/api/food/1', {}],
      ['POST', '/api/login', { body: { email: "' OR 1=1 --", password: 'x' } }],
      ['POST', '/api/login', { body: { email: 'a\u0000@b.eg', password: 'xxxxxxxxx' } }],
      ['POST', '/api/registerdonor', { body: { name: 'a\u0000b', email: 'nul@b.eg', password: 'xxxxxxxxxxx' } }],
      ['POST', '/api/registerdonor', { body: { name: "Robert'); DROP TABLE users;--", email: "o'brien@b.eg", password: 'xxxxxxxxxxx' } }],
      ['GET', '/api/auth/me', { token: 'a'.repeat(10000) }],
      ['PUT', '/updaterequeststatus/1', { rawBody: '{bad', token: d.token }],
      ['POST', '/api/add', { rawBody: '', token: d.token }],
      ['GET', '/api/donor/%2e%2e', { token: d.token }],
    ];
    for (const [m, p, o] of probes) {
      try { const r = await t.http.request(m, p, o); out.push([m, p.slice(0, 60), r.status, typeof r.body === 'string' ? r.body.slice(0, 200) : r.body]); }
      catch (e) { out.push([m, p, 'ERR', String(e)]); }
    }
    writeFileSync('/tmp/probe/out.json', JSON.stringify(out, null, 1));
  });
});
