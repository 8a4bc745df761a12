/**
 * Runs at most `limit` tasks at once; waiting tasks start in priority order (0 first), then in arrival
 * order. In-process only: each API instance has its own.
 */
export class PrioritySemaphore {
  private readonly waiting: (() => void)[][] = [];
  private active = 0;
  private peak = 0;

  constructor(private readonly limit: number) {
    if (!Number.isInteger(limit) || limit < 1) throw new Error('A semaphore needs a limit of at least 1');
  }

  get running(): number {
    return this.active;
  }

  /** The most tasks that ever ran at once. */
  get mostRunning(): number {
    return this.peak;
  }

  get queued(): number {
    return this.waiting.reduce((sum, queue) => sum + queue.length, 0);
  }

  async run<T>(priority: number, task: () => Promise<T>): Promise<T> {
    if (this.active >= this.limit) {
      await new Promise<void>((resolve) => (this.waiting[priority] ??= []).push(resolve));
    } else {
      this.active += 1;
    }
    this.peak = Math.max(this.peak, this.active);
    try {
      return await task();
    } finally {
      this.release();
    }
  }

  /** Hands the slot to the first waiting task, if any (the count stays), or frees it. */
  private release(): void {
    for (const queue of this.waiting) {
      const next = queue?.shift();
      if (next) {
        next();
        return;
      }
    }
    this.active -= 1;
  }
}
