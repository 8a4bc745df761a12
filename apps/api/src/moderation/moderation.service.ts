import { ConflictException, Injectable, Logger, NotFoundException } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import {
  DOMAIN_EVENTS,
  ERRORS,
  type AccountSuspensionView,
  type ClaimCancelCause,
  type DonorSettings,
  type HiddenListingView,
  type ModerationAction,
  type OpsSearchResult,
  type OpsUserLookup,
  type TrustAuditEntry,
} from '@food-link/contracts';
import { DataSource, type EntityManager } from 'typeorm';
import { accountOf, type AuthUser } from '../auth/auth-user';
import { SessionUsers } from '../auth/session-users';
import { UsersService } from '../auth/users.service';
import { OutboxService } from '../outbox/outbox.service';
import { publicFoodView } from '../listings/food.repository';
import { ListingsService } from '../listings/listings.service';
import { offeredTo, offerRecipients, type OfferState } from '../listings/offer-visibility';
import { HandoverService } from '../handover/handover.service';
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
    private readonly food: ListingsService,
    private readonly outbox: OutboxService,
    private readonly sessions: SessionUsers,
    private readonly handover: HandoverService,
    private readonly users: UsersService,
  ) {}

  /** Hides an available listing (only: a claimed one is between its donor and charity; 409 otherwise). */
  async hide(operator: AuthUser, foodId: number, reason: string): Promise<HiddenListingView> {
    await this.db.transaction(async (tx) => {
      const item = await this.repository.lockListing(tx, foodId);
      if (!item) throw new NotFoundException(ERRORS.foodNotFound);
      if (item.hidden_reason !== null) throw new ConflictException(ERRORS.foodAlreadyHidden);
      const status = item.status === 'available' && !item.safe ? 'expired' : item.status;
      if (status !== 'available') throw new ConflictException(ERRORS.foodNotHideable(status));
      await this.food.setHidden(tx, foodId, reason);
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
      await this.food.setHidden(tx, foodId, null);
      await this.backOnBoard(tx, foodId);
      await this.record(tx, operator, 'unhide', item.donor_id, null, foodId);
    });
    await this.outbox.committed();
    return { food_id: foodId, hidden: false, hidden_reason: null };
  }

  /**
   * Suspends a donor's or a charity's account: it cannot sign in, and its sessions are refused (403, at once
   * in this process, within SESSION_USER_TTL_MS in the others) and its sockets closed (by the worker, once
   * it has heard the announcement). In the same transaction its pending claims end, each as a cancellation
   * does (HandoverService.endCancelled, with a `cause` the other party is told): a suspended charity can
   * neither collect nor cancel, so its claims are cancelled and the food goes back on offer; charities must
   * not travel to a suspended donor, so the claims on its listings are cancelled too, and those listings,
   * like its available ones, are withheld until it is reinstated. Reinstating brings no claim back.
   */
  async suspend(operator: AuthUser, userId: number, reason: string): Promise<AccountSuspensionView> {
    const { changed, cancelled } = await this.db.transaction(async (tx) => {
      const account = await this.lockModeratable(tx, userId);
      if (account.suspended_at) throw new ConflictException(ERRORS.accountAlreadySuspended);
      const suspended = await this.users.setSuspended(tx, userId, reason);
      let ended: number;
      if (account.user_type === 'donor') {
        // Its available listings are locked first, as a claim locks an item before its charity's slot.
        for (const item of await this.food.withholdDonorListings(tx, userId, true)) await this.leftBoard(tx, item);
        ended = await this.cancelClaims(tx, { donorId: userId }, 'donor_suspended');
        // The items those claims held, back on offer now, are withheld as well (no board listed them since their claim).
        await this.food.withholdDonorListings(tx, userId, true);
      } else {
        await this.users.setCharityAccountSuspended(tx, userId, true);
        ended = await this.cancelClaims(tx, { charityId: userId }, 'charity_suspended');
      }
      await this.record(tx, operator, 'suspend_account', userId, reason, null);
      return { changed: suspended, cancelled: ended };
    });
    await this.outbox.committed();
    this.sessions.forget(userId);
    this.logger.log(
      { audit: 'account.suspended', operatorId: operator.id, userId, cancelledClaims: cancelled },
      `Operator ${operator.id} suspended account ${userId}; ${cancelled} pending claim(s) cancelled`,
    );
    return suspensionView(changed);
  }

  /**
   * Reinstates a suspended account: it may sign in again, and a donor's withheld listings come back (not
   * notified again to charities already told of them: backOnBoard). Claims cancelled by the suspension stay
   * cancelled.
   */
  async reinstate(operator: AuthUser, userId: number): Promise<AccountSuspensionView> {
    const after = await this.db.transaction(async (tx) => {
      const account = await this.lockModeratable(tx, userId);
      if (!account.suspended_at) throw new ConflictException(ERRORS.accountNotSuspended);
      const changed = await this.users.setSuspended(tx, userId, null);
      if (account.user_type === 'charity') await this.users.setCharityAccountSuspended(tx, userId, false);
      for (const item of await this.food.withholdDonorListings(tx, userId, false)) await this.backOnBoard(tx, item.id);
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

  /**
   * Accounts and listings by part of a name, an e-mail or a phone number (operators), to act on them from
   * the result: `%` and `_` are the operator's letters, not wildcards; a phone matches from 6 digits on,
   * however it is written (`0100 123 4567`, `+20100…`).
   */
  search(q: string): Promise<OpsSearchResult> {
    const pattern = `%${q.replace(/[!%_]/g, (c) => `!${c}`)}%`;
    const digits = q.replace(/\D/g, '').replace(/^0+/, '');
    return this.repository.search(pattern, digits.length >= 6 ? digits : '');
  }

  async donorSettings(donor: AuthUser): Promise<DonorSettings> {
    return { verified_only: await this.repository.verifiedOnly(accountOf(donor)) };
  }

  async setDonorSettings(donor: AuthUser, settings: DonorSettings): Promise<DonorSettings> {
    await this.users.setVerifiedOnly(accountOf(donor), settings.verified_only);
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

  /**
   * A listing no longer withheld is listed again, if it is still available and safe. As a restoration
   * (`restored`): matching tells only the charities it owed (docs/NOTIFICATIONS.md, "Matching"). A listing
   * whose partners stage ended while it was withheld (OfferCascade.openToBoard left it) opens to the board
   * now instead, and that is its open stage's first listing.
   */
  private async backOnBoard(tx: EntityManager, foodId: number): Promise<void> {
    const now = new Date();
    const row = await this.food.find(foodId, now, tx);
    if (!row || row.status !== 'available' || row.withheld) return;
    if (row.offer_stage === 'partners' && row.offer_open_at && row.offer_open_at <= now) {
      await this.food.openOffer(tx, foodId);
      const opened = { ...row, offer_stage: 'open' as const };
      await this.outbox.record(tx, DOMAIN_EVENTS.foodListed, { foodId, food: publicFoodView(opened), partners: undefined }, offerRecipients(opened));
      return;
    }
    await this.outbox.record(tx, DOMAIN_EVENTS.foodListed, { foodId, food: publicFoodView(row), ...offeredTo(row), restored: true }, offerRecipients(row));
  }

  /** Cancels the account's pending claims (a charity's own, or those on a donor's listings); returns how many. */
  private async cancelClaims(tx: EntityManager, whose: { charityId: number } | { donorId: number }, cause: ClaimCancelCause): Promise<number> {
    return this.handover.cancelPendingOf(tx, whose, cause);
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
