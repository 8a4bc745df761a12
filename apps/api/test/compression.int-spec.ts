import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { addFood, cairoDateIn, createDonor, type TestUser } from './support/factories';
import { startTestApp, type TestApp } from './support/test-app';

interface RawAnswer {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

/** A GET over node:http, which (unlike fetch) neither asks for nor undoes compression by itself. */
function rawGet(url: string, headers: Record<string, string> = {}): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    httpRequest(url, { headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }));
      response.on('error', reject);
    })
      .on('error', reject)
      .end();
  });
}

const DECODE = { br: brotliDecompressSync, gzip: gunzipSync } as const;


describe('compressed answers (brotli and gzip, as Accept-Encoding asks)', () => {
  let t: TestApp;
  let donor: TestUser;
  let plain: RawAnswer;
  beforeAll(async () => {
    t = await startTestApp();
    donor = await createDonor(t.http);
    for (let i = 0; i < 30; i += 1) await addFood(t.http, donor, { food_name: `Koshary box ${i}`, expiration_date: cairoDateIn(1 + (i % 3)) });
    plain = await rawGet(`${t.baseUrl}/api/available`);
  });
  afterAll(() => t.close());

  it('sends the board as it is to a client that accepts no coding, saying that it varies', async () => {
    expect(plain.status).toBe(200);
    expect(plain.body.length).toBeGreaterThan(4096);
    expect(JSON.parse(plain.body.toString())).toHaveLength(30);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary?.toLowerCase()).toContain('accept-encoding');
    expect(Number(plain.headers['content-length'])).toBe(plain.body.length);
    const identity = await rawGet(`${t.baseUrl}/api/available`, { 'accept-encoding': 'identity' });
    expect(identity.headers['content-encoding']).toBeUndefined();
    expect(identity.body.equals(plain.body)).toBe(true);
  });

  it.each([
    ['br', 'br'],
    ['gzip', 'gzip'],
    ['gzip, deflate, br', 'br'],
    ['br;q=0, gzip', 'gzip'],
  ] as const)('answers Accept-Encoding "%s" with the board in %s, with its own length and tag', async (accept, coding) => {
    const first = await rawGet(`${t.baseUrl}/api/available`, { 'accept-encoding': accept });
    const again = await rawGet(`${t.baseUrl}/api/available`, { 'accept-encoding': accept });
    for (const answer of [first, again]) {
      expect(answer.status).toBe(200);
      expect(answer.headers['content-encoding']).toBe(coding);
      expect(answer.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(answer.headers.vary?.toLowerCase()).toContain('accept-encoding');
      expect(Number(answer.headers['content-length'])).toBe(answer.body.length);
      expect(answer.body.length).toBeLessThan(plain.body.length / 4);
      expect(DECODE[coding](answer.body).equals(plain.body)).toBe(true);
      // A coded copy is another representation: another strong tag, never the plain body's.
      expect(answer.headers.etag).toMatch(/^"[\w-]+"$/);
      expect(answer.headers.etag).not.toBe(plain.headers.etag);
    }
    // Compressed once, kept with the cached body: the same bytes and tag each time.
    expect(again.body.equals(first.body)).toBe(true);
    expect(again.headers.etag).toBe(first.headers.etag);
  });

  it('answers 304 to a client holding the board in any coding, and the new copy once the board changed', async () => {
    const br = await rawGet(`${t.baseUrl}/api/available`, { 'accept-encoding': 'br' });
    const held = br.headers.etag as string;
    for (const accept of ['br', 'gzip', 'identity']) {
      const answer = await rawGet(`${t.baseUrl}/api/available`, { 'accept-encoding': accept, 'if-none-match': held });
      expect({ accept, status: answer.status, length: answer.body.length }).toEqual({ accept, status: 304, length: 0 });
    }
    await addFood(t.http, donor, { food_name: 'One more box' });
    const changed = await rawGet(`${t.baseUrl}/api/available`, { 'accept-encoding': 'br', 'if-none-match': held });
    expect(changed.status).toBe(200);
    expect(changed.headers.etag).not.toBe(held);
    expect(JSON.parse(brotliDecompressSync(changed.body).toString())).toHaveLength(31);
  });

  it('compresses a donor\'s own list, which is cached the same way', async () => {
    const answer = await rawGet(`${t.baseUrl}/api/donor/${donor.id}`, { 'accept-encoding': 'gzip', authorization: `Bearer ${donor.token}` });
    expect(answer.status).toBe(200);
    expect(answer.headers['content-encoding']).toBe('gzip');
    expect(Number(answer.headers['content-length'])).toBe(answer.body.length);
    expect(JSON.parse(gunzipSync(answer.body).toString()).length).toBeGreaterThanOrEqual(30);
  });

  it('compresses other big JSON answers as they are sent (the OpenAPI document)', async () => {
    const plainDoc = await rawGet(`${t.baseUrl}/api/docs-json`);
    const answer = await rawGet(`${t.baseUrl}/api/docs-json`, { 'accept-encoding': 'br, gzip' });
    expect(answer.status).toBe(200);
    expect(plainDoc.headers['content-encoding']).toBeUndefined();
    expect(answer.headers['content-encoding']).toBe('br');
    expect(answer.headers.vary?.toLowerCase()).toContain('accept-encoding');
    expect(brotliDecompressSync(answer.body).equals(plainDoc.body)).toBe(true);
  });

  it('leaves small answers alone', async () => {
    const answer = await rawGet(`${t.baseUrl}/api/request/totalmeals`, { 'accept-encoding': 'br, gzip' });
    expect(answer.status).toBe(200);
    expect(answer.body.length).toBeLessThan(4096);
    expect(answer.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(answer.body.toString())).toBeDefined();
  });

  it('never decompresses request bodies', async () => {
    const answer = await fetch(`${t.baseUrl}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' },
      body: Buffer.from('not gzip at all'),
    });
    expect(answer.status).toBeGreaterThanOrEqual(400);
    expect(answer.status).toBeLessThan(500);
  });
});
