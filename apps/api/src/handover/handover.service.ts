import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { cairoDate, DOMAIN_EVENTS, type FoodStatus } from '@food-link/contracts';
import { DataSource, type EntityManager } from 'typeorm';
import { AppConfig } from '../config/app-config';
import { OutboxService } from '../events/outbox.service';
import { RequestsRepository, type RequestRow } from '../requests/requests.repository';
import { VerificationChanges } from '../verification/verification-changes.service';

const MINUTE_MS = 60_000;

/** What the not-collected job found. `early`: the request is not due until `dueAt` (ms since the epoch). */
export type NotCollectedOutcome = { outcome: 'not_collected'; foodStatus: FoodStatus } | { outcome: 'not_pending' } | { outcome: 'early'; dueAt: number };

/**
 * The end of a claim nobody collected (DOMAIN.md, "The handover"): the delayed job at the end of the
 * window plus the grace period, and the donor's no-show report, make the same transition here.
 */
@Injectable()
export class HandoverService {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly requests: RequestsRepository,
    private readonly outbox: OutboxService,
    private readonly config: AppConfig,
    private readonly verification: VerificationChanges,
  ) {}

  /** When a pending request becomes not collected: its collect-by time plus the grace period. */
  dueAt(collectBy: Date): number {
    return collectBy.getTime() + this.config.NOT_COLLECTED_GRACE_MINUTES * MINUTE_MS;
  }

  /**
   * Ends a pending request, locked by the caller, as not collected: the item goes back on the board from
   * now on when at least the shortest window (MIN_PICKUP_WINDOW_MINUTES) of safe time is left, otherwise it
   * expires. Records `request.not_collected` (the donor and the charity hear it privately, the board
   * publicly) and, when the item expired, `food.expired`. A charity's third no-show in 30 days suspends
   * its claiming (VerificationChanges.afterNoShow). Returns the item's new status.
   */
  async endNotCollected(tx: EntityManager, request: RequestRow): Promise<FoodStatus> {
    await this.requests.end(tx, request.id, 'not_collected');
    const foodStatus = await this.requests.releaseFood(tx, request.food_id, 'from-now', this.config.MIN_PICKUP_WINDOW_MINUTES, cairoDate());
    const relisted = foodStatus === 'available';
    const { governorate } = request;
    await this.outbox.record(
      tx,
      DOMAIN_EVENTS.requestNotCollected,
      { foodId: request.food_id, requestId: request.id, relisted, governorate },
      [request.donor_id, request.charity_id],
    );
    if (!relisted) await this.outbox.record(tx, DOMAIN_EVENTS.foodExpired, { foodId: request.food_id, governorate }, [request.donor_id]);
    await this.verification.afterNoShow(tx, request.charity_id);
    return foodStatus;
  }

  /**
   * The not-collected job's work, in one transaction holding the request's lock (so a Donate or a
   * cancellation at the same moment either happens first, and the job then finds the request no longer
   * pending, or waits for it). A job that runs before the request is due (a clock ahead of Redis's, say)
   * changes nothing and says when to run again.
   */
  async runNotCollected(requestId: number, now: () => number = Date.now): Promise<NotCollectedOutcome> {
    return this.db.transaction(async (tx) => {
      const request = await this.requests.find(requestId, tx, true);
      if (!request || request.status !== 'pending') return { outcome: 'not_pending' };
      const dueAt = this.dueAt(request.collect_by ?? request.safe_until);
      if (now() < dueAt) return { outcome: 'early', dueAt };
      return { outcome: 'not_collected', foodStatus: await this.endNotCollected(tx, request) };
    });
  }
}
