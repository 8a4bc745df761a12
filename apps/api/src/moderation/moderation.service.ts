import { ConflictException, Injectable, Logger, NotFoundException } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import {
  DOMAIN_EVENTS,
  ERRORS,
  type AccountSuspensionView,
  type DonorSettings,
  type HiddenListingView,
  type ModerationAction,
  type OpsUserLookup,
  type TrustAuditEntry,
} from '@food-link/contracts';
import { DataSource, type EntityManager } from 'typeorm';
import type { AuthUser } from '../auth/auth-user';
import { SessionUsers } from '../auth/session-users.service';
import { OutboxService } from '../events/outbox.service';
import { FoodRepository, publicFoodView } from '../food/food.repository';
import { offeredTo, offerRecipients, type OfferState } from '../food/offer-visibility';
import { ModerationRepository, type ModeratedAccount } from './moderation.repository';

/**
 * Operators' moderation (docs/VERIFICATION.md, "Moderation"): hide a listing and put it back, suspend an
 * account and reinstate it. Each action is one transaction with its audit line and its events: the
 * person's `account.moderation` (the worker also notifies them in their chosen channels) and the board's
 * (a hidden or withheld listing leaves it as if withdrawn; one put back is listed again).
 */
@Injectable()
export class ModerationService {
  private readonly logger = new Logger('Moderation');

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly repository: ModerationRepository,
    private readonly food: FoodRepository,
    private readonly outbox: OutboxService,
    private readonly sessions: SessionUsers,
  ) {}

  /** Hides an available listing (only: a claimed one is between its donor and charity; 409 otherwise). */
  async hide(operator: AuthUser, foodId: number, reason: string): Promise<HiddenListingView> {
    await this.db.transaction(async (tx) => {
      const item = await this.repository.lockListing(tx, foodId);
      if (!item) throw new NotFoundException(ERRORS.foodNotFound);
      if (item.hidden_reason !== null) throw new ConflictException(ERRORS.foodAlreadyHidden);
      const status = item.status === 'available' && !item.safe ? 'expired' : item.status;
      if (status !== 'available') throw new ConflictException(ERRORS.foodNotHideable(status));
      await this.repository.setHidden(tx, foodId, reason);
      await this.leftBoard(tx, item);
      await this.record(tx, operator, 'hide', item.donor_id, reason, foodId);
    });
    await this.outbox.committed();
    return { food_id: foodId, hidden: true, hidden_reason: reason };
  }

  /** Puts a hidden listing back: on the board again if it is still available and safe. */
  async unhide(operator: AuthUser, foodId: number): Promise<HiddenListingView> {
    await this.db.transaction(async (tx) => {
      const item = await this.repository.lockListing(tx, foodId);
      if (!item) throw new NotFoundException(ERRORS.foodNotFound);
      if (item.hidden_reason === null) throw new ConflictException(ERRORS.foodNotHidden);
      await this.repository.setHidden(tx, foodId, null);
      await this.backOnBoard(tx, foodId);
      await this.record(tx, operator, 'unhide', item.donor_id, null, foodId);
    });
    await this.outbox.committed();
    return { food_id: foodId, hidden: false, hidden_reason: null };
  }

  /**
   * Suspends a donor's or a charity's account: it cannot sign in, and its sessions are refused (403, at once
   * in this process, within SESSION_USER_TTL_MS in the others) and its sockets closed (by the worker, once
   * it has heard the announcement). A donor's available
   * listings leave the board. Claims a charity holds, and claimed listings, stay as they are.
   */
  async suspend(operator: AuthUser, userId: number, reason: string): Promise<AccountSuspensionView> {
    const after = await this.db.transaction(async (tx) => {
      const account = await this.lockModeratable(tx, userId);
      if (account.suspended_at) throw new ConflictException(ERRORS.accountAlreadySuspended);
      const changed = await this.repository.setSuspended(tx, userId, reason);
      if (account.user_type === 'donor') {
        for (const item of await this.repository.withholdDonorListings(tx, userId, true)) await this.leftBoard(tx, item);
      }
      await this.record(tx, operator, 'suspend_account', userId, reason, null);
      return changed;
    });
    await this.outbox.committed();
    this.sessions.forget(userId);
    this.logger.log({ audit: 'account.suspended', operatorId: operator.id, userId }, `Operator ${operator.id} suspended account ${userId}`);
    return suspensionView(after);
  }

  /** Reinstates a suspended account: it may sign in again, and a donor's withheld listings come back. */
  async reinstate(operator: AuthUser, userId: number): Promise<AccountSuspensionView> {
    const after = await this.db.transaction(async (tx) => {
      const account = await this.lockModeratable(tx, userId);
      if (!account.suspended_at) throw new ConflictException(ERRORS.accountNotSuspended);
      const changed = await this.repository.setSuspended(tx, userId, null);
      for (const item of await this.repository.withholdDonorListings(tx, userId, false)) await this.backOnBoard(tx, item.id);
      await this.record(tx, operator, 'reinstate_account', userId, null, null);
      return changed;
    });
    await this.outbox.committed();
    this.sessions.forget(userId);
    return suspensionView(after);
  }

  trail(subjectId?: number): Promise<TrustAuditEntry[]> {
    return this.repository.trail(subjectId);
  }

  async lookup(email: string): Promise<OpsUserLookup> {
    const user = await this.repository.lookup(email);
    if (!user) throw new NotFoundException(ERRORS.userNotFound);
    return user;
  }

  async donorSettings(donor: AuthUser): Promise<DonorSettings> {
    return { verified_only: await this.repository.verifiedOnly(donor.id) };
  }

  async setDonorSettings(donor: AuthUser, settings: DonorSettings): Promise<DonorSettings> {
    await this.repository.setVerifiedOnly(donor.id, settings.verified_only);
    return settings;
  }

  /** The live account to suspend or reinstate (404), never an operator's (409). */
  private async lockModeratable(tx: EntityManager, userId: number): Promise<ModeratedAccount> {
    const account = await this.repository.lockAccount(tx, userId);
    if (!account) throw new NotFoundException(ERRORS.userNotFound);
    if (account.user_type === 'operator') throw new ConflictException(ERRORS.operatorsNotSuspendable);
    return account;
  }

  /** Boards drop the listing as if withdrawn (an item still offered to partners alone stays private). */
  private async leftBoard(tx: EntityManager, item: OfferState & { id: number; governorate: string | null }): Promise<void> {
    const event = { foodId: item.id, requestId: null, governorate: item.governorate, ...offeredTo(item) };
    await this.outbox.record(tx, DOMAIN_EVENTS.foodWithdrawn, event, offerRecipients(item));
  }

  /** A listing no longer withheld is listed again, if it is still available and safe. */
  private async backOnBoard(tx: EntityManager, foodId: number): Promise<void> {
    const row = await this.food.find(foodId, new Date(), tx);
    if (!row || row.status !== 'available' || row.withheld) return;
    await this.outbox.record(tx, DOMAIN_EVENTS.foodListed, { foodId, food: publicFoodView(row), ...offeredTo(row) }, offerRecipients(row));
  }

  /** The audit line, and the person's `account.moderation` event (its room; the worker notifies them). */
  private async record(tx: EntityManager, operator: AuthUser, action: ModerationAction, userId: number, reason: string | null, foodId: number | null): Promise<void> {
    await this.repository.audit(tx, { actorId: operator.id, action, subjectId: userId, foodId, reason });
    await this.outbox.record(tx, DOMAIN_EVENTS.accountModeration, { userId, action, reason, foodId }, [userId]);
  }
}

function suspensionView(account: ModeratedAccount): AccountSuspensionView {
  return {
    user_id: account.id,
    suspended: account.suspended_at !== null,
    suspension_reason: account.suspension_reason,
    suspended_at: account.suspended_at?.toISOString() ?? null,
  };
}
