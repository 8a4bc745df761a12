import { UnrecoverableError, type Job } from 'bullmq';
import { JobHandlers } from './job-handlers';

const job = (name: string) => ({ name, data: { n: 1 } }) as Job<{ n: number }>;

describe('JobHandlers', () => {
  it('refuses to start when an expected job name has no handler', () => {
    expect(() => new JobHandlers('q', { a: async () => undefined }, ['a', 'b'])).toThrow(
      'Queue "q" has no handler for job name(s): b',
    );
  });

  it('runs the handler registered for the job name', async () => {
    const seen: string[] = [];
    const handlers = new JobHandlers<{ n: number }>('q', { a: async (j) => void seen.push(`${j.name}:${j.data.n}`) }, ['a']);
    await handlers.handle(job('a'));
    expect(seen).toEqual(['a:1']);
  });

  it('fails an unknown job without retries', async () => {
    const handlers = new JobHandlers('q', { a: async () => undefined }, ['a']);
    await expect(handlers.handle(job('zzz'))).rejects.toBeInstanceOf(UnrecoverableError);
  });
});
