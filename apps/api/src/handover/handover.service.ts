import { ConflictException, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { cairoDate, DOMAIN_EVENTS, ERRORS, type ClaimCancelCause, type FoodStatus } from '@food-link/contracts';
import { DataSource, type EntityManager } from 'typeorm';
import { AppConfig } from '../config/app-config';
import { OutboxService } from '../outbox/outbox.service';
import { ListingsService } from '../listings/listings.service';
import { offeredTo, offerRecipients, type OfferState } from '../listings/offer-visibility';
import { RequestsRepository, type RequestRow } from './requests.repository';
import { VerificationChanges } from '../verification/verification-changes';

const MINUTE_MS = 60_000;

/** What the not-collected job found. `early`: the request is not due until `dueAt` (ms since the epoch). */
export type NotCollectedOutcome = { outcome: 'not_collected'; foodStatus: FoodStatus } | { outcome: 'not_pending' } | { outcome: 'early'; dueAt: number };

/**
 * The claims owner's transitions (docs/CONTRIBUTING.md, "Reaching the database"): only RequestsRepository
 * writes `pickup_requests`, and the end of a claim without a handover (docs/DOMAIN-RULES.md, "The handover")
 * is made here, each transition in one place, with the item's side through the listings owner (ListingsService):
 * not collected (the delayed job at the end of the window plus the grace period, and the donor's no-show
 * report), cancelled (by its charity, by an operator's suspension of either account, or by the deletion of
 * either account: cancelPendingOf) and withdrawn (by its donor: endWithdrawn). Every event they record
 * carries what its audience is routed by (the item's governorate).
 */
@Injectable()
export class HandoverService {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly requests: RequestsRepository,
    private readonly listings: ListingsService,
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
   * publicly) and, when the item expired, `food.expired`. The no-show counts (toward reliability and the
   * suspension) only when it is recorded after the collect-by time: a donor's earlier report ends the claim
   * and relists the item, but counts against nothing. A charity's third counted no-show in 30 days, from
   * three different donors, suspends its claiming (VerificationChanges.afterNoShow). Returns the item's
   * new status.
   */
  async endNotCollected(tx: EntityManager, request: RequestRow): Promise<FoodStatus> {
    const counts = Date.now() >= (request.collect_by ?? request.safe_until).getTime();
    await this.requests.end(tx, request.id, 'not_collected', false, null, counts);
    const released = await this.listings.release(tx, request.food_id, 'from-now', this.config.MIN_PICKUP_WINDOW_MINUTES, cairoDate(), request.quantity);
    const foodStatus = released.status;
    const relisted = foodStatus === 'available';
    const { governorate } = request;
    await this.outbox.record(
      tx,
      DOMAIN_EVENTS.requestNotCollected,
      { foodId: request.food_id, requestId: request.id, relisted, governorate, quantityLeft: released.quantity_left },
      [request.donor_id, request.charity_id],
    );
    // A claim ended the offer cascade: the item is on the open board (no `partners`).
    if (!relisted) await this.outbox.record(tx, DOMAIN_EVENTS.foodExpired, { foodId: request.food_id, governorate, partners: undefined }, [request.donor_id]);
    if (counts) await this.verification.afterNoShow(tx, request.charity_id);
    return foodStatus;
  }

  /**
   * An operator overturns a no-show, locked by the caller: it no longer counts, the charity hears of it
   * (with the reason, in the audit trail), and a claiming suspension it caused is lifted when the counted
   * no-shows fall below the threshold (VerificationChanges.afterOverturn). 409 when the request is not a
   * no-show or was overturned already.
   */
  async overturnNoShow(tx: EntityManager, request: RequestRow, operatorId: number, reason: string): Promise<void> {
    if (request.status !== 'not_collected') throw new ConflictException(ERRORS.notANoShow);
    if (!(await this.requests.overturnNoShow(tx, request.id, operatorId, reason))) throw new ConflictException(ERRORS.noShowAlreadyOverturned);
    await this.verification.afterOverturn(tx, request.charity_id, operatorId, reason);
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
    const released = await this.listings.release(tx, request.food_id, 'as-listed', 0, cairoDate(), request.quantity);
    const foodStatus = released.status;
    const { governorate } = request;
    await this.outbox.record(tx, DOMAIN_EVENTS.requestCancelled, { foodId: request.food_id, requestId: request.id, governorate, quantityLeft: released.quantity_left }, [
      request.donor_id,
      request.charity_id,
    ]);
    // Boards must drop an item whose safe time passed while it was claimed, rather than show it again.
    if (foodStatus === 'expired') {
      await this.outbox.record(tx, DOMAIN_EVENTS.foodExpired, { foodId: request.food_id, governorate, partners: undefined }, [request.donor_id]);
    }
    return foodStatus;
  }

  /**
   * Cancels every pending request a charity holds (`charityId`), or on a donor's listings (`donorId`),
   * each as endCancelled does (not late; with `cause` when given), locked with its item first, oldest first.
   * Suspending or deleting an account ends its claims this way. Returns how many were cancelled.
   */
  async cancelPendingOf(tx: EntityManager, whose: { charityId: number } | { donorId: number }, cause?: ClaimCancelCause): Promise<number> {
    const pending = await this.requests.lockPending(tx, whose);
    for (const request of pending) await this.endCancelled(tx, request, { late: false, cause });
    return pending.length;
  }

  /**
   * The donor withdraws a locked item (available or claimed, its caller has checked): its pending request,
   * if any, ends `withdrawn`, the item is withdrawn, and `food.withdrawn` is recorded: to the donor and the
   * charity whose claim ended (privately), or, for an item still offered to partners alone, to them only;
   * otherwise to the board too, routed by `governorate`.
   */
  async endWithdrawn(tx: EntityManager, item: OfferState & { id: number; governorate: string | null }): Promise<void> {
    const ended = await this.requests.endPendingOf(tx, item.id, 'withdrawn');
    await this.listings.markWithdrawn(tx, item.id);
    // A claimed item has left the partners stage (a claim ends the cascade): only an unclaimed one may still be in it.
    const recipients = ended.length > 0 ? [item.donor_id, ...ended.map((claim) => claim.charity_id)] : offerRecipients(item);
    const requestIds = ended.map((claim) => claim.request_id);
    // `requestIds` only when claims ended: an unclaimed item's event stays as it was.
    const event = { foodId: item.id, requestId: requestIds[0] ?? null, ...(requestIds.length > 0 ? { requestIds } : {}), governorate: item.governorate, ...offeredTo(item) };
    await this.outbox.record(tx, DOMAIN_EVENTS.foodWithdrawn, event, recipients);
  }

  /** When a pending request must be collected by (its not-collected job's schedule); undefined when it is not pending. */
  pendingCollectBy(requestId: number): Promise<Date | undefined> {
    return this.requests.pendingCollectBy(requestId);
  }

  /** Every pending request with its collect-by time (a worker's start schedules their jobs again). */
  pendingCollectTimes(): Promise<{ id: number; collect_by: Date }[]> {
    return this.requests.pendingCollectTimes();
  }

  /** Demo data: a request in a given state (RequestsRepository.insertSeeded). */
  insertSeeded(...args: Parameters<RequestsRepository['insertSeeded']>): Promise<number> {
    return this.requests.insertSeeded(...args);
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
