import { Injectable } from '@nestjs/common';
import { claimLimitFor, DOMAIN_EVENTS, NO_SHOW_SUSPENSION, VERIFICATION_STATUSES, type AuditAction, type VerificationStatus } from '@food-link/contracts';
import type { EntityManager } from 'typeorm';
import { CharitiesService } from '../auth/charities.service';
import { OutboxService } from '../outbox/outbox.service';
import { VerificationRepository, verificationView, type VerificationChange, type VerificationRow } from './verification.repository';

const DAY_MS = 86_400_000;

/** Every change of a charity's verification: the row, its audit line and the charity's live event, in one transaction. */
@Injectable()
export class VerificationChanges {
  constructor(
    private readonly repository: VerificationRepository,
    private readonly charities: CharitiesService,
    private readonly outbox: OutboxService,
  ) {}

  /**
   * Applies `change` to the charity's locked row `before`, records who did it and why, and tells the
   * charity (`charity.verification` to its room; the worker also notifies it in its chosen channels).
   */
  async apply(
    tx: EntityManager,
    before: VerificationRow,
    change: VerificationChange,
    audit: { actorId: number | null; action: AuditAction; reason: string | null },
  ): Promise<VerificationRow> {
    const after = await this.charities.changeVerification(tx, before.user_id, change);
    await this.repository.audit(tx, { ...audit, subjectId: before.user_id, before: before.status, after: after.status });
    // A submission is the charity's own act: it hears of decisions, not of what it just did.
    if (audit.action !== 'submit') {
      await this.outbox.record(
        tx,
        DOMAIN_EVENTS.charityVerification,
        { charityId: before.user_id, action: audit.action, verification: verificationView(after) },
        [before.user_id],
      );
    }
    return after;
  }

  /**
   * Called after each no-show (the not-collected job and the donor's report, in their transaction): the
   * third within NO_SHOW_SUSPENSION.withinDays suspends claiming for `suspendDays`, until an operator
   * reinstates the charity. Returns whether it did.
   */
  async afterNoShow(tx: EntityManager, charityId: number): Promise<boolean> {
    const row = await this.repository.suspendAfterNoShows(tx, charityId);
    if (!row) return false;
    await this.apply(
      tx,
      row,
      { status: row.status, claimingSuspendedUntil: new Date(Date.now() + NO_SHOW_SUSPENSION.suspendDays * DAY_MS), claimLimit: 0 },
      { actorId: null, action: 'auto_suspend', reason: `${NO_SHOW_SUSPENSION.noShows} no-shows in ${NO_SHOW_SUSPENSION.withinDays} days` },
    );
    return true;
  }

  /**
   * Called after an operator overturned one of the charity's no-shows (in its transaction): the audit trail
   * records it with the operator's reason, the charity hears of it, and a claiming suspension in force is
   * lifted (its claim limit given back) when the no-shows it was decided on fall below the threshold.
   * Returns whether it lifted one.
   */
  async afterOverturn(tx: EntityManager, charityId: number, operatorId: number, reason: string): Promise<boolean> {
    const found = await this.repository.afterOverturn(tx, charityId);
    if (!found) return false;
    const { row, lift } = found;
    const change = lift ? { status: row.status, claimingSuspendedUntil: null, claimLimit: claimLimitFor(row.status, false) } : { status: row.status, claimLimit: row.claim_limit };
    await this.apply(tx, row, change, { actorId: operatorId, action: 'overturn_no_show', reason });
    return lift;
  }

  /** Ends claiming suspensions whose time is over (the maintenance job): limits go back to the status's. */
  liftEndedSuspensions(): Promise<number[]> {
    const limits = Object.fromEntries(VERIFICATION_STATUSES.map((status) => [status, claimLimitFor(status, false)])) as Record<VerificationStatus, number>;
    return this.charities.liftEndedSuspensions(limits);
  }

  /** A charity's verification row, for the claim's checks (RequestsService), in the caller's transaction when given. */
  find(...args: Parameters<VerificationRepository['find']>): ReturnType<VerificationRepository['find']> {
    return this.repository.find(...args);
  }

  /** Pauses a charity's claiming until `until` (claim-then-cancel, RequestsService). */
  pauseClaims(...args: Parameters<CharitiesService['pauseClaims']>): ReturnType<CharitiesService['pauseClaims']> {
    return this.charities.pauseClaims(...args);
  }
}
