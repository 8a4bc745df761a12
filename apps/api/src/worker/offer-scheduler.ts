import { InjectQueue } from '@nestjs/bullmq';
import { Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { DOMAIN_EVENTS, OFFER_JOBS, QUEUES } from '@food-link/contracts';
import type { JobsOptions, Queue } from 'bullmq';
import { OnDomainEvent, type DomainEventOf } from '../common/on-domain-event';
import { ListingsService } from '../listings/listings.service';
import { HANDOVER_JOB_OPTIONS } from './not-collected-scheduler';

/** The data of an `open-to-board` job. */
export interface OpenToBoardJob {
  foodId: number;
}

/**
 * The job id of an item's open stage: one per item, so adding it again (a re-delivered `food.listed`, or
 * a worker's start) is ignored by BullMQ while the first is kept. BullMQ job ids may not contain ':'.
 */
export function openToBoardJobId(foodId: number): string {
  return `${OFFER_JOBS.openToBoard}-${foodId}`;
}

/**
 * The handover jobs' policy: a few retries (a database outage), kept a week after they finish, so a
 * repeated add of the same id stays a no-op that long (an item's partners stage lasts minutes).
 */
export const OFFER_JOB_OPTIONS: JobsOptions = HANDOVER_JOB_OPTIONS;

/**
 * Schedules the delayed job that ends an item's partners stage at its `offer_open_at` (the `offers`
 * queue). It lives in Redis, so it outlives any worker; it is added when the worker handles the item's
 * `food.listed` with partners (listing an item is one transaction that does not touch Redis), and again
 * for every item still in the partners stage when a worker starts.
 */
@Injectable()
export class OfferScheduler implements OnApplicationBootstrap {
  private readonly logger = new Logger('Offers');

  constructor(
    @InjectQueue(QUEUES.offers) private readonly queue: Queue<OpenToBoardJob>,
    private readonly food: ListingsService,
  ) {}

  /** Adds the item's job unless it has left the partners stage; returns whether it (still) is scheduled. */
  async schedule(foodId: number, now = Date.now()): Promise<boolean> {
    const [offer] = await this.food.offersToOpen(foodId);
    if (!offer) return false;
    await this.queue.add(OFFER_JOBS.openToBoard, { foodId }, this.options(foodId, offer.offer_open_at, now));
    return true;
  }

  /** A listing offered to partners first schedules the job that puts it on the open board (one per item). */
  @OnDomainEvent({ event: DOMAIN_EVENTS.foodListed, phase: 'effects' })
  async onListed(event: DomainEventOf<'food.listed'>): Promise<void> {
    if (event.data.partners?.length) await this.schedule(event.data.foodId);
  }

  /**
   * At a worker's start, adds the job of every item still offered to partners alone: a no-op for the jobs
   * Redis has (same ids), and the repair for those it lost (Redis restarted empty, or an item listed while
   * no worker ran and whose food.listed job was lost). In the background, as NotCollectedScheduler does.
   */
  onApplicationBootstrap(): void {
    void this.scheduleAllOffered();
  }

  private options(foodId: number, openAt: Date, now: number): JobsOptions {
    return { ...OFFER_JOB_OPTIONS, jobId: openToBoardJobId(foodId), delay: Math.max(0, openAt.getTime() - now) };
  }

  private async scheduleAllOffered(): Promise<void> {
    try {
      const offers = await this.food.offersToOpen();
      const now = Date.now();
      for (let start = 0; start < offers.length; start += 500) {
        await this.queue.addBulk(
          offers.slice(start, start + 500).map(({ id, offer_open_at }) => ({
            name: OFFER_JOBS.openToBoard,
            data: { foodId: id },
            opts: this.options(id, offer_open_at, now),
          })),
        );
      }
    } catch (error) {
      // Not fatal: each listing's food.listed schedules its job anyway.
      this.logger.warn(`Scheduling the offers' open stage again: ${(error as Error).message}`);
    }
  }
}
