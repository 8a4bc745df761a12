import { request as httpRequest } from 'node:http';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { crc32, createDeflate } from 'node:zlib';
import { apiPath, ERRORS, EXTRA_ROUTES, LIMITS, type FoodStatus } from '@food-link/contracts';
import exifReader from 'exif-reader';
import S3rver from 's3rver';
import sharp from 'sharp';
import { UploadSlots } from '../src/uploads/upload-slots';
import { createCharity, createDonor, type TestUser } from './support/factories';
import type { HttpResult } from './support/http-client';
import { startTestApp, type TestApp } from './support/test-app';

/*
 * Photos of food items, through the real upload path: multipart over HTTP, sharp re-encoding, the local
 * disk (and an S3-compatible server, s3rver, for S3PhotoStorage), PostgreSQL. Fixtures are made with sharp
 * here, so what they carry (EXIF with a GPS position, an orientation) is known and checked first.
 */

const PHOTO_URL = /^\/api\/photos\/[0-9a-f]{32}\.webp$/;
const THUMB_URL = /^\/api\/photos\/[0-9a-f]{32}-thumb\.webp$/;
const IMMUTABLE = 'public, max-age=31536000, immutable';
/** Tahrir Square: the position the fixture's EXIF gives away. */
const GPS = { GPSLatitudeRef: 'N', GPSLatitude: '30/1 2/1 4/1', GPSLongitudeRef: 'E', GPSLongitude: '31/1 14/1 9/1' };

interface Upload {
  data: Buffer;
  /** The form field; `photo` unless said. */
  field?: string;
  filename?: string;
  type?: string;
}

/** A landscape JPEG, 2400 × 1600 as stored, marked "rotate 90° to view" (EXIF orientation 6), with GPS. */
async function phoneJpeg(): Promise<Buffer> {
  return sharp({ create: { width: 2400, height: 1600, channels: 3, background: { r: 190, g: 120, b: 40 } } })
    .jpeg({ quality: 90 })
    .withMetadata({ orientation: 6 })
    .withExifMerge({ IFD0: { Make: 'FoodLinkTestCam', Model: 'Fixture' }, IFD3: GPS })
    .toBuffer();
}

const png = () => sharp({ create: { width: 900, height: 300, channels: 4, background: { r: 20, g: 160, b: 90, alpha: 1 } } }).png().toBuffer();
const webp = () => sharp({ create: { width: 500, height: 500, channels: 3, background: { r: 60, g: 60, b: 200 } } }).webp().toBuffer();
const smallJpeg = () => sharp({ create: { width: 64, height: 48, channels: 3, background: { r: 1, g: 2, b: 3 } } }).jpeg().toBuffer();

/**
 * A PNG whose header claims 20,000 × 20,000 pixels (400 megapixels, over 1 GB decoded) in a few dozen bytes:
 * a decompression bomb, refused from the header.
 */
function pngBomb(): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(20_000, 0);
  header.writeUInt32BE(20_000, 4);
  header.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', Buffer.from([0x78, 0x9c, 0x03, 0x00, 0x00, 0x00, 0x00, 0x01])),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/**
 * A real interlaced 16-bit RGBA PNG of `width` × `height`, every pixel black: a few hundred KB that decode to
 * width × height × 8 bytes (9999 × 9999: 800 MB). Interlaced PNGs are decoded whole, so a decoder that
 * trusts them allocates all of it. Written with zlib (sharp takes seconds to make one).
 */
async function interlacedPngBomb(width: number, height: number): Promise<Buffer> {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  // Adam7's seven passes: each row is a filter byte and its pixels (8 bytes each), all zero.
  const passes = [[0, 0, 8, 8], [4, 0, 8, 8], [0, 4, 4, 8], [2, 0, 4, 4], [0, 2, 2, 4], [1, 0, 2, 2], [0, 1, 1, 2]];
  let raw = 0;
  for (const [x0, y0, dx, dy] of passes) {
    const columns = Math.ceil((width - x0) / dx);
    const rows = Math.ceil((height - y0) / dy);
    if (columns > 0 && rows > 0) raw += rows * (1 + columns * 8);
  }
  const deflate = createDeflate({ level: 9 });
  const compressed: Buffer[] = [];
  deflate.on('data', (data: Buffer) => compressed.push(data));
  const ended = new Promise((resolve) => deflate.on('end', resolve));
  const zeros = Buffer.alloc(4 << 20);
  for (let left = raw; left > 0; left -= zeros.length) {
    if (!deflate.write(left >= zeros.length ? zeros : zeros.subarray(0, left))) await new Promise((resolve) => deflate.once('drain', resolve));
  }
  deflate.end();
  await ended;
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  // 16 bits per channel, RGBA, deflate, adaptive filtering, Adam7 interlacing.
  header.set([16, 6, 0, 0, 1], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', Buffer.concat(compressed)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/**
 * An upload whose body is sent up to the middle of its file and then held: the server has its headers and
 * is reading. `finish` sends the rest and resolves with the status; `abort` hangs up.
 */
function heldUpload(t: TestApp, user: TestUser, foodId: number, data: Buffer): { finish(): Promise<number>; abort(): void } {
  const boundary = `----held${Math.random().toString(16).slice(2)}`;
  const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="photo"; filename="held.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`);
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const body = Buffer.concat([head, data, tail]);
  let status: (code: number) => void = () => undefined;
  const answered = new Promise<number>((resolve) => (status = resolve));
  const request = httpRequest(`${t.baseUrl}${apiPath(EXTRA_ROUTES.foodPhotos, { id: foodId })}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${user.token}`, 'content-type': `multipart/form-data; boundary=${boundary}`, 'content-length': body.length },
  });
  request.on('response', (response) => {
    response.resume();
    status(response.statusCode ?? 0);
  });
  request.on('error', () => status(0));
  const half = head.length + Math.floor(data.length / 2);
  request.write(body.subarray(0, half));
  return {
    finish: () => {
      request.end(body.subarray(half));
      return answered;
    },
    abort: () => request.destroy(),
  };
}

/** Polls `check` every 20 ms until it holds (at most 10 s). */
async function until(check: () => boolean): Promise<void> {
  for (const started = Date.now(); !check(); ) {
    if (Date.now() - started > 10_000) throw new Error('condition not met within 10 s');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** Sends a multipart upload as a browser's FormData would. */
async function upload(t: TestApp, user: TestUser | null, foodId: number, files: Upload[], headers: Record<string, string> = {}): Promise<HttpResult> {
  const form = new FormData();
  for (const file of files) {
    form.append(file.field ?? 'photo', new Blob([new Uint8Array(file.data)], { type: file.type ?? 'image/jpeg' }), file.filename ?? 'photo.jpg');
  }
  const response = await fetch(`${t.baseUrl}${apiPath(EXTRA_ROUTES.foodPhotos, { id: foodId })}`, {
    method: 'POST',
    headers: { ...(user ? { authorization: `Bearer ${user.token}` } : {}), ...headers },
    body: form,
  });
  const text = await response.text();
  return { status: response.status, body: text && response.headers.get('content-type')?.includes('json') ? JSON.parse(text) : text, headers: response.headers };
}

/** GET of a served photo, as bytes. */
async function fetchPhoto(t: TestApp, url: string, headers: Record<string, string> = {}) {
  const response = await fetch(`${t.baseUrl}${url}`, { headers });
  return { status: response.status, headers: response.headers, bytes: Buffer.from(await response.arrayBuffer()) };
}

/** A GET whose path goes out exactly as written (fetch would resolve `..` segments before sending). */
function rawGet(t: TestApp, path: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(`${t.baseUrl}/`, { method: 'GET', path }, (response) => {
      let body = '';
      response.setEncoding('latin1');
      response.on('data', (chunk: string) => (body += chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
    });
    request.on('error', reject);
    request.end();
  });
}

/** A food item of `donor` in `status`, made in the database (only its donor and status matter here). */
async function foodItem(t: TestApp, donor: TestUser, status: FoodStatus = 'available'): Promise<number> {
  const [row] = await t.db.query(
    `INSERT INTO food_items (donor_id, food_name, quantity, description, expiration_date, status, safe_until)
     VALUES ($1, 'Molokhia with rice', 20, 'Trays', current_date + 2, $2, now() + interval '2 days') RETURNING id`,
    [donor.id, status],
  );
  return row.id;
}

const photoRows = (t: TestApp, foodId: number) =>
  t.db.query(`SELECT position, name, thumbnail_name, width, height, bytes FROM food_photos WHERE food_id = $1 ORDER BY position`, [foodId]);

const nameOf = (url: string) => url.slice(url.lastIndexOf('/') + 1);
const messages = (response: HttpResult) => [response.body.message].flat() as string[];

describe('food photos (local storage)', () => {
  let t: TestApp;
  let donor: TestUser;
  let photoDir: string;

  beforeAll(async () => {
    t = await startTestApp();
    donor = await createDonor(t.http);
    photoDir = join(t.env.DATA_DIR, 'photos');
  });
  afterAll(() => t.close());

  /** Every file in the photo folder; nothing else (no temporary file) is ever left there. */
  const filesOnDisk = () => readdirSync(photoDir).sort();

  describe('POST /api/food/{id}/photos', () => {
    it('re-encodes a phone JPEG as upright WebP without EXIF or its GPS position, with a thumbnail, and serves both', async () => {
      const fixture = await phoneJpeg();
      // The fixture really carries what must be stripped.
      const fixtureMeta = await sharp(fixture).metadata();
      expect(fixtureMeta).toEqual(expect.objectContaining({ format: 'jpeg', width: 2400, height: 1600, orientation: 6 }));
      const fixtureExif = exifReader(fixtureMeta.exif as Buffer);
      expect(fixtureExif.GPSInfo).toEqual(expect.objectContaining({ GPSLatitudeRef: 'N', GPSLatitude: [30, 2, 4], GPSLongitude: [31, 14, 9] }));
      expect(fixtureExif.Image?.Make).toBe('FoodLinkTestCam');

      const foodId = await foodItem(t, donor);
      const response = await upload(t, donor, foodId, [{ data: fixture, filename: 'IMG_2041.jpg' }]);
      expect(response.status).toBe(201);
      expect(response.body).toEqual({ photo_urls: [expect.stringMatching(PHOTO_URL)], thumbnail_urls: [expect.stringMatching(THUMB_URL)] });
      const [photoUrl] = response.body.photo_urls as string[];
      const [thumbUrl] = response.body.thumbnail_urls as string[];
      expect(nameOf(thumbUrl)).toBe(nameOf(photoUrl).replace('.webp', '-thumb.webp'));

      const photo = await fetchPhoto(t, photoUrl);
      expect(photo.status).toBe(200);
      expect(photo.headers.get('content-type')).toBe('image/webp');
      expect(photo.headers.get('cache-control')).toBe(IMMUTABLE);
      expect(photo.headers.get('etag')).toBe(`"${nameOf(photoUrl)}"`);
      expect(Number(photo.headers.get('content-length'))).toBe(photo.bytes.length);
      const meta = await sharp(photo.bytes).metadata();
      // Turned upright (portrait), at most 1600 px on its long side, and nothing of the original's metadata.
      expect(meta).toEqual(expect.objectContaining({ format: 'webp', width: 1067, height: 1600 }));
      expect({ exif: meta.exif, xmp: meta.xmp, iptc: meta.iptc, orientation: meta.orientation }).toEqual({
        exif: undefined,
        xmp: undefined,
        iptc: undefined,
        orientation: undefined,
      });
      expect(photo.bytes.includes(Buffer.from('FoodLinkTestCam'))).toBe(false);
      expect(photo.bytes.includes(Buffer.from('EXIF'))).toBe(false);

      const thumb = await fetchPhoto(t, thumbUrl);
      expect(thumb.status).toBe(200);
      expect(thumb.headers.get('content-type')).toBe('image/webp');
      expect(thumb.headers.get('cache-control')).toBe(IMMUTABLE);
      const thumbMeta = await sharp(thumb.bytes).metadata();
      expect(thumbMeta).toEqual(expect.objectContaining({ format: 'webp', width: 267, height: 400 }));
      expect(thumbMeta.exif).toBeUndefined();

      expect(await photoRows(t, foodId)).toEqual([
        { position: 0, name: nameOf(photoUrl), thumbnail_name: nameOf(thumbUrl), width: 1067, height: 1600, bytes: photo.bytes.length },
      ]);
      expect(filesOnDisk()).toEqual(expect.arrayContaining([nameOf(photoUrl), nameOf(thumbUrl)]));
      expect(filesOnDisk().filter((file) => !/^[0-9a-f]{32}(-thumb)?\.webp$/.test(file))).toEqual([]);
    });

    it('announces the change: food.updated carries the item with its photo URLs, after an upload and after a removal', async () => {
      const foodId = await foodItem(t, donor);
      const updates = () =>
        t.db.query<{ data: { foodId: number; food: { photo_urls: string[]; thumbnail_urls: string[] } } }[]>(
          `SELECT data FROM outbox_events WHERE type = 'food.updated' AND (data->>'foodId')::int = $1 ORDER BY occurred_at, id`,
          [foodId],
        );
      const uploaded = await upload(t, donor, foodId, [{ data: await smallJpeg() }]);
      expect(uploaded.status).toBe(201);
      const [afterUpload] = await updates();
      expect(afterUpload.data.food.photo_urls).toEqual(uploaded.body.photo_urls);
      expect(afterUpload.data.food.thumbnail_urls).toEqual(uploaded.body.thumbnail_urls);

      const removed = await t.http.delete(apiPath(EXTRA_ROUTES.foodPhoto, { id: foodId, index: 0 }), { token: donor.token });
      expect(removed.status).toBe(200);
      const [, afterRemoval] = await updates();
      expect(afterRemoval.data.food.photo_urls).toEqual([]);
    });

    it('answers 304 to a client that holds the photo (If-None-Match)', async () => {
      const foodId = await foodItem(t, donor);
      const [url] = (await upload(t, donor, foodId, [{ data: await smallJpeg() }])).body.photo_urls as string[];
      const first = await fetchPhoto(t, url);
      const again = await fetchPhoto(t, url, { 'if-none-match': first.headers.get('etag') as string });
      expect(again.status).toBe(304);
      expect(again.bytes.length).toBe(0);
      expect(again.headers.get('cache-control')).toBe(IMMUTABLE);
    });

    it('takes a PNG and a WebP in one request (field `photos`) after a JPEG, in order, and refuses a fourth photo with 409', async () => {
      const foodId = await foodItem(t, donor);
      const first = await upload(t, donor, foodId, [{ data: await smallJpeg() }]);
      expect(first.status).toBe(201);
      const both = await upload(t, donor, foodId, [
        { data: await png(), field: 'photos', filename: 'tray.png', type: 'image/png' },
        { data: await webp(), field: 'photos', filename: 'box.webp', type: 'image/webp' },
      ]);
      expect(both.status).toBe(201);
      expect(both.body.photo_urls).toHaveLength(3);
      expect(both.body.photo_urls[0]).toBe(first.body.photo_urls[0]);
      const sizes = [];
      for (const url of both.body.photo_urls as string[]) {
        const served = await fetchPhoto(t, url);
        const meta = await sharp(served.bytes).metadata();
        expect(meta.format).toBe('webp');
        sizes.push([meta.width, meta.height]);
      }
      // Small images are never enlarged.
      expect(sizes).toEqual([
        [64, 48],
        [900, 300],
        [500, 500],
      ]);
      expect((await photoRows(t, foodId)).map((row: { position: number }) => row.position)).toEqual([0, 1, 2]);

      const filesBefore = filesOnDisk();
      const fourth = await upload(t, donor, foodId, [{ data: await smallJpeg() }]);
      expect(fourth.status).toBe(409);
      expect(fourth.body.message).toBe(ERRORS.tooManyPhotos(LIMITS.photosPerItem, 3));
      expect(fourth.body.message).toBe('This food item already has 3 photos');
      expect(await photoRows(t, foodId)).toHaveLength(3);
      expect(filesOnDisk()).toEqual(filesBefore);
    });

    it('refuses more photos than the item has room for, storing none of them', async () => {
      const foodId = await foodItem(t, donor);
      expect((await upload(t, donor, foodId, [{ data: await smallJpeg() }, { data: await smallJpeg() }])).status).toBe(201);
      const filesBefore = filesOnDisk();
      const two = await upload(t, donor, foodId, [{ data: await png() }, { data: await webp() }]);
      expect(two.status).toBe(409);
      expect(two.body.message).toBe(ERRORS.tooManyPhotos(LIMITS.photosPerItem, 2));

      const empty = await foodItem(t, donor);
      const four = await upload(t, donor, empty, [1, 2, 3, 4].map(() => ({ data: Buffer.alloc(10) })));
      expect(four.status).toBe(409);
      expect(await photoRows(t, foodId)).toHaveLength(2);
      expect(await photoRows(t, empty)).toHaveLength(0);
      expect(filesOnDisk()).toEqual(filesBefore);
    });

    it('lets two uploads racing for the last places of one item never pass the limit', async () => {
      const foodId = await foodItem(t, donor);
      const files = [{ data: await png() }, { data: await webp() }];
      const answers = await Promise.all([upload(t, donor, foodId, files), upload(t, donor, foodId, files)]);
      expect(answers.map((answer) => answer.status).sort()).toEqual([201, 409]);
      expect((await photoRows(t, foodId)).map((row: { position: number }) => row.position)).toEqual([0, 1]);
    });

    it('judges files by their content, not their name or declared type: anything but JPEG, PNG or WebP is a 400 naming photo', async () => {
      const foodId = await foodItem(t, donor);
      const notImages: Upload[] = [
        { data: Buffer.from('Pick up before 11 pm, ring twice.\n'.repeat(50)), filename: 'menu.jpg', type: 'image/jpeg' },
        { data: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>'), filename: 'logo.png', type: 'image/png' },
        { data: await sharp({ create: { width: 8, height: 8, channels: 3, background: 'red' } }).gif().toBuffer(), filename: 'a.webp', type: 'image/webp' },
        { data: await sharp({ create: { width: 8, height: 8, channels: 3, background: 'red' } }).tiff().toBuffer(), filename: 'scan.jpg' },
        // JPEG's first bytes, then garbage: sniffed as JPEG, refused by the decoder.
        { data: Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(2000, 7)]), filename: 'broken.jpg' },
        // A PNG labelled and named as a JPEG would be fine; a JPEG whose bytes say PNG is not.
        { data: Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), (await smallJpeg()).subarray(8)]), filename: 'odd.png' },
        { data: Buffer.alloc(0), filename: 'empty.jpg' },
      ];
      for (const file of notImages) {
        const response = await upload(t, donor, foodId, [file]);
        expect({ file: file.filename, status: response.status, message: messages(response) }).toEqual({
          file: file.filename,
          status: 400,
          message: [ERRORS.photoNotImage],
        });
      }
      // One bad file among good ones refuses the whole upload.
      const mixed = await upload(t, donor, foodId, [{ data: await smallJpeg() }, notImages[0]]);
      expect(mixed.status).toBe(400);
      expect(await photoRows(t, foodId)).toEqual([]);
      // A PNG sent as "photo.jpg", image/jpeg: the content decides, and it is accepted.
      expect((await upload(t, donor, foodId, [{ data: await png(), filename: 'photo.jpg', type: 'image/jpeg' }])).status).toBe(201);
    });

    it('refuses a decompression bomb from its header with 400 naming photo', async () => {
      const foodId = await foodItem(t, donor);
      const bomb = pngBomb();
      expect(bomb.length).toBeLessThan(200);
      const response = await upload(t, donor, foodId, [{ data: bomb, filename: 'bomb.png', type: 'image/png' }]);
      expect(response.status).toBe(400);
      expect(messages(response)).toEqual([ERRORS.photoTooManyPixels(100)]);
    });

    it('refuses an interlaced 16-bit PNG bomb (9999 × 9999, 800 MB decoded) from its header at once, three in one request, while another upload goes through', async () => {
      const bomb = await interlacedPngBomb(9999, 9999);
      expect(bomb.length).toBeLessThan(1024 * 1024);
      expect(await sharp(bomb).metadata()).toEqual(expect.objectContaining({ width: 9999, height: 9999, depth: 'ushort', channels: 4, isProgressive: true }));
      const foodId = await foodItem(t, donor);
      const neighbour = await createDonor(t.http);
      const neighbourFood = await foodItem(t, neighbour);
      const phone = await phoneJpeg();
      const rssBefore = process.memoryUsage().rss;
      const started = Date.now();
      const [bombs, other] = await Promise.all([
        upload(t, donor, foodId, [1, 2, 3].map(() => ({ data: bomb, filename: 'bomb.png', type: 'image/png' }))),
        upload(t, neighbour, neighbourFood, [{ data: phone }]),
      ]);
      const took = Date.now() - started;
      expect(bombs.status).toBe(400);
      expect(messages(bombs)).toEqual([ERRORS.photoTooMuchMemory(128)]);
      expect(other.status).toBe(201);
      // Decoding one took 5.5 s and 1.6 GB more resident memory; refused from the header, none is decoded.
      expect(took).toBeLessThan(4000);
      expect(process.memoryUsage().rss - rssBefore).toBeLessThan(200 * 1024 * 1024);
      expect(await photoRows(t, foodId)).toEqual([]);
    });

    it('limits uploads in progress to 2 per account and 4 per process (429 with Retry-After, before reading the body), and frees a slot when an upload ends or hangs up', async () => {
      const slots = t.app.get(UploadSlots, { strict: false });
      const jpeg = await phoneJpeg();
      const mine = await foodItem(t, donor);
      const held = [heldUpload(t, donor, mine, jpeg), heldUpload(t, donor, mine, jpeg)];
      await until(() => slots.inProgress === 2);
      const third = await upload(t, donor, mine, [{ data: await smallJpeg() }]);
      expect({ status: third.status, message: third.body.message, retryAfter: third.headers.get('retry-after') }).toEqual({
        status: 429,
        message: ERRORS.uploadsPerUser(2),
        retryAfter: '5',
      });
      const others = [await createDonor(t.http), await createDonor(t.http), await createDonor(t.http)];
      held.push(heldUpload(t, others[0], await foodItem(t, others[0]), jpeg), heldUpload(t, others[1], await foodItem(t, others[1]), jpeg));
      await until(() => slots.inProgress === 4);
      const lastFood = await foodItem(t, others[2]);
      const busy = await upload(t, others[2], lastFood, [{ data: await smallJpeg() }]);
      expect({ status: busy.status, message: busy.body.message, retryAfter: busy.headers.get('retry-after') }).toEqual({
        status: 429,
        message: ERRORS.uploadsBusy,
        retryAfter: '5',
      });
      // A client that hangs up frees its slot; the others finish and free theirs.
      held[3].abort();
      await until(() => slots.inProgress === 3);
      expect(await Promise.all(held.slice(0, 3).map((upload) => upload.finish()))).toEqual([201, 201, 201]);
      await until(() => slots.inProgress === 0);
      expect(await photoRows(t, mine)).toHaveLength(2);
      expect((await upload(t, others[2], lastFood, [{ data: await smallJpeg() }])).status).toBe(201);
    });

    it('refuses a file over 5 MB with 413, and takes one of just under 5 MB', async () => {
      const foodId = await foodItem(t, donor);
      const tooBig = Buffer.concat([await smallJpeg(), Buffer.alloc(6 * 1024 * 1024)]);
      const response = await upload(t, donor, foodId, [{ data: tooBig }]);
      expect(response.status).toBe(413);
      expect(response.body.message).toBe(ERRORS.photoTooLarge(5));
      expect(await photoRows(t, foodId)).toEqual([]);

      // A JPEG decoder ignores bytes after the image's end: padding makes a real 5 MB file.
      const jpeg = await smallJpeg();
      const atLimit = Buffer.concat([jpeg, Buffer.alloc(LIMITS.photoMaxBytes - jpeg.length)]);
      expect(atLimit.length).toBe(LIMITS.photoMaxBytes);
      expect((await upload(t, donor, foodId, [{ data: atLimit }])).status).toBe(201);
    });

    it('answers 400 naming photo when no photo is sent, or not as multipart', async () => {
      const foodId = await foodItem(t, donor);
      const path = apiPath(EXTRA_ROUTES.foodPhotos, { id: foodId });
      const json = await t.http.post(path, { photo: 'aGVsbG8=' }, { token: donor.token });
      expect({ status: json.status, message: messages(json) }).toEqual({ status: 400, message: [ERRORS.photoRequired] });
      const noFile = new FormData();
      noFile.append('note', 'no file here');
      const noFileAnswer = await fetch(`${t.baseUrl}${path}`, { method: 'POST', headers: { authorization: `Bearer ${donor.token}` }, body: noFile });
      expect(noFileAnswer.status).toBe(400);
      expect(((await noFileAnswer.json()) as { message: string[] }).message).toEqual([ERRORS.photoRequired]);
      const otherField = await upload(t, donor, foodId, [{ data: await smallJpeg(), field: 'image' }]);
      expect({ status: otherField.status, message: messages(otherField) }).toEqual({ status: 400, message: [ERRORS.photoRequired] });
      const malformed = await t.http.request('POST', path, {
        token: donor.token,
        rawBody: '--x\r\nContent-Disposition: form-data; name="photo"; filename="a.jpg"\r\n\r\nunfinished',
        headers: { 'content-type': 'multipart/form-data; boundary=x' },
      });
      expect(malformed.status).toBe(400);
      expect(messages(malformed)[0]).toMatch(/^photo /);
      expect(await photoRows(t, foodId)).toEqual([]);
    });

    it('is for the item\'s donor only: 401 without a session, 403 for a charity or another donor, 404 for no item', async () => {
      const foodId = await foodItem(t, donor);
      const file = [{ data: await smallJpeg() }];
      const anonymous = await upload(t, null, foodId, file);
      expect({ status: anonymous.status, message: anonymous.body.message }).toEqual({ status: 401, message: ERRORS.sessionRequired });
      const charity = await upload(t, await createCharity(t.http), foodId, file);
      expect({ status: charity.status, message: charity.body.message }).toEqual({ status: 403, message: ERRORS.rolesOnly(['donor']) });
      const other = await upload(t, await createDonor(t.http), foodId, file);
      expect({ status: other.status, message: other.body.message }).toEqual({ status: 403, message: ERRORS.ownPhotosOnly });
      const missing = await upload(t, donor, 2_000_000_000, file);
      expect({ status: missing.status, message: missing.body.message }).toEqual({ status: 404, message: ERRORS.foodNotFound });
      const badId = await upload(t, donor, 0, file);
      expect({ status: badId.status, message: messages(badId) }).toEqual({ status: 400, message: [ERRORS.idNotPositive('id')] });
      expect(await photoRows(t, foodId)).toEqual([]);
    });

    it('accepts photos while the item is available or claimed, not once its listing has ended (409)', async () => {
      const file = [{ data: await smallJpeg() }];
      expect((await upload(t, donor, await foodItem(t, donor, 'claimed'), file)).status).toBe(201);
      for (const status of ['expired', 'withdrawn'] as const) {
        const response = await upload(t, donor, await foodItem(t, donor, status), file);
        expect({ status: response.status, message: response.body.message }).toEqual({ status: 409, message: ERRORS.photosClosed(status) });
      }
    });

    it('replays the answer of a retried upload (same Idempotency-Key) without storing the photo twice', async () => {
      const foodId = await foodItem(t, donor);
      const file = [{ data: await smallJpeg() }];
      const key = { 'idempotency-key': `photo-${foodId}` };
      const first = await upload(t, donor, foodId, file, key);
      const retry = await upload(t, donor, foodId, file, key);
      expect(first.status).toBe(201);
      expect(retry.status).toBe(201);
      expect(retry.headers.get('idempotent-replayed')).toBe('true');
      expect(retry.body).toEqual(first.body);
      expect(await photoRows(t, foodId)).toHaveLength(1);
    });

    it('refuses an Idempotency-Key reused with other files (422, nothing stored), and replays it for the same bytes under another name', async () => {
      const foodId = await foodItem(t, donor);
      const jpeg = await smallJpeg();
      const key = { 'idempotency-key': `photo-reuse-${foodId}` };
      const first = await upload(t, donor, foodId, [{ data: jpeg }], key);
      expect(first.status).toBe(201);
      const filesBefore = filesOnDisk();
      const other = await upload(t, donor, foodId, [{ data: await png() }], key);
      expect({ status: other.status, message: other.body.message }).toEqual({ status: 422, message: ERRORS.idempotencyKeyReused });
      const more = await upload(t, donor, foodId, [{ data: jpeg }, { data: jpeg }], key);
      expect(more.status).toBe(422);
      expect(await photoRows(t, foodId)).toHaveLength(1);
      expect(filesOnDisk()).toEqual(filesBefore);
      const retry = await upload(t, donor, foodId, [{ data: jpeg, filename: 'IMG_0001.jpg', type: 'image/jpeg' }], key);
      expect({ status: retry.status, replayed: retry.headers.get('idempotent-replayed'), body: retry.body }).toEqual({ status: 201, replayed: 'true', body: first.body });
    });
  });

  describe('DELETE /api/food/{id}/photos/{index}', () => {
    it('removes one photo and its files, moving the later ones up; 404 where there is none', async () => {
      const foodId = await foodItem(t, donor);
      const added = await upload(t, donor, foodId, [{ data: await smallJpeg() }, { data: await png() }, { data: await webp() }]);
      const [first, second, third] = added.body.photo_urls as string[];
      const firstThumb = added.body.thumbnail_urls[0] as string;

      const removed = await t.http.delete(apiPath(EXTRA_ROUTES.foodPhoto, { id: foodId, index: 0 }), { token: donor.token });
      expect(removed.status).toBe(200);
      expect(removed.body).toEqual({ photo_urls: [second, third], thumbnail_urls: added.body.thumbnail_urls.slice(1) });
      expect((await photoRows(t, foodId)).map((row: { position: number; name: string }) => [row.position, row.name])).toEqual([
        [0, nameOf(second)],
        [1, nameOf(third)],
      ]);
      expect((await fetchPhoto(t, first)).status).toBe(404);
      expect((await fetchPhoto(t, firstThumb)).status).toBe(404);
      expect(filesOnDisk()).not.toContain(nameOf(first));
      expect(filesOnDisk()).not.toContain(nameOf(firstThumb));
      expect((await fetchPhoto(t, second)).status).toBe(200);

      const none = await t.http.delete(apiPath(EXTRA_ROUTES.foodPhoto, { id: foodId, index: 2 }), { token: donor.token });
      expect({ status: none.status, message: none.body.message }).toEqual({ status: 404, message: ERRORS.noPhotoAtIndex });
      // The freed place takes a new photo.
      expect((await upload(t, donor, foodId, [{ data: await smallJpeg() }])).body.photo_urls).toHaveLength(3);
    });

    it('checks the index (400 naming it), the donor (401, 403) and the status (409)', async () => {
      const foodId = await foodItem(t, donor);
      await upload(t, donor, foodId, [{ data: await smallJpeg() }]);
      const at = (index: string | number) => apiPath(EXTRA_ROUTES.foodPhoto, { id: foodId, index });
      for (const index of ['3', '-1', 'x', '01', '1.0']) {
        const response = await t.http.delete(at(index), { token: donor.token });
        expect({ index, status: response.status, message: messages(response) }).toEqual({
          index,
          status: 400,
          message: [ERRORS.photoIndexInvalid(LIMITS.photosPerItem)],
        });
      }
      expect((await t.http.delete(at(0))).status).toBe(401);
      expect((await t.http.delete(at(0), { token: (await createCharity(t.http)).token })).status).toBe(403);
      const other = await t.http.delete(at(0), { token: (await createDonor(t.http)).token });
      expect({ status: other.status, message: other.body.message }).toEqual({ status: 403, message: ERRORS.ownPhotosOnly });
      await t.db.query(`UPDATE food_items SET status = 'expired' WHERE id = $1`, [foodId]);
      const ended = await t.http.delete(at(0), { token: donor.token });
      expect({ status: ended.status, message: ended.body.message }).toEqual({ status: 409, message: ERRORS.photosClosed('expired') });
      expect(await photoRows(t, foodId)).toHaveLength(1);
    });
  });

  describe('GET /api/photos/{name}', () => {
    it('serves nothing but stored photos: unknown, malformed and path-traversing names are 404, never a file elsewhere', async () => {
      // Bait: files just outside the photo folder, under names a traversal would reach.
      writeFileSync(join(t.env.DATA_DIR, 'secret.webp'), 'NOT A PHOTO: private');
      mkdirSync(join(t.env.DATA_DIR, 'sub'), { recursive: true });
      writeFileSync(join(t.env.DATA_DIR, 'sub', `${'a'.repeat(32)}.webp`), 'NOT A PHOTO: private');
      const unknown = await fetchPhoto(t, `/api/photos/${'0'.repeat(32)}.webp`);
      expect(unknown.status).toBe(404);
      expect(JSON.parse(unknown.bytes.toString()).message).toBe(ERRORS.photoNotFound);

      const attempts = [
        '/api/photos/..%2Fsecret.webp',
        '/api/photos/..%2F..%2F..%2F..%2Fetc%2Fpasswd',
        '/api/photos/../secret.webp',
        '/api/photos/%2e%2e%2fsecret.webp',
        `/api/photos/..%2Fsub%2F${'a'.repeat(32)}.webp`,
        `/api/photos/${'A'.repeat(32)}.webp`,
        `/api/photos/${'a'.repeat(32)}.webp%00.png`,
        `/api/photos/${'a'.repeat(32)}.WEBP`,
        `/api/photos/${'a'.repeat(32)}.webp.tmp-abc`,
        '/api/photos/%5C..%5Csecret.webp',
        '/api/photos/secret.webp',
      ];
      for (const path of attempts) {
        const response = await rawGet(t, path);
        expect({ path, status: response.status }).toEqual({ path, status: 404 });
        expect(response.body).not.toContain('NOT A PHOTO');
      }
    });
  });

  it('documents the calls: the multipart upload, the removal and the served image', async () => {
    const doc = (await t.http.get('/api/docs-json')).body;
    const uploadOp = doc.paths['/api/food/{id}/photos'].post;
    expect(Object.keys(uploadOp.requestBody.content)).toEqual(['multipart/form-data']);
    const body = uploadOp.requestBody.content['multipart/form-data'].schema;
    expect(body.properties.photo).toEqual(expect.objectContaining({ type: 'string', format: 'binary' }));
    expect(body.properties.photos).toEqual(expect.objectContaining({ type: 'array', maxItems: LIMITS.photosPerItem }));
    expect(Object.keys(uploadOp.responses).sort()).toEqual(['201', '400', '401', '403', '404', '409', '413', '422', '503'].sort());
    expect(uploadOp.responses['201'].content['application/json'].schema).toEqual({ $ref: '#/components/schemas/PhotosResponse' });
    expect(uploadOp.security).toEqual([{ bearer: [] }]);
    const removeOp = doc.paths['/api/food/{id}/photos/{index}'].delete;
    expect(removeOp.parameters.filter((p: { in: string }) => p.in === 'path').map((p: { name: string }) => p.name).sort()).toEqual(['id', 'index']);
    const serveOp = doc.paths['/api/photos/{name}'].get;
    expect(serveOp.security).toBeUndefined();
    expect(Object.keys(serveOp.responses['200'].content)).toEqual(['image/webp']);
    expect(serveOp.responses['200'].headers).toHaveProperty('Cache-Control');
  });
});

describe('food photos in an S3-compatible store (s3rver, real SigV4 requests)', () => {
  let s3: S3rver;
  let s3Dir: string;
  let t: TestApp;
  let donor: TestUser;
  const BUCKET = 'food-photos';

  beforeAll(async () => {
    s3Dir = mkdtempSync(join(tmpdir(), 'foodlink-s3-'));
    s3 = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory: s3Dir, configureBuckets: [{ name: BUCKET }] });
    const { port } = await s3.run();
    t = await startTestApp({
      PHOTO_STORAGE: 's3',
      S3_ENDPOINT: `http://127.0.0.1:${port}`,
      S3_BUCKET: BUCKET,
      S3_REGION: 'us-east-1',
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
    });
    donor = await createDonor(t.http);
  });
  afterAll(async () => {
    await t?.close();
    await s3?.close();
    rmSync(s3Dir, { recursive: true, force: true });
  });

  /** The object names the store holds (s3rver keeps each object's bytes in `<key>._S3rver_object`). */
  const objects = () =>
    readdirSync(join(s3Dir, BUCKET))
      .filter((file) => file.endsWith('._S3rver_object'))
      .map((file) => file.replace('._S3rver_object', ''))
      .sort();

  it('stores, serves and removes photos in the bucket, and nothing on the local disk', async () => {
    const foodId = await foodItem(t, donor);
    const added = await upload(t, donor, foodId, [{ data: await phoneJpeg() }, { data: await png(), type: 'image/png' }]);
    expect(added.status).toBe(201);
    const names = [...added.body.photo_urls, ...added.body.thumbnail_urls].map(nameOf).sort();
    expect(objects()).toEqual(names);

    const photo = await fetchPhoto(t, added.body.photo_urls[0]);
    expect(photo.status).toBe(200);
    expect(photo.headers.get('content-type')).toBe('image/webp');
    expect(photo.headers.get('cache-control')).toBe(IMMUTABLE);
    const meta = await sharp(photo.bytes).metadata();
    expect(meta).toEqual(expect.objectContaining({ format: 'webp', width: 1067, height: 1600 }));
    expect(meta.exif).toBeUndefined();
    expect((await fetchPhoto(t, `/api/photos/${'0'.repeat(32)}.webp`)).status).toBe(404);

    const removed = await t.http.delete(apiPath(EXTRA_ROUTES.foodPhoto, { id: foodId, index: 0 }), { token: donor.token });
    expect(removed.status).toBe(200);
    expect(objects()).toEqual([added.body.photo_urls[1], added.body.thumbnail_urls[1]].map(nameOf).sort());
    expect((await fetchPhoto(t, added.body.photo_urls[0])).status).toBe(404);
    expect(() => readdirSync(join(t.env.DATA_DIR, 'photos'))).toThrow();
  });

  // s3rver checks the access key but not the V4 signature itself: the signing is aws4fetch's, as used with AWS and R2.
  it('answers 503, storing nothing, when the store refuses the credentials', async () => {
    const wrongKey = await startTestApp({
      ...pick(t.env, ['PHOTO_STORAGE', 'S3_ENDPOINT', 'S3_BUCKET', 'S3_REGION', 'S3_SECRET_ACCESS_KEY']),
      S3_ACCESS_KEY_ID: 'NOT-A-KEY',
    });
    try {
      const someone = await createDonor(wrongKey.http);
      const foodId = await foodItem(wrongKey, someone);
      const before = objects();
      const response = await upload(wrongKey, someone, foodId, [{ data: await smallJpeg() }]);
      expect({ status: response.status, message: response.body.message }).toEqual({ status: 503, message: ERRORS.dependencyUnavailable });
      expect(await photoRows(wrongKey, foodId)).toEqual([]);
      expect(objects()).toEqual(before);
    } finally {
      await wrongKey.close();
    }
  });
});

function pick(env: Record<string, string>, keys: string[]): Record<string, string> {
  return Object.fromEntries(keys.map((key) => [key, env[key]]));
}
