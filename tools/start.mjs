// `npm start`: install and build if needed, find or start PostgreSQL and Redis,
// then run the API against them until Ctrl-C (or until the API exits).
import fs from 'node:fs';
import path from 'node:path';
import { ensureDependencies, repoRoot } from './lib/install.mjs';
import { nxBinary, nxEnv } from './lib/nx.mjs';
import { exitCodeOf, onShutdownSignal, run, spawnTracked, stopProcess, stopServices, waitForExit } from './lib/processes.mjs';
import { ensureDatabase, ensurePostgres } from './lib/postgres.mjs';
import { ensureRedis } from './lib/redis.mjs';
import { checkNodeVersion } from './lib/node-version.mjs';

const log = (message) => console.log(`[start] ${message}`);
const apiEntry = path.join(repoRoot, 'apps/api/dist/main.js');

let api = null;
let stopSignal = null;
/** Settles once the readable copy of the API's logs has been written out (when stdout is a terminal). */
let logsWritten = Promise.resolve();

onShutdownSignal(async (signal) => {
  stopSignal = signal;
  log(`${signal} received, stopping`);
  if (api) {
    // main() stops the databases once the API is down.
    await stopProcess(api, { signal });
    return;
  }
  await stopServices();
  process.exit(exitCodeOf(null, signal));
});

async function build() {
  log('building (nx run-many -t build)');
  const code = await run(nxBinary, ['run-many', '-t', 'build'], { cwd: repoRoot, env: nxEnv() });
  if (code !== 0) throw new Error(`build failed (exit code ${code})`);
}

/** The database named in DATABASE_URL if there is one, else foodlink. */
function databaseName() {
  const configured = process.env.DATABASE_URL && new URL(process.env.DATABASE_URL).pathname.slice(1);
  return configured ? decodeURIComponent(configured) : 'foodlink';
}

/**
 * The API writes one JSON object per log line (what log collectors want). On a terminal they are shown
 * readably through pino-pretty; redirected to a file or a pipe, they stay JSON.
 */
async function readableLogs() {
  const { default: pinoPretty } = await import('pino-pretty');
  const pretty = pinoPretty({
    colorize: true,
    translateTime: 'SYS:HH:MM:ss.l',
    ignore: 'pid,hostname,context',
    messageFormat: '{if context}[{context}] {end}{msg}',
  });
  logsWritten = new Promise((resolve) => {
    pretty.once('close', resolve);
    pretty.once('finish', resolve);
    pretty.once('error', resolve);
  });
  return pretty;
}

async function startApi(env) {
  if (!fs.existsSync(apiEntry)) throw new Error(`the build did not produce ${path.relative(repoRoot, apiEntry)}`);
  const pretty = process.stdout.isTTY ? await readableLogs() : null;
  log(`starting the API (node ${path.relative(repoRoot, apiEntry)})${pretty ? '' : '; logs as JSON lines'}`);
  const child = spawnTracked(process.execPath, [apiEntry], {
    // The API keeps development state (its JWT secret) in ./.data.
    cwd: repoRoot,
    env: {
      ...process.env,
      ...env,
      PORT: process.env.PORT || '3000',
      SEED_DEMO: process.env.SEED_DEMO || 'true',
      NODE_ENV: process.env.NODE_ENV || 'development',
    },
    // detached: a terminal Ctrl-C would otherwise reach the API directly as
    // well as through us, and a second signal cuts Nest's graceful shutdown short.
    detached: true,
    stdio: ['ignore', pretty ? 'pipe' : 'inherit', 'inherit'],
  });
  if (pretty) child.stdout.pipe(pretty);
  return child;
}

async function main() {
  checkNodeVersion({ log });
  await ensureDependencies({ log });
  await build();
  const postgres = await ensurePostgres({ log });
  const database = databaseName();
  if (await ensureDatabase(postgres.adminUrl, database)) log(`created database ${database}`);
  const redis = await ensureRedis({ log });

  api = await startApi({ DATABASE_URL: postgres.serverUrlFor(database), REDIS_URL: redis.url });
  const code = await waitForExit(api);
  await logsWritten;
  if (!stopSignal) log(`the API exited with code ${code}, stopping`);
  await stopServices();
  return stopSignal ? exitCodeOf(null, stopSignal) : code;
}

main().then(
  (code) => process.exit(code),
  async (error) => {
    // A step killed by our own shutdown fails too; the signal handler is already on it.
    if (stopSignal) return;
    console.error(`[start] ${error.message}`);
    await stopServices();
    process.exit(1);
  },
);
