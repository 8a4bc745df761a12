import type { Job } from 'bullmq';
import { UnrecoverableError } from 'bullmq';

export type JobHandler<T> = (job: Job<T>) => Promise<void>;

/**
 * Dispatches a queue's jobs by name to exactly one handler each. Built at start-up, it refuses to start
 * when a job name that the queue carries has no handler, and fails (without retrying) a job whose name
 * it does not know, keeping it for inspection.
 */
export class JobHandlers<T> {
  constructor(
    private readonly queue: string,
    private readonly handlers: Readonly<Record<string, JobHandler<T>>>,
    expectedNames: readonly string[],
  ) {
    const missing = expectedNames.filter((name) => !(name in handlers));
    if (missing.length > 0) throw new Error(`Queue "${queue}" has no handler for job name(s): ${missing.join(', ')}`);
  }

  async handle(job: Job<T>): Promise<void> {
    const handler = this.handlers[job.name];
    if (!handler) throw new UnrecoverableError(`Queue "${this.queue}" has no handler for job "${job.name}"`);
    await handler(job);
  }
}
