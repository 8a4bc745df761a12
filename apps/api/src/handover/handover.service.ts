import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { cairoDate, DOMAIN_EVENTS, type ClaimCancelCause, type FoodStatus } from '@food-link/contracts';
import { DataSource, type EntityManager } from 'typeorm';
import { AppConfig } from '../config/app-config';
import { OutboxService } from '../events/outbox.service';
import { RequestsRepository, type RequestRow } from '../requests/requests.repository';
import { VerificationChanges } from '../verification/verification-changes';

const MINUTE_MS = 60_000;

/** What the not-collected job found. `early`: the request is not due until `dueAt` (ms since the epoch). */
export type NotCollectedOutcome = { outcome: 'not_collected'; foodStatus: FoodStatus } | { outcome: 'not_pending' } | { outcome: 'early'; dueAt: number };

/**
 * The end of a claim without a handover (docs/DOMAIN-RULES.md, "The handover"), each transition made in one place:
 * not collected (the delayed job at the end of the window plus the grace period, and the donor's no-show
 * report) and cancelled (by its charity, or by an operator's suspension of either account).
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
   * Ends a pending request, locked by the caller, as cancelled: the claim's slot is freed (the claim-limit
   * trigger) and the item goes back on offer as listed, or expires if its safe time passed meanwhile (any
   * safe time left puts it back: the donor listed it so; the shortest window applies to relisting only). A
   * claim always ended the offer cascade, so it returns to the open board, unless it is withheld (hidden, or
   * its donor suspended), which keeps it off every public read. Records `request.cancelled` (the donor and
   * the charity privately, the board publicly; its handler matches the item again and, when the request
   * keeps a `cause`, tells the party that did not cause it: the cause stays in the database, not in the
   * board's event) and, when the item expired, `food.expired`. `late` counts against the charity's
   * reliability. Returns the item's new status.
   */
  async endCancelled(tx: EntityManager, request: RequestRow, options: { late: boolean; cause?: ClaimCancelCause }): Promise<FoodStatus> {
    await this.requests.end(tx, request.id, 'cancelled', options.late, options.cause ?? null);
    const foodStatus = await this.requests.releaseFood(tx, request.food_id, 'as-listed', 0, cairoDate());
    const { governorate } = request;
    await this.outbox.record(tx, DOMAIN_EVENTS.requestCancelled, { foodId: request.food_id, requestId: request.id, governorate }, [
      request.donor_id,
      request.charity_id,
    ]);
    // Boards must drop an item whose safe time passed while it was claimed, rather than show it again.
    if (foodStatus === 'expired') {
      await this.outbox.record(tx, DOMAIN_EVENTS.foodExpired, { foodId: request.food_id, governorate }, [request.donor_id]);
    }
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
