import { UnrecoverableError, type Job } from 'bullmq';
import { isFinalJobFailure } from './queue-worker';

const job = (attemptsMade: number, attempts?: number) => ({ attemptsMade, opts: attempts === undefined ? {} : { attempts } }) as Job;

describe('isFinalJobFailure', () => {
  it('is final on the last attempt, not before', () => {
    expect(isFinalJobFailure(job(3, 5), new Error('database down'))).toBe(false);
    expect(isFinalJobFailure(job(5, 5), new Error('database down'))).toBe(true);
    expect(isFinalJobFailure(job(1), new Error('no attempts option: one attempt'))).toBe(true);
  });

  it('is final at once for an UnrecoverableError, whatever attempts are left (BullMQ does not retry it)', () => {
    expect(isFinalJobFailure(job(1, 10), new UnrecoverableError('unknown job'))).toBe(true);
    // One from another copy of bullmq (not this module's class) is recognised by its name.
    const revived = Object.assign(new Error('refused address'), { name: 'UnrecoverableError' });
    expect(isFinalJobFailure(job(1, 10), revived)).toBe(true);
  });
});
