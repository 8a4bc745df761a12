import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:net';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import Redis from 'ioredis';
import { Client } from 'pg';
import { startMailCatcher } from './mail';
import { startTileServer } from './tiles';
import { startWhatsAppServer, WHATSAPP_E2E } from './whatsapp';
import { repoRoot } from './paths';

/** How the teardown (same process, separate module instance) finds what to stop. */
export interface StackHandle {
  stop(): Promise<void>;
}
const globals = globalThis as typeof globalThis & { foodLinkE2eStack?: StackHandle };

/** Migrations included, the API starts in a few seconds; a hang fails the run instead of stalling it. */
const START_TIMEOUT_MS = 60_000;

async function freePort(): Promise<number> {
  const server = createServer().listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as { port: number };
  server.close();
  return port;
}

/**
 * Starts the built API (serving the built web app) on a database and Redis prefix of this run's own,
 * and hands its address to the tests through E2E_BASE_URL.
 */
export default async function globalSetup(): Promise<void> {
  const runId = process.env.FOODLINK_TEST_RUN_ID ?? `e${Date.now().toString(36)}${randomBytes(2).toString('hex')}`;
  const adminUrl = process.env.FOODLINK_TEST_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const database = `foodlink_${runId}_e2e`;
  const admin = new Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS "${database}" WITH (FORCE)`);
  await admin.query(`CREATE DATABASE "${database}"`);
  await admin.end();

  const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
  const redisPrefix = `${process.env.FOODLINK_TEST_REDIS_PREFIX ?? `foodlink-test:${runId}:`}e2e:`;
  const databaseUrl = new URL(adminUrl);
  databaseUrl.pathname = `/${database}`;
  const port = await freePort();
  // Photos a run uploads go to a directory of its own, removed with the run's database.
  const photoDir = mkdtempSync(join(tmpdir(), 'foodlink-e2e-photos-'));
  // E-mail (password reset links) goes to a real SMTP server of the run's own, which keeps each message here.
  const mailDir = mkdtempSync(join(tmpdir(), 'foodlink-e2e-mail-'));
  const smtp = await startMailCatcher(mailDir);
  // Map tiles come from a server of the run's own, never from OpenStreetMap's.
  const tiles = await startTileServer();
  // WhatsApp goes to a Cloud API of the run's own, which also sends the signed webhooks of replies.
  const whatsApp = await startWhatsAppServer(() => `http://127.0.0.1:${port}`);
  // The operator console's scenario logs in with this account and forces a job to fail: two attempts
  // (0.5 s apart) make a failure final quickly, and still absorb one passing hiccup in the other scenarios.
  const operatorEmail = `operator-${runId}@e2e.foodlink.eg`;
  const operatorPassword = randomBytes(12).toString('hex');
  const child = spawn(process.execPath, [resolve(repoRoot, 'apps/api/dist/main.js')], {
    cwd: repoRoot,
    env: {
      ...process.env,
      NODE_ENV: 'development',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: databaseUrl.toString(),
      REDIS_URL: redisUrl,
      REDIS_PREFIX: redisPrefix,
      JWT_SECRET: randomBytes(32).toString('hex'),
      WEB_ORIGIN: `http://127.0.0.1:${port}`,
      WEB_DIST_DIR: resolve(repoRoot, 'apps/web/dist'),
      // Sign-ups and logins from one address are many in a test run.
      LOGIN_MAX_FAILS_PER_ADDRESS: '1000',
      OPERATOR_EMAIL: operatorEmail,
      OPERATOR_PASSWORD: operatorPassword,
      JOB_ATTEMPTS: '2',
      OPS_SNAPSHOT_MS: '1000',
      // A listing's window can run out within a scenario: 1-minute windows, no grace period after them.
      MIN_PICKUP_WINDOW_MINUTES: '1',
      NOT_COLLECTED_GRACE_MINUTES: '0',
      // Standing collections: a day is listed 30 s before its window opens, looked for every second, so
      // the schedules scenario sees tonight's listing arrive within a minute of saving the schedule.
      SCHEDULE_LEAD_MINUTES: '0.5',
      SCHEDULE_CHECK_MS: '1000',
      PHOTO_DIR: photoDir,
      SMTP_URL: smtp.url,
      MAP_TILE_URL: `${tiles.url}/{z}/{x}/{y}.png`,
      MAP_ATTRIBUTION: '© OpenStreetMap contributors (test tiles)',
      WHATSAPP_GRAPH_URL: `${whatsApp.url}/${WHATSAPP_E2E.version}`,
      WHATSAPP_PHONE_NUMBER_ID: WHATSAPP_E2E.numberId,
      WHATSAPP_TOKEN: WHATSAPP_E2E.token,
      WHATSAPP_VERIFY_TOKEN: WHATSAPP_E2E.verifyToken,
      WHATSAPP_APP_SECRET: WHATSAPP_E2E.appSecret,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const started = new Promise<void>((resolveStart, reject) => {
    const timer = setTimeout(() => reject(new Error(`The API did not start within ${START_TIMEOUT_MS} ms:\n${output}`)), START_TIMEOUT_MS);
    const onData = (chunk: Buffer) => {
      // The API logs all run long; only the latest part is kept, for a failure's message.
      output = (output + chunk.toString()).slice(-20_000);
      if (output.includes('listening on')) {
        clearTimeout(timer);
        resolveStart();
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`The API exited (${code}) before listening:\n${output}`));
    });
  });
  try {
    await started;
  } catch (error) {
    child.kill('SIGTERM');
    rmSync(photoDir, { recursive: true, force: true });
    await smtp.close();
    await tiles.close();
    await whatsApp.close();
    rmSync(mailDir, { recursive: true, force: true });
    throw error;
  }
  if (output.includes('No web app build')) {
    child.kill('SIGTERM');
    await smtp.close();
    await tiles.close();
    await whatsApp.close();
    throw new Error('The web app is not built: run `npm run build` first');
  }

  process.env.E2E_BASE_URL = `http://127.0.0.1:${port}`;
  process.env.E2E_DATABASE_URL = databaseUrl.toString();
  process.env.E2E_OPERATOR_EMAIL = operatorEmail;
  process.env.E2E_OPERATOR_PASSWORD = operatorPassword;
  process.env.E2E_MAIL_DIR = mailDir;
  process.env.E2E_TILE_URL = tiles.url;
  process.env.E2E_WHATSAPP_URL = whatsApp.url;
  globals.foodLinkE2eStack = {
    stop: async () => {
      // An API that already died must not leave the teardown waiting for an exit that has happened.
      if (child.exitCode === null && child.signalCode === null) {
        const exited = once(child, 'exit');
        child.kill('SIGTERM');
        await exited;
      }
      const cleanup = new Client({ connectionString: adminUrl });
      await cleanup.connect();
      await cleanup.query(`DROP DATABASE IF EXISTS "${database}" WITH (FORCE)`);
      await cleanup.end();
      await deleteKeys(redisUrl, `${redisPrefix}*`);
      rmSync(photoDir, { recursive: true, force: true });
      await smtp.close();
      await tiles.close();
      await whatsApp.close();
      rmSync(mailDir, { recursive: true, force: true });
    },
  };
}

/** Removes the run's Redis keys (queues, adapter state), scanning rather than blocking Redis with KEYS. */
async function deleteKeys(url: string, pattern: string): Promise<void> {
  const redis = new Redis(url);
  try {
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', pattern, 'COUNT', 500);
      if (keys.length > 0) await redis.unlink(...keys);
      cursor = next;
    } while (cursor !== '0');
  } finally {
    redis.disconnect();
  }
}
