// Child-process bookkeeping shared by tools/start.mjs and tools/test.mjs.
// Only node: imports, so it works before node_modules exists.
import { spawn } from 'node:child_process';
import { constants } from 'node:os';

/** Children to stop on shutdown (services, build steps): { killNow(): void, stop(): Promise<void> }. */
const services = new Set();

// 'exit' listeners cannot wait, so this is only a last resort that signals
// whatever is still running; orderly shutdowns go through stopServices().
process.on('exit', () => {
  for (const service of services) service.killNow();
});

export function isRunning(child) {
  return Boolean(child) && child.exitCode === null && child.signalCode === null;
}

/** Resolves with the exit code (128+n when killed by signal n, 127 if it could not start). */
export function waitForExit(child) {
  return new Promise((resolve) => {
    if (!isRunning(child)) return resolve(exitCodeOf(child.exitCode, child.signalCode));
    child.once('error', () => resolve(127));
    child.once('exit', (code, signal) => resolve(exitCodeOf(code, signal)));
  });
}

export function exitCodeOf(code, signal) {
  if (code !== null && code !== undefined) return code;
  return 128 + (constants.signals[signal] ?? 0);
}

/** Signals the child and waits for it, escalating to SIGKILL if it hangs. */
export async function stopProcess(child, { signal = 'SIGTERM', timeoutMs = 15_000 } = {}) {
  if (!isRunning(child)) return;
  const exited = waitForExit(child);
  const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
  child.kill(signal);
  await exited;
  clearTimeout(timer);
}

/**
 * Registers a service so it is stopped on shutdown. getChild is a function
 * because some children (embedded PostgreSQL) are spawned by library code
 * and only exist once its start() is under way.
 */
export function registerService(getChild, { signal = 'SIGTERM' } = {}) {
  const service = {
    killNow() {
      const child = getChild();
      if (isRunning(child)) child.kill(signal);
    },
    async stop() {
      services.delete(service);
      await stopProcess(getChild(), { signal });
    },
  };
  services.add(service);
  return () => service.stop();
}

/** Stops every registered service, newest first (the API before its databases). */
export async function stopServices() {
  for (const service of [...services].reverse()) await service.stop();
}

/** Spawns a child that is stopped with the services if we shut down while it runs. */
export function spawnTracked(command, args, { stopSignal = 'SIGTERM', ...options } = {}) {
  const child = spawn(command, args, { stdio: 'inherit', ...options });
  const stop = registerService(() => child, { signal: stopSignal });
  child.once('exit', stop);
  child.once('error', stop);
  return child;
}

/** Runs a command with inherited stdio and resolves with its exit code. */
export function run(command, args, options = {}) {
  return waitForExit(spawnTracked(command, args, options));
}

/**
 * Calls handler(signal) once on the first SIGINT/SIGTERM/SIGHUP. Later ones are
 * ignored: `npm start` forwards Ctrl-C to us on top of the terminal's own, and
 * a shutdown already under way has its own SIGKILL timeouts.
 */
export function onShutdownSignal(handler) {
  let received = false;
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
    process.on(signal, () => {
      if (received) return;
      received = true;
      handler(signal);
    });
  }
}
