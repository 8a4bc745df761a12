// Socket.IO clients for the benchmarks, held in forked processes: one Node process parsing hundreds of
// thousands of messages a second would itself be the bottleneck, and the process that drives a benchmark
// must never be late because it is busy receiving. A benchmark script forks itself with CLIENT_FLAG; in the
// child, serveClientProcess() answers the parent's messages with the script's own handlers, and
// openSockets() connects the sockets. In the parent, startClientProcess() returns a handle whose replies
// are awaited by type, and stopClientProcesses() ends them.
//
//   if (isClientProcess()) serveClientProcess({ connect: async (message) => ..., ... });
//   const proc = await startClientProcess(import.meta.url);
//   proc.send({ type: 'connect', ... }); const reply = await proc.next('connected');
import { fork } from 'node:child_process';
import { once } from 'node:events';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath, pathToFileURL } from 'node:url';

/** The argument a benchmark script is forked with to act as a client process. */
export const CLIENT_FLAG = '--client';

/** Whether this process is a forked client process (started by startClientProcess). */
export function isClientProcess() {
  return process.argv[2] === CLIENT_FLAG;
}

// ------------------------------------------------------------------------------------------ parent side

/**
 * Forks `scriptUrl` (a benchmark script's import.meta.url) as a client process and waits for it to be
 * ready. The handle's mailbox keeps every message by type: `next(type, timeoutMs)` takes the oldest one of
 * that type, waiting for it if there is none yet; it resolves null after timeoutMs, and rejects once the
 * process has exited. `request(message, replyType)` sends and waits for the reply.
 */
export async function startClientProcess(scriptUrl) {
  const child = fork(fileURLToPath(scriptUrl), [CLIENT_FLAG], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const queues = new Map();
  const waiters = new Map();
  let exitError;
  child.on('message', (message) => {
    const waiter = waiters.get(message.type)?.shift();
    if (waiter) waiter.resolve(message);
    else (queues.get(message.type) ?? queues.set(message.type, []).get(message.type)).push(message);
  });
  child.once('exit', (code, signal) => {
    exitError = new Error(`client process exited (${code ?? signal})`);
    for (const list of waiters.values()) for (const waiter of list) waiter.reject(exitError);
    waiters.clear();
  });
  const next = (type, timeoutMs = 600_000) => {
    const queued = queues.get(type)?.shift();
    if (queued) return Promise.resolve(queued);
    if (exitError) return Promise.reject(exitError);
    return new Promise((resolve, reject) => {
      const waiter = { resolve, reject };
      (waiters.get(type) ?? waiters.set(type, []).get(type)).push(waiter);
      const timer = setTimeout(() => {
        const list = waiters.get(type) ?? [];
        if (list.includes(waiter)) list.splice(list.indexOf(waiter), 1);
        resolve(null);
      }, timeoutMs);
      waiter.resolve = (value) => {
        clearTimeout(timer);
        resolve(value);
      };
      waiter.reject = (error) => {
        clearTimeout(timer);
        reject(error);
      };
    });
  };
  const send = (message) => child.send(message);
  const request = (message, replyType, timeoutMs) => {
    send(message);
    return next(replyType, timeoutMs);
  };
  await next('ready');
  return { child, send, next, request };
}

/** Asks each client process still running to close its sockets and exit; SIGKILLs one that takes over 5 s. */
export async function stopClientProcesses(procs) {
  await Promise.all(
    procs.map(async (proc) => {
      if (proc.child.exitCode !== null || proc.child.signalCode !== null) return;
      const exited = once(proc.child, 'exit');
      proc.send({ type: 'exit' });
      await Promise.race([exited, sleep(5000).then(() => proc.child.kill('SIGKILL'))]);
    }),
  );
}

// ------------------------------------------------------------------------------------------- child side

/**
 * In a client process: answers the parent's messages with `handlers[message.type](message)`; a handler
 * may send messages itself and/or return one to be sent. `{ type: 'exit' }` runs `handlers.exit` (close
 * the sockets) and ends the process. Tells the parent it is ready.
 */
export function serveClientProcess(handlers) {
  process.on('message', async (message) => {
    if (message.type === 'exit') {
      await handlers.exit?.(message);
      process.exit(0);
    }
    const handler = handlers[message.type];
    if (!handler) return;
    const reply = await handler(message);
    if (reply) process.send(reply);
  });
  process.send({ type: 'ready' });
}

/**
 * In a client process: connects one websocket-only socket.io client per spec ({ url, token?, topics? }),
 * and, when the spec names public topics, watches them (docs/REALTIME.md, version 2) before counting the
 * socket as connected (a topic refused fails the socket);
 * `concurrency` at a time, without reconnection (a socket that drops misses messages, and that must show).
 * `attach(socket, spec)` runs before each connects (add the message listeners there) and
 * `connected(socket, spec, attached)` once it has, with what attach returned. A socket that fails to
 * connect is closed. Resolves with
 * { failed, errors } (the first five error messages).
 */
export async function openSockets(specs, { concurrency, attach = () => {}, connected = () => {} }) {
  const { io } = await import('socket.io-client');
  const errors = [];
  const connectOne = (spec) =>
    new Promise((resolve) => {
      const socket = io(spec.url, {
        transports: ['websocket'],
        forceNew: true,
        reconnection: false,
        timeout: 60_000,
        ...(spec.token ? { auth: { token: spec.token } } : {}),
      });
      const attached = attach(socket, spec);
      socket.once('connect', async () => {
        if (spec.topics?.length) {
          try {
            const ack = await socket.timeout(60_000).emitWithAck('watch', spec.topics);
            if (ack.refused.length > 0) throw new Error(`topics refused: ${ack.refused.join(', ')}`);
          } catch (error) {
            socket.close();
            errors.push(error.message);
            return resolve();
          }
        }
        connected(socket, spec, attached);
        resolve();
      });
      socket.once('connect_error', (error) => {
        socket.close();
        errors.push(error.message);
        resolve();
      });
    });
  let next = 0;
  const worker = async () => {
    while (next < specs.length) await connectOne(specs[next++]);
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, specs.length) }, worker));
  return { failed: errors.length, errors: errors.slice(0, 5) };
}

/**
 * The entry point of a benchmark part with client processes: when `moduleUrl` is the script node was
 * started with, a forked client process runs `clientMain`, the main process `run` (exit 1 on an error).
 */
export function runAsScript(moduleUrl, run, clientMain) {
  if (!process.argv[1] || moduleUrl !== pathToFileURL(process.argv[1]).href) return;
  if (isClientProcess()) {
    clientMain();
    return;
  }
  run().then(
    () => process.exit(0),
    (error) => {
      console.error(error);
      process.exit(1);
    },
  );
}
