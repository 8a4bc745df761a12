import { readMarkOf, type ChangeMark } from './change-mark';
import { Coalesced, FreshCache, type Loaded } from './fresh-cache';

/** A stand-in database: a change counter, and calls that answer only when the test lets them. */
class FakeDatabase {
  last = 0;
  inProgress: bigint[] = [];
  xmax = 10n;
  markReads = 0;
  private gates: (() => void)[] = [];

  mark(): ChangeMark {
    return { last: String(this.last), snapshot: { xmin: this.inProgress[0] ?? this.xmax, xmax: this.xmax, xip: [...this.inProgress] } };
  }

  /** The mark as of when the query runs (after any gate opens). */
  async readMark(gated: boolean): Promise<ChangeMark> {
    this.markReads += 1;
    if (gated) await new Promise<void>((resolve) => this.gates.push(resolve));
    return this.mark();
  }

  open(): void {
    const gates = this.gates;
    this.gates = [];
    for (const gate of gates) gate();
  }
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('FreshCache', () => {
  let db: FakeDatabase;
  let loads: number;
  let now: number;
  let gatedMarks: boolean;
  let loadGate: Promise<void> | undefined;
  let cache: FreshCache<string>;

  const load = (): Promise<Loaded<string>> => {
    loads += 1;
    // The snapshot is taken when the load starts; the value reflects that moment.
    const mark = db.mark();
    const value = `v${db.last}`;
    return (loadGate ?? Promise.resolve()).then(() => ({ value, mark: readMarkOf(mark) }));
  };

  beforeEach(() => {
    db = new FakeDatabase();
    loads = 0;
    now = 0;
    gatedMarks = false;
    loadGate = undefined;
    const marks = new Coalesced(() => db.readMark(gatedMarks));
    cache = new FreshCache<string>({
      readMark: () => marks.next(),
      sizeOf: (value) => value.length,
      maxEntries: 3,
      maxBytes: 1000,
      maxAgeMs: 60_000,
      now: () => now,
    });
  });

  it('serves the cached value while nothing changes, and a new one after a change', async () => {
    expect(await cache.get('k', load)).toBe('v0');
    expect(await cache.get('k', load)).toBe('v0');
    expect(loads).toBe(1);
    db.last = 1;
    expect(await cache.get('k', load)).toBe('v1');
    expect(loads).toBe(2);
  });

  it('reloads once a transaction that was running at the read finishes', async () => {
    db.inProgress = [7n];
    expect(await cache.get('k', load)).toBe('v0');
    expect(await cache.get('k', load)).toBe('v0');
    expect(loads).toBe(1);
    db.inProgress = [];
    await cache.get('k', load);
    expect(loads).toBe(2);
  });

  it('reloads after the maximum age even without a change', async () => {
    await cache.get('k', load);
    now = 59_999;
    await cache.get('k', load);
    expect(loads).toBe(1);
    now = 60_000;
    await cache.get('k', load);
    expect(loads).toBe(2);
  });

  it('loads once for many concurrent cold requests', async () => {
    let release!: () => void;
    loadGate = new Promise((resolve) => (release = resolve));
    const answers = Array.from({ length: 50 }, () => cache.get('k', load));
    await settle();
    release();
    expect(await Promise.all(answers)).toEqual(Array(50).fill('v0'));
    expect(loads).toBe(1);
  });

  it('makes a request that arrives after a change wait for a load newer than the one already running', async () => {
    let release!: () => void;
    loadGate = new Promise((resolve) => (release = resolve));
    const early = cache.get('k', load);
    await settle(); // the first load is running with the old state
    expect(loads).toBe(1);
    db.last = 1; // a write commits
    loadGate = undefined;
    const late = cache.get('k', load);
    await settle();
    release();
    expect(await early).toBe('v0');
    expect(await late).toBe('v1');
    expect(loads).toBe(2);
    // The newer answer stays cached.
    expect(await cache.get('k', load)).toBe('v1');
    expect(loads).toBe(2);
  });

  it('passes a failed load to its callers and tries again on the next request', async () => {
    const failing = () => Promise.reject(new Error('database away'));
    await expect(cache.get('k', failing)).rejects.toThrow('database away');
    expect(await cache.get('k', load)).toBe('v0');
  });

  it('keeps at most maxEntries keys, dropping the least recently used', async () => {
    for (const key of ['a', 'b', 'c']) await cache.get(key, load);
    await cache.get('a', load); // a is now the most recently used
    await cache.get('d', load);
    expect(cache.size).toBe(3);
    loads = 0;
    await cache.get('a', load);
    await cache.get('c', load);
    await cache.get('d', load);
    expect(loads).toBe(0);
    await cache.get('b', load);
    expect(loads).toBe(1);
  });

  it('keeps within the byte budget, but always keeps the newest entry', async () => {
    const big = (size: number) => () => Promise.resolve({ value: 'x'.repeat(size), mark: readMarkOf(db.mark()) });
    await cache.get('a', big(600));
    await cache.get('b', big(600));
    expect(cache.size).toBe(1);
    await cache.get('c', big(2000));
    expect(cache.size).toBe(1);
  });

  it('shares one mark query among the requests that arrive while it waits to be sent', async () => {
    await cache.get('k', load);
    db.markReads = 0;
    gatedMarks = true;
    const first = cache.get('k', load); // issues a mark query at once
    await settle();
    const others = Array.from({ length: 20 }, () => cache.get('k', load)); // must wait for a newer one
    await settle();
    expect(db.markReads).toBe(1);
    db.open();
    await settle();
    expect(db.markReads).toBe(2);
    db.open();
    expect(await first).toBe('v0');
    expect(await Promise.all(others)).toEqual(Array(20).fill('v0'));
    expect(db.markReads).toBe(2);
  });
});

describe('Coalesced', () => {
  it('answers every caller with a run issued after its call', async () => {
    let runs = 0;
    const gates: (() => void)[] = [];
    const coalesced = new Coalesced(async () => {
      const run = ++runs;
      await new Promise<void>((resolve) => gates.push(resolve));
      return run;
    });
    const first = coalesced.next();
    await settle();
    const second = coalesced.next();
    const third = coalesced.next();
    expect(runs).toBe(1);
    gates.shift()?.();
    expect(await first).toBe(1);
    await settle();
    expect(runs).toBe(2);
    gates.shift()?.();
    expect(await second).toBe(2);
    expect(await third).toBe(2);
  });

  it('does not stall after a failed run', async () => {
    let runs = 0;
    const coalesced = new Coalesced(async () => {
      runs += 1;
      if (runs === 1) throw new Error('away');
      return 'ok';
    });
    const failed = coalesced.next();
    const queued = coalesced.next();
    await expect(failed).rejects.toThrow('away');
    expect(await queued).toBe('ok');
    expect(await coalesced.next()).toBe('ok');
  });
});
