// The upload-bomb phase of `npm run chaos` (issue 31, item 2), run on the chaos run's API process after its
// faults; also on its own, on a fresh stack: `node tools/bench/lib/upload-bomb.mjs` (needs `npm run build`).
//
//   1. alone: one phone photo (2400 × 1600 JPEG) uploaded with nothing else going on: its time;
//   2. bombs: one request with three interlaced 16-bit RGBA PNGs of 9999 × 9999 (about 760 KB each, 800 MB
//      each once decoded), and 100 ms later another donor's phone photo: the bombs' answer and time, how
//      much longer the phone photo took than alone (the time other uploads wait), the API's RSS before and
//      at its highest (sampled every 50 ms from /proc);
//   3. flood: 40 uploads at once of 15 MB each (three 5 MB JPEGs), from 20 donors (2 each); a refused one
//      (429, or 503) is sent again after its Retry-After (or 1 s), up to 20 times: answers by status, the time until all
//      are stored, RSS at its highest and 3 s after the last answer.
// The API's RSS is read from /proc/<pid>/status (VmRSS; Linux only, "-" elsewhere).
import { readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { setTimeout as sleep } from 'node:timers/promises';
import { crc32, createDeflate } from 'node:zlib';
import { createStack, createUsers, listFood, report } from './stack.mjs';

const MB = 1024 * 1024;
const FILE_BYTES = 5 * MB; // LIMITS.photoMaxBytes
const FLOOD_UPLOADS = 40;
const FLOOD_DONORS = 20;
const MAX_ATTEMPTS = 20;
// What the phase must show (checked with these bounds).
const BOMB_ANSWER_MAX_MS = 2_000;
const OTHER_WAIT_MAX_MS = 2_000;
const BOMB_RSS_GROWTH_MAX_MB = 200;
// The design's bound: UPLOADS_PER_PROCESS (4) bodies of 15 MB, each held twice while read (its chunks, then
// the file), one image decoding (at most IMAGE_DECODE_MAX_MB, 128 MB; a 2400 × 1600 photo takes 12), and
// 100 MB of slack. glibc's allocator keeps much of what was freed (MALLOC_ARENA_MAX=2 returns most of it;
// docs/OPERATIONS.md), hence the bound 3 s after.
const FLOOD_RSS_GROWTH_MAX_MB = 4 * 15 * 2 + 128 + 100;
const AFTER_RSS_GROWTH_MAX_MB = 300;

const round = (value, digits = 0) => (Number.isFinite(value) ? Math.round(value * 10 ** digits) / 10 ** digits : value);

/** The process's resident memory in MB (VmRSS), or NaN off Linux. */
function rssMb(pid) {
  try {
    const line = readFileSync(`/proc/${pid}/status`, 'utf8').match(/^VmRSS:\s+(\d+) kB/m);
    return line ? Number(line[1]) / 1024 : NaN;
  } catch {
    return NaN;
  }
}

/** Samples `pid`'s RSS every 50 ms until stopped; `stop()` gives the highest seen. */
function rssSampler(pid) {
  let peak = rssMb(pid);
  const timer = setInterval(() => (peak = Math.max(peak, rssMb(pid))), 50);
  return () => {
    clearInterval(timer);
    return Math.max(peak, rssMb(pid));
  };
}

/** A real interlaced 16-bit RGBA PNG, every pixel black: the review's bomb (as in photos.int-spec.ts). */
export async function interlacedPngBomb(width, height) {
  const chunk = (type, data) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const passes = [[0, 0, 8, 8], [4, 0, 8, 8], [0, 4, 4, 8], [2, 0, 4, 4], [0, 2, 2, 4], [1, 0, 2, 2], [0, 1, 1, 2]];
  let raw = 0;
  for (const [x0, y0, dx, dy] of passes) {
    const columns = Math.ceil((width - x0) / dx);
    const rows = Math.ceil((height - y0) / dy);
    if (columns > 0 && rows > 0) raw += rows * (1 + columns * 8);
  }
  const deflate = createDeflate({ level: 9 });
  const compressed = [];
  deflate.on('data', (data) => compressed.push(data));
  const ended = new Promise((resolve) => deflate.on('end', resolve));
  const zeros = Buffer.alloc(4 * MB);
  for (let left = raw; left > 0; left -= zeros.length) {
    if (!deflate.write(left >= zeros.length ? zeros : zeros.subarray(0, left))) await new Promise((resolve) => deflate.once('drain', resolve));
  }
  deflate.end();
  await ended;
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([16, 6, 0, 0, 1], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', Buffer.concat(compressed)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** POST /api/food/{id}/photos with `files`; { status, ms, retryAfter }. */
async function upload(apiUrl, donor, foodId, files, name = 'photo.jpg') {
  const form = new FormData();
  for (const data of files) form.append('photo', new Blob([data], { type: 'image/jpeg' }), name);
  const started = performance.now();
  try {
    const response = await fetch(`${apiUrl}/api/food/${foodId}/photos`, { method: 'POST', headers: { authorization: `Bearer ${donor.token}` }, body: form });
    const text = await response.text();
    let message;
    try {
      message = response.ok ? undefined : String(JSON.parse(text).message);
    } catch {
      message = text.slice(0, 200);
    }
    return { status: response.status, ms: performance.now() - started, retryAfter: Number(response.headers.get('retry-after') ?? 0), message };
  } catch (error) {
    return { status: 'error', ms: performance.now() - started, error: String(error.cause ?? error) };
  }
}

/**
 * Runs the phase against `apiUrl` (API process `pid`). Returns the check rows (the chaos report's form:
 * check, value, expected, ok) and the figures.
 */
export async function uploadBombPhase({ apiUrl, pid, log = (line) => console.log(`[upload-bomb] ${line}`) }) {
  const { default: sharp } = await import('sharp');
  const phone = await sharp({ create: { width: 2400, height: 1600, channels: 3, background: { r: 190, g: 120, b: 40 } } })
    .jpeg({ quality: 90 })
    .toBuffer();
  // A JPEG decoder ignores what follows the image's end: padding makes a real 5 MB file.
  const fiveMb = Buffer.concat([phone, Buffer.alloc(FILE_BYTES - phone.length)]);
  const bomb = await interlacedPngBomb(9999, 9999);
  log(`bomb: ${round(bomb.length / 1024)} KB, 9999 × 9999 16-bit RGBA interlaced (800 MB decoded)`);

  const donors = await createUsers(apiUrl, 'donor', FLOOD_DONORS + 2, 4);
  const [bomber, neighbour, ...flooders] = donors;
  const itemsOf = async (donor, count) => (await listFood(apiUrl, donor, count, 2)).map((item) => item.id);
  const [bombItem] = await itemsOf(bomber, 1);
  const neighbourItems = await itemsOf(neighbour, 3);
  const floodItems = [];
  for (const donor of flooders) for (const id of await itemsOf(donor, FLOOD_UPLOADS / FLOOD_DONORS)) floodItems.push({ donor, id });

  // 1. A phone photo alone.
  await sleep(1000);
  const rssStart = rssMb(pid);
  const alone = await upload(apiUrl, neighbour, neighbourItems[0], [phone]);
  log(`phone photo alone: ${alone.status} in ${round(alone.ms)} ms; API RSS ${round(rssStart)} MB`);

  // 2. Three bombs in one request, and another donor's phone photo 100 ms later.
  const rssBeforeBombs = rssMb(pid);
  const bombPeak = rssSampler(pid);
  const bombs = upload(apiUrl, bomber, bombItem, [bomb, bomb, bomb], 'bomb.png');
  await sleep(100);
  const other = await upload(apiUrl, neighbour, neighbourItems[1], [phone]);
  const bombAnswer = await bombs;
  await sleep(1000);
  const rssBombPeak = bombPeak();
  const rssAfterBombs = rssMb(pid);
  const otherWaitMs = other.ms - alone.ms;
  log(`bombs: ${bombAnswer.status} in ${round(bombAnswer.ms)} ms; the other upload ${other.status} in ${round(other.ms)} ms (waited ${round(otherWaitMs)} ms); RSS ${round(rssBeforeBombs)} → peak ${round(rssBombPeak)} → ${round(rssAfterBombs)} MB`);

  // 3. 40 uploads of 15 MB at once; a 429 is sent again after its Retry-After.
  const rssBeforeFlood = rssMb(pid);
  const floodPeak = rssSampler(pid);
  const floodStart = performance.now();
  const unavailable = new Set();
  const answers = await Promise.all(
    floodItems.map(async ({ donor, id }) => {
      const tries = [];
      for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
        const answer = await upload(apiUrl, donor, id, [fiveMb, fiveMb, fiveMb]);
        tries.push(answer.status);
        if (answer.status === 503 && answer.message) unavailable.add(answer.message);
        // 429 (no slot) and 503 (a dependency away: inside `npm run chaos` PostgreSQL sits behind the run's
        // own TCP proxy, in this very process) are answers to retry, as a client would.
        if (answer.status !== 429 && answer.status !== 503) return { tries, final: answer.status, ms: performance.now() - floodStart };
        await sleep((answer.retryAfter || 1) * 1000 * (0.5 + Math.random()));
      }
      return { tries, final: 429, ms: performance.now() - floodStart };
    }),
  );
  const floodMs = performance.now() - floodStart;
  const rssFloodPeak = floodPeak();
  await sleep(3000);
  const rssAfterFlood = rssMb(pid);
  const byStatus = {};
  for (const answer of answers) for (const status of answer.tries) byStatus[status] = (byStatus[status] ?? 0) + 1;
  const stored = answers.filter((answer) => answer.final === 201).length;
  const firstTry = {};
  for (const answer of answers) firstTry[answer.tries[0]] = (firstTry[answer.tries[0]] ?? 0) + 1;
  // 503 is retried (above); anything else 5xx, or no answer at all, is a failure.
  const serverErrors = Object.entries(byStatus).filter(([status]) => !/^(2\d\d|4\d\d|503)$/.test(status));
  log(`flood: ${stored}/${FLOOD_UPLOADS} stored in ${round(floodMs / 1000, 1)} s; first tries ${JSON.stringify(firstTry)}, all answers ${JSON.stringify(byStatus)}; RSS ${round(rssBeforeFlood)} → peak ${round(rssFloodPeak)} → ${round(rssAfterFlood)} MB`);

  const figures = {
    bombKB: round(bomb.length / 1024),
    aloneMs: round(alone.ms),
    bombs: { status: bombAnswer.status, ms: round(bombAnswer.ms) },
    otherUpload: { status: other.status, ms: round(other.ms), waitedMs: round(otherWaitMs) },
    rssMb: {
      start: round(rssStart),
      beforeBombs: round(rssBeforeBombs),
      bombPeak: round(rssBombPeak),
      afterBombs: round(rssAfterBombs),
      beforeFlood: round(rssBeforeFlood),
      floodPeak: round(rssFloodPeak),
      afterFlood: round(rssAfterFlood),
    },
    flood: { uploads: FLOOD_UPLOADS, mbEach: 15, stored, seconds: round(floodMs / 1000, 1), firstTry, answers: byStatus, unavailable: [...unavailable] },
  };
  const rows = [
    {
      check: 'upload bomb: 3 × 9999² 16-bit interlaced PNG answered, ms',
      value: `${bombAnswer.status} in ${round(bombAnswer.ms)}`,
      expected: `400 in < ${BOMB_ANSWER_MAX_MS}`,
      ok: bombAnswer.status === 400 && bombAnswer.ms < BOMB_ANSWER_MAX_MS,
    },
    {
      check: 'upload bomb: another upload waited (vs alone), ms',
      value: `${round(otherWaitMs)} (${other.status})`,
      expected: `< ${OTHER_WAIT_MAX_MS}, 201`,
      ok: other.status === 201 && otherWaitMs < OTHER_WAIT_MAX_MS,
    },
    {
      check: 'upload bomb: API RSS before → peak, MB',
      value: `${round(rssBeforeBombs)} → ${round(rssBombPeak)}`,
      expected: `+ < ${BOMB_RSS_GROWTH_MAX_MB}`,
      ok: Number.isNaN(rssBombPeak) ? '' : rssBombPeak - rssBeforeBombs < BOMB_RSS_GROWTH_MAX_MB,
    },
    {
      check: `upload flood: ${FLOOD_UPLOADS} × 15 MB at once, stored (429 and 503 retried), s`,
      value: `${stored} in ${round(floodMs / 1000, 1)} (first tries: ${Object.entries(firstTry).map(([s, n]) => `${s}: ${n}`).join(', ')})`,
      expected: `${FLOOD_UPLOADS}, no 5xx but 503 (retried)`,
      ok: stored === FLOOD_UPLOADS && serverErrors.length === 0,
    },
    {
      check: 'upload flood: API RSS before → peak → 3 s after, MB',
      value: `${round(rssBeforeFlood)} → ${round(rssFloodPeak)} → ${round(rssAfterFlood)}`,
      expected: `peak + < ${FLOOD_RSS_GROWTH_MAX_MB}, after + < ${AFTER_RSS_GROWTH_MAX_MB}`,
      ok: Number.isNaN(rssFloodPeak)
        ? ''
        : rssFloodPeak - rssBeforeFlood < FLOOD_RSS_GROWTH_MAX_MB && rssAfterFlood - rssBeforeFlood < AFTER_RSS_GROWTH_MAX_MB,
    },
  ];
  return { rows, figures };
}

/** On its own: a fresh stack (database, Redis prefix) and one ROLE=all API process. */
export async function run() {
  const stack = await createStack({ log: (line) => console.log(`[upload-bomb] ${line}`) });
  try {
    const api = await stack.startApi({ role: 'all' });
    const { rows, figures } = await uploadBombPhase({ apiUrl: api.url, pid: api.child.pid });
    report('upload-bomb', rows, { figures });
    return rows;
  } finally {
    await stack.close();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  run().then(
    (rows) => process.exit(rows.every((row) => row.ok !== false) ? 0 : 1),
    (error) => {
      console.error(error);
      process.exit(1);
    },
  );
}
