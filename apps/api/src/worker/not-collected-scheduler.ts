import { InjectQueue } from '@nestjs/bullmq';
import { Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { DOMAIN_EVENTS, HANDOVER_JOBS, QUEUES } from '@food-link/contracts';
import type { JobsOptions, Queue } from 'bullmq';
import { OnDomainEvent, type DomainEventOf } from '../common/on-domain-event';
import { HandoverService } from '../handover/handover.service';

/** The data of a `not-collected` job. */
export interface NotCollectedJob {
  requestId: number;
}

/**
 * The job id of a request's not-collected job: one per request, so adding it again (a re-delivered
 * `food.claimed`) is ignored by BullMQ while the first is kept. BullMQ job ids may not contain ':'.
 */
export function notCollectedJobId(requestId: number): string {
  return `${HANDOVER_JOBS.notCollected}-${requestId}`;
}

/**
 * Handover jobs retry a few times (a database outage), and are kept after they finish (completed a week,
 * failed a week for operators), so that a repeated add of the same id stays a no-op that long.
 */
export const HANDOVER_JOB_OPTIONS: JobsOptions = {
  attempts: 8,
  backoff: { type: 'exponential', delay: 1000 },
  removeOnComplete: { age: 7 * 24 * 3600 },
  removeOnFail: { age: 7 * 24 * 3600 },
};

/**
 * Schedules the delayed job that ends a claim nobody collected: at the request's collect-by time plus
 * NOT_COLLECTED_GRACE_MINUTES. It lives in Redis, so it outlives any worker; it is added when the worker
 * handles the claim's `food.claimed` (the claim itself is one SQL statement and does not touch Redis).
 */
@Injectable()
export class NotCollectedScheduler implements OnApplicationBootstrap {
  private readonly logger = new Logger('NotCollected');

  constructor(
    @InjectQueue(QUEUES.handover) private readonly queue: Queue<NotCollectedJob>,
    private readonly handover: HandoverService,
  ) {}

  /** Adds the request's job unless the request has ended already; returns whether it (still) is scheduled. */
  async schedule(requestId: number, now = Date.now()): Promise<boolean> {
    const collectBy = await this.handover.pendingCollectBy(requestId);
    if (!collectBy) return false;
    const delay = Math.max(0, this.handover.dueAt(collectBy) - now);
    await this.queue.add(HANDOVER_JOBS.notCollected, { requestId }, { ...HANDOVER_JOB_OPTIONS, jobId: notCollectedJobId(requestId), delay });
    return true;
  }

  /** A claim schedules its job (one per request, however often this runs). */
  @OnDomainEvent({ event: DOMAIN_EVENTS.foodClaimed, phase: 'effects' })
  async onClaimed(event: DomainEventOf<'food.claimed'>): Promise<void> {
    await this.schedule(event.data.requestId);
  }

  /**
   * At a worker's start, adds the job of every pending request again: a no-op for the jobs Redis has (same
   * ids), and the repair for those it lost (Redis restarted empty, or a request claimed while no worker
   * ran and whose food.claimed job was lost). Pending requests are few (at most 5 per charity). In the
   * background: a start does not wait for a Redis that is away (the worker connection waits forever).
   */
  onApplicationBootstrap(): void {
    void this.scheduleAllPending();
  }

  private async scheduleAllPending(): Promise<void> {
    try {
      const pending = await this.handover.pendingCollectTimes();
      const now = Date.now();
      for (let start = 0; start < pending.length; start += 500) {
        await this.queue.addBulk(
          pending.slice(start, start + 500).map(({ id, collect_by }) => ({
            name: HANDOVER_JOBS.notCollected,
            data: { requestId: id },
            opts: { ...HANDOVER_JOB_OPTIONS, jobId: notCollectedJobId(id), delay: Math.max(0, this.handover.dueAt(collect_by) - now) },
          })),
        );
      }
    } catch (error) {
      // Not fatal: each claim's food.claimed schedules its job anyway.
      this.logger.warn(`Scheduling the pending requests' jobs again: ${(error as Error).message}`);
    }
  }
}
