// `npm test`: build, find or start PostgreSQL and Redis, run every project's
// tests, remove what they left behind, and print `N passed, N failed` as the
// very last line. Safe next to `npm start`: suites only touch databases named
// foodlink_<run id>_* and Redis keys under foodlink-test:<run id>:.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ensureDependencies, repoRoot } from './lib/install.mjs';
import { nxBinary, nxEnv } from './lib/nx.mjs';
import { exitCodeOf, onShutdownSignal, spawnTracked, stopProcess, stopServices, waitForExit } from './lib/processes.mjs';
import { dropDatabasesWithPrefix, ensurePostgres } from './lib/postgres.mjs';
import { deleteRedisKeys, ensureRedis } from './lib/redis.mjs';

const log = (message) => console.log(`[test] ${message}`);

// The step under way (build or tests), and the signal that interrupted us, if any.
let currentStep = null;
let interruptedBy = null;

// Stop the current step but still clean up and print the summary line.
onShutdownSignal((signal) => {
  interruptedBy = signal;
  log(`${signal} received, stopping the tests`);
  if (currentStep) stopProcess(currentStep, { signal });
});

function checkNotInterrupted() {
  if (interruptedBy) throw new Error(`interrupted by ${interruptedBy}`);
}

/** t<yyyymmddhhmmss UTC><4 hex>: sortable, and unique enough for concurrent runs. */
function newRunId() {
  const stamp = new Date().toISOString().replace(/\D/g, '').slice(0, 14);
  return `t${stamp}${randomBytes(2).toString('hex')}`;
}

async function runStep(args, env) {
  currentStep = spawnTracked(nxBinary, args, { cwd: repoRoot, env });
  const code = await waitForExit(currentStep);
  currentStep = null;
  checkNotInterrupted();
  return code;
}

/** Runs the suites; resolves with Nx's exit code. Services are stopped by the caller. */
async function runSuites(runId, resultsDir) {
  await ensureDependencies({ log });
  checkNotInterrupted();
  log('building (nx run-many -t build)');
  const buildCode = await runStep(['run-many', '-t', 'build'], nxEnv());
  if (buildCode !== 0) throw new Error(`build failed (exit code ${buildCode})`);
  // Every test target waits for its project's typecheck and lint (nx.json). Run them here two at a time
  // (tsc and eslint each keep one core busy; the tests below run one project at a time): the test step
  // then reads them from Nx's cache. A failure is not fatal here: the test step runs the failed ones
  // again (Nx caches successes only) and reports them as it always has, without their project's tests.
  log('typechecking and linting (nx run-many -t typecheck lint --parallel=2)');
  await runStep(['run-many', '-t', 'typecheck', 'lint', '--parallel=2', '--outputStyle=stream', ...process.argv.slice(2)], nxEnv());
  const postgres = await ensurePostgres({ log });
  const redis = await ensureRedis({ log });
  checkNotInterrupted();

  const redisPrefix = `foodlink-test:${runId}:`;
  log(`run ${runId}: databases foodlink_${runId}_*, Redis keys ${redisPrefix}*`);
  const env = nxEnv({
    FOODLINK_TEST_ADMIN_URL: postgres.adminUrl,
    FOODLINK_TEST_RUN_ID: runId,
    FOODLINK_TEST_RESULTS_DIR: resultsDir,
    FOODLINK_TEST_REDIS_PREFIX: redisPrefix,
    REDIS_URL: redis.url,
  });
  // Suites get their own databases from the admin URL; never the development one.
  delete env.DATABASE_URL;
  try {
    // Extra arguments go to Nx, e.g. `npm test -- --projects=@food-link/api`.
    const args = ['run-many', '-t', 'test', '--parallel=1', '--outputStyle=stream', ...process.argv.slice(2)];
    return await runStep(args, env);
  } finally {
    await removeLeftovers(runId, postgres.adminUrl, redis.url);
  }
}

/** Safety net for suites that crashed (or forgot) before dropping their databases and keys. */
async function removeLeftovers(runId, adminUrl, redisUrl) {
  try {
    const dropped = await dropDatabasesWithPrefix(adminUrl, `foodlink_${runId}_`);
    if (dropped.length > 0) log(`dropped ${dropped.length} leftover database(s): ${dropped.join(', ')}`);
  } catch (error) {
    console.error(`[test] could not drop the run's databases: ${error.message}`);
  }
  try {
    const deleted = await deleteRedisKeys(redisUrl, `foodlink-test:${runId}:*`);
    if (deleted > 0) log(`deleted ${deleted} leftover Redis key(s)`);
  } catch (error) {
    console.error(`[test] could not delete the run's Redis keys: ${error.message}`);
  }
}

function isCount(value) {
  return Number.isInteger(value) && value >= 0;
}

/** Sums the { project, passed, failed, total, runError } files the test reporters wrote. */
function readResults(resultsDir) {
  const totals = { passed: 0, failed: 0, files: 0 };
  const files = fs.readdirSync(resultsDir).filter((name) => name.endsWith('.json')).sort();
  for (const name of files) {
    totals.files += 1;
    let result;
    try {
      result = JSON.parse(fs.readFileSync(path.join(resultsDir, name), 'utf8'));
    } catch (error) {
      console.error(`[test] unreadable result file ${name}, counted as 1 failure: ${error.message}`);
      totals.failed += 1;
      continue;
    }
    if (!isCount(result?.passed) || !isCount(result?.failed)) {
      console.error(`[test] result file ${name} has no passed/failed counts, counted as 1 failure`);
      totals.failed += 1;
      continue;
    }
    // A run that crashed (a suite failed to load, say) may have no failed test to show for it.
    const failed = result.runError && result.failed === 0 ? 1 : result.failed;
    const runError = result.unfinished ? ` (run error: ${result.unfinished})` : result.runError ? ' (run error)' : '';
    log(`${result.project ?? name}: ${result.passed} passed, ${failed} failed${runError}`);
    totals.passed += result.passed;
    totals.failed += failed;
  }
  return totals;
}

async function main() {
  const runId = newRunId();
  const resultsDir = fs.mkdtempSync(path.join(os.tmpdir(), `foodlink-test-${runId}-`));
  const nxCode = await runSuites(runId, resultsDir).catch((error) => {
    console.error(`[test] ${error.message}`);
    return 1;
  });
  await stopServices();

  const totals = readResults(resultsDir);
  fs.rmSync(resultsDir, { recursive: true, force: true });
  if (totals.files === 0) log('no test results were written');
  // Nx failing without a failed test (a crash, a failed build) must not read as a green run.
  if (nxCode !== 0 && totals.failed === 0) {
    log(`nx failed (exit code ${nxCode}) with no failed test recorded: counting 1 failure`);
    totals.failed = 1;
  }
  console.log(`${totals.passed} passed, ${totals.failed} failed`);
  if (interruptedBy) return exitCodeOf(null, interruptedBy);
  return totals.failed === 0 && nxCode === 0 ? 0 : 1;
}

main().then(
  (code) => process.exit(code),
  (error) => {
    console.error(`[test] ${error.stack}`);
    console.log('0 passed, 1 failed');
    process.exit(1);
  },
);
