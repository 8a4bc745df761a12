import { performance } from 'node:perf_hooks';
import { Logger } from '@nestjs/common';
import { RedisAdapter, type RedisAdapterOptions } from '@socket.io/redis-adapter';
import type Redis from 'ioredis';
import type { Namespace, Socket } from 'socket.io';

/** What Socket.IO's adapters pass around for a broadcast (socket.io-adapter's BroadcastOptions). */
interface BroadcastOptions {
  rooms: Set<string>;
  except?: Set<string>;
  flags?: { local?: boolean; volatile?: boolean; compress?: boolean };
}

export interface PacingOptions {
  /** The longest one turn of the event loop spends writing a broadcast to sockets, in milliseconds. */
  sliceMs: number;
  /** Sockets written between two looks at the clock. */
  checkEvery: number;
  /** Broadcasts waiting to be written past which the instance says it is falling behind (once per episode). */
  warnAtPending?: number;
}

/**
 * Writing one message to a websocket costs ~20-30 µs of the event loop on loopback, nearly all of it the
 * kernel's writev (docs/PERFORMANCE.md, section 4): a broadcast to 5,000 sockets written in one go, as
 * Socket.IO does, holds the loop for 100-250 ms, and every HTTP request, timer and Redis reply waits.
 * 10 ms slices keep the delay any other work sees to about that, at the price of the broadcast
 * itself finishing a little later.
 */
export const DEFAULT_PACING: PacingOptions = { sliceMs: 10, checkEvery: 16, warnAtPending: 1000 };

type Write = (socket: Socket) => void;

interface Job {
  /** Who the broadcast goes to, asked when its turn comes (a long backlog keeps no socket lists). */
  select: () => Socket[];
  sockets?: Socket[];
  write: Write;
  next: number;
}

/**
 * Writes broadcasts to their sockets in time-boxed slices, yielding to the event loop (setImmediate)
 * between slices. Broadcasts are written strictly one after another (FIFO), so every socket still receives
 * messages in the order they were emitted. A broadcast that fits in the current slice, and finds nothing
 * waiting, is written at once, exactly as before. One that has to wait selects its sockets when its turn
 * comes: every socket connected then and still in the rooms gets it (those that left meanwhile do not).
 */
export class BroadcastPacer {
  private readonly queue: Job[] = [];
  private scheduled = false;
  private behind = false;
  /** Broadcasts written to every socket so far (they are written in the order sent: see counts.broadcasts). */
  private written = 0;
  /** Callbacks waiting for the broadcasts sent before them to be written (afterWritten), in order. */
  private readonly waiters: { upTo: number; callback: () => void }[] = [];
  /** Counters, for tests and the benchmark: broadcasts written, and those that had to wait for a later turn. */
  readonly counts = { broadcasts: 0, deferred: 0, slices: 0, writeErrors: 0 };

  constructor(
    private readonly options: PacingOptions = DEFAULT_PACING,
    /** Told when the backlog first passes `warnAtPending` (with its size), and when it is written out (0). */
    private readonly onBacklog: (pending: number) => void = () => {},
  ) {}

  /** Broadcasts waiting for (or in the middle of) being written. */
  get pending(): number {
    return this.queue.length;
  }

  send(select: () => Socket[], write: Write): void {
    this.counts.broadcasts++;
    const job: Job = { select, write, next: 0 };
    if (this.queue.length === 0 && this.run(job, performance.now())) {
      this.written++;
      return;
    }
    this.counts.deferred++;
    this.queue.push(job);
    this.schedule();
    if (!this.behind && this.queue.length > (this.options.warnAtPending ?? Infinity)) {
      this.behind = true;
      this.onBacklog(this.queue.length);
    }
  }

  /**
   * Calls `callback` once every broadcast sent so far has been written to all its sockets: at once when
   * none is waiting. A sender that would otherwise queue message after message faster than they can be
   * written (the counters, to a crowd) waits for this instead, and sends only the newest when it comes.
   */
  afterWritten(callback: () => void): void {
    if (this.written >= this.counts.broadcasts) return callback();
    this.waiters.push({ upTo: this.counts.broadcasts, callback });
  }

  /** Writes as much of `job` as the slice begun at `started` allows; true once every socket has had it. */
  private run(job: Job, started: number): boolean {
    const sockets = (job.sockets ??= job.select());
    const { write } = job;
    const { sliceMs, checkEvery } = this.options;
    while (job.next < sockets.length) {
      const end = Math.min(sockets.length, job.next + checkEvery);
      for (; job.next < end; job.next++) {
        try {
          write(sockets[job.next]);
        } catch {
          // One socket's failure (it is closing, say) must not cost the others their message.
          this.counts.writeErrors++;
        }
      }
      if (job.next < sockets.length && performance.now() - started >= sliceMs) return false;
    }
    return true;
  }

  private readonly drain = (): void => {
    this.scheduled = false;
    this.counts.slices++;
    const started = performance.now();
    while (this.queue.length > 0 && this.run(this.queue[0], started)) {
      this.queue.shift();
      this.written++;
      if (performance.now() - started >= this.options.sliceMs) break;
    }
    while (this.waiters.length > 0 && this.waiters[0].upTo <= this.written) this.waiters.shift()?.callback();
    if (this.queue.length > 0) return this.schedule();
    if (this.behind) {
      this.behind = false;
      this.onBacklog(0);
    }
  };

  private schedule(): void {
    if (this.scheduled) return;
    this.scheduled = true;
    setImmediate(this.drain);
  }
}

/**
 * The part of RedisAdapter this class builds on. `apply` and `onmessage` are marked private in the package's
 * type declarations, so the class is typed through this rather than RedisAdapter itself.
 */
interface RedisAdapterBase {
  readonly nsp: Namespace;
  rooms: Map<string, Set<string>>;
  broadcast(packet: unknown, opts: BroadcastOptions): void;
  /** Calls `callback` for every local socket the broadcast options select (socket.io-adapter). */
  apply(opts: BroadcastOptions, callback: Write): void;
  /** Handles a message from the Redis channel: decodes it and broadcasts it to the local sockets. */
  onmessage(pattern: unknown, channel: string | Buffer, message: Buffer): void;
}

type RedisAdapterClass = new (nsp: Namespace, pub: Redis, sub: Redis, opts?: Partial<RedisAdapterOptions>) => RedisAdapterBase;

/**
 * The Socket.IO Redis adapter, with local broadcasts written through a BroadcastPacer.
 *
 * Socket.IO's in-memory adapter broadcasts by encoding the packet once (one pre-built websocket frame
 * shared by every socket) and then calling `this.apply(opts, write)`, which runs `write` for every selected
 * socket at once. Here `apply` hands the selection and the writes to the pacer instead. Only the `apply`
 * made by a broadcast is paced, whether it comes from this instance (`broadcast`) or from Redis
 * (`onmessage`); every other use (fetchSockets, socketsJoin, broadcasts with acknowledgements, which count
 * their sockets) runs as before.
 */
export class PacedRedisAdapter extends (RedisAdapter as unknown as RedisAdapterClass) {
  private pacingNextApply = false;

  constructor(
    nsp: Namespace,
    pub: Redis,
    sub: Redis,
    opts: Partial<RedisAdapterOptions>,
    readonly pacer: BroadcastPacer,
  ) {
    super(nsp, pub, sub, opts);
  }

  override broadcast(packet: unknown, opts: BroadcastOptions): void {
    this.pacingNextApply = true;
    try {
      super.broadcast(packet, opts);
    } finally {
      this.pacingNextApply = false;
    }
  }

  override onmessage(pattern: unknown, channel: string | Buffer, message: Buffer): void {
    this.pacingNextApply = true;
    try {
      super.onmessage(pattern, channel, message);
    } finally {
      this.pacingNextApply = false;
    }
  }

  override apply(opts: BroadcastOptions, callback: Write): void {
    if (!this.pacingNextApply) return super.apply(opts, callback);
    this.pacingNextApply = false;
    const target: BroadcastOptions = { rooms: new Set(opts.rooms), except: new Set(opts.except) };
    this.pacer.send(() => this.selectSockets(target), callback);
  }

  /** The local sockets a broadcast goes to, each once. */
  private selectSockets(opts: BroadcastOptions): Socket[] {
    const sockets: Socket[] = [];
    if (opts.rooms.size === 1 && !opts.except?.size) {
      // The common case (one room): no set of ids to build and throw away per broadcast.
      const [room] = opts.rooms;
      const connected = this.nsp.sockets;
      for (const id of this.rooms.get(room) ?? []) {
        const socket = connected.get(id);
        if (socket) sockets.push(socket);
      }
      return sockets;
    }
    super.apply(opts, (socket) => sockets.push(socket));
    return sockets;
  }
}

/** Like `createAdapter` of @socket.io/redis-adapter, with paced local broadcasts (one pacer per server). */
export function createPacedRedisAdapter(pub: Redis, sub: Redis, opts: Partial<RedisAdapterOptions>, pacing: PacingOptions = DEFAULT_PACING) {
  const logger = new Logger('Realtime');
  const pacer = new BroadcastPacer(pacing, (pending) => {
    if (pending > 0) logger.warn(`Falling behind: ${pending} broadcasts waiting to be written to this instance's sockets`);
    else logger.log('Caught up: every broadcast has been written');
  });
  // A function, not an arrow: Socket.IO calls it with `new`. It takes the result for the RedisAdapter it is.
  return function adapterFor(nsp: Namespace): RedisAdapter {
    return new PacedRedisAdapter(nsp, pub, sub, opts, pacer) as unknown as RedisAdapter;
  };
}
