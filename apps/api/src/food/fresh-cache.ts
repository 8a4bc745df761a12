import { isCurrent, type ChangeMark, type ReadMark } from './change-mark';

/** What a load produced: the value and the mark of the snapshot it was read in. */
export interface Loaded<T> {
  value: T;
  mark: ReadMark;
}

export interface FreshCacheOptions<T> {
  /**
   * The current change mark, read by a query issued after the call (a Coalesced shares one query among
   * the calls waiting for it, across caches too).
   */
  readMark: () => Promise<ChangeMark>;
  /** Bytes an entry holds, for the memory bound. */
  sizeOf: (value: T) => number;
  maxEntries: number;
  maxBytes: number;
  /** A safety net: an entry older than this is reloaded even if no change was seen. */
  maxAgeMs: number;
  now?: () => number;
}

interface Entry<T> {
  value: T;
  mark: ReadMark;
  size: number;
  loadedAt: number;
  /** Order in which loads were started; a later load's answer replaces an earlier one's, never the reverse. */
  seq: number;
}

interface Load<T> {
  seq: number;
  promise: Promise<Entry<T>>;
}

/**
 * A small in-process cache whose answers are never older than the request asking: every `get` first reads
 * the current change mark (a query issued after the call, shared by the calls that arrive while it waits
 * to be sent), and serves an entry only if nothing it depends on has been committed since it was read.
 * Otherwise one load per key runs at a time; callers that need a newer one wait for it instead of
 * starting their own. Bounded by entry count and bytes (least recently used go first).
 */
export class FreshCache<T> {
  private readonly entries = new Map<string, Entry<T>>();
  private readonly loads = new Map<string, Load<T>>();
  private readonly now: () => number;
  private seq = 0;
  private bytes = 0;

  constructor(private readonly options: FreshCacheOptions<T>) {
    this.now = options.now ?? Date.now;
  }

  /**
   * The value for `key` as of a moment after this call: the cached one if still current, else what
   * `load` reads (one load per key at a time).
   */
  async get(key: string, load: () => Promise<Loaded<T>>): Promise<T> {
    const mark = await this.options.readMark();
    // Loads numbered above this start after the mark was read, so they are newer than this call.
    const seqAtMark = this.seq;
    const cached = this.entries.get(key);
    if (cached && this.usable(cached, mark)) {
      // Most recently used last.
      this.entries.delete(key);
      this.entries.set(key, cached);
      return cached.value;
    }
    const running = this.loads.get(key);
    if (running) {
      // Started before this call's mark was read, so it may be older than the call: check it like an entry.
      const entry = await running.promise;
      if (this.usable(entry, mark)) return entry.value;
    }
    const newest = this.loads.get(key);
    // A load started after the mark was read (by a caller who waited like this one) is new enough as it is.
    const wanted = newest && newest.seq > seqAtMark ? newest : this.start(key, load);
    return (await wanted.promise).value;
  }

  /** Drops every entry (loads in flight still answer their callers, and may store what they read). */
  clear(): void {
    this.entries.clear();
    this.bytes = 0;
  }

  get size(): number {
    return this.entries.size;
  }

  private usable(entry: Entry<T>, mark: ChangeMark): boolean {
    return this.now() - entry.loadedAt < this.options.maxAgeMs && isCurrent(entry.mark, mark);
  }

  private start(key: string, load: () => Promise<Loaded<T>>): Load<T> {
    const seq = ++this.seq;
    const loadedAt = this.now();
    const promise = Promise.resolve()
      .then(() => load())
      .then(({ value, mark: readMark }) => {
        const entry: Entry<T> = { value, mark: readMark, size: this.options.sizeOf(value), loadedAt, seq };
        this.store(key, entry);
        return entry;
      });
    const running: Load<T> = { seq, promise };
    this.loads.set(key, running);
    const settled = () => {
      if (this.loads.get(key) === running) this.loads.delete(key);
    };
    promise.then(settled, settled);
    return running;
  }

  private store(key: string, entry: Entry<T>): void {
    const previous = this.entries.get(key);
    if (previous && previous.seq > entry.seq) return;
    if (previous) {
      this.entries.delete(key);
      this.bytes -= previous.size;
    }
    this.entries.set(key, entry);
    this.bytes += entry.size;
    // Evict least recently used first; the newest entry stays even if alone it exceeds the byte budget.
    for (const [oldKey, old] of this.entries) {
      if (this.entries.size <= 1 || (this.entries.size <= this.options.maxEntries && this.bytes <= this.options.maxBytes)) break;
      this.entries.delete(oldKey);
      this.bytes -= old.size;
    }
  }
}

/**
 * Calls of `next()` share one run of `run`, but only a run issued after the call: while one is in flight,
 * callers wait for the next, which starts when it settles. So one run is in flight and one waits (in the
 * usual case), and each caller's answer reflects a moment after it asked.
 */
export class Coalesced<T> {
  private issued?: Promise<T>;
  private queued?: Promise<T>;

  constructor(private readonly run: () => Promise<T>) {}

  next(): Promise<T> {
    if (!this.issued) return this.issue();
    this.queued ??= this.issued
      .then(
        () => undefined,
        () => undefined,
      )
      .then(() => {
        this.queued = undefined;
        return this.issue();
      });
    return this.queued;
  }

  private issue(): Promise<T> {
    const promise = Promise.resolve().then(() => this.run());
    this.issued = promise;
    const settled = () => {
      if (this.issued === promise) this.issued = undefined;
    };
    promise.then(settled, settled);
    return promise;
  }
}
