import { randomBytes } from 'node:crypto';
import { ConflictException, ForbiddenException, Injectable, Logger, NotFoundException } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { ACCOUNT_DELETED_MESSAGE, DOMAIN_EVENTS, ERRORS, type AccountExport, type MessageResponse } from '@food-link/contracts';
import type { DataSource } from 'typeorm';
import { offeredTo, offerRecipients } from '../listings/offer-visibility';
import type { AuthUser } from '../auth/auth-user';
import { PasswordService } from '../auth/password.service';
import { SessionUsers } from '../auth/session-users';
import { OrganisationsService } from '../auth/organisations.service';
import { UsersService } from '../auth/users.service';
import { OutboxService } from '../outbox/outbox.service';
import { ListingsService } from '../listings/listings.service';
import { HandoverService } from '../handover/handover.service';
import { PickupPointsService } from '../pickup-points/pickup-points.service';
import { RealtimePublisher } from '../realtime/realtime-publisher';
import { VerificationService } from '../verification/verification.service';
import { InboxService } from '../notifications/inbox.service';
import { TransportService } from '../transport/transport.service';
import { AccountRepository } from './account.repository';

/**
 * A user's personal data: the export, and deletion. Deleting an account signs out every session (its
 * tokens answer 401 from then on), ends what is under way (pending requests are cancelled; a donor's
 * food leaves the board), deletes its charity profile, notification choices, notifications, push
 * subscriptions, reset links and partner lists (its own, and its place in donors'), erases its pickup points'
 * addresses and contacts and a charity's registration (number, address, phone, and the document from storage),
 * and anonymises the account, keeping its past donations and requests so impact totals and the other party's
 * history stay correct. The export hands all of it over, the document's metadata but not its bytes.
 */
@Injectable()
export class AccountService {
  private readonly logger = new Logger('Account');

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly accounts: AccountRepository,
    private readonly passwords: PasswordService,
    private readonly outbox: OutboxService,
    private readonly users: UsersService,
    private readonly sessions: SessionUsers,
    private readonly realtime: RealtimePublisher,
    private readonly inbox: InboxService,
    private readonly handover: HandoverService,
    private readonly listings: ListingsService,
    private readonly points: PickupPointsService,
    private readonly verification: VerificationService,
    private readonly organisations: OrganisationsService,
    private readonly transport: TransportService,
  ) {}

  async export(userId: number): Promise<AccountExport> {
    const data = await this.accounts.export(userId);
    if (!data) throw new NotFoundException(ERRORS.userNotFound);
    // Read as the user's own calls answer them (GET /api/charity/profile, /api/notifications/preferences).
    const [charityProfile, preferences, notifications, transport] = await Promise.all([
      data.account.user_type === 'charity' ? this.inbox.profile(userId) : null,
      this.inbox.preferences(userId),
      this.inbox.everyNotification(userId),
      this.transport.exportOf(userId),
    ]);
    return { exported_at: new Date().toISOString(), ...data, charity_profile: charityProfile, notification_preferences: preferences, notifications, ...transport };
  }

  /** The user deletes their own account, confirming with their password. */
  async deleteOwn(user: AuthUser, password: string): Promise<MessageResponse> {
    if (user.userType === 'operator') throw operatorAccount();
    // At sign-up priority: a flood of deletion guesses queues behind logins for argon2, never ahead of them.
    if (!(await this.passwords.verify(await this.users.passwordHash(user.id), password, 'signup'))) {
      throw new ForbiddenException(ERRORS.wrongPassword);
    }
    await this.delete(user.id);
    return { message: ACCOUNT_DELETED_MESSAGE };
  }

  /** An operator deletes a user's account on the user's request. */
  async deleteByOperator(operator: AuthUser, userId: number): Promise<void> {
    await this.delete(userId);
    this.logger.log({ audit: 'account.deleted', operatorId: operator.id, userId }, `Operator ${operator.id} deleted account ${userId}`);
  }

  private async delete(userId: number): Promise<void> {
    // Hashed before the transaction: argon2 takes tens of milliseconds and must not hold a row lock.
    const unusable = await this.passwords.hash(randomBytes(32).toString('base64'));
    let leftMembers: number[] = [];
    const removeDocument = await this.db.transaction(async (tx) => {
      const user = await this.accounts.lockLive(tx, userId);
      if (!user) throw new NotFoundException(ERRORS.userNotFound);
      if (user.user_type === 'operator') throw operatorAccount();
      // Its pending claims end as a cancellation does (the claims owner's transition: the item goes back on
      // offer with its window reset if over, or expires; the events carry the governorate the boards watch).
      await this.handover.cancelPendingOf(tx, user.user_type === 'charity' ? { charityId: user.id } : { donorId: user.id });
      if (user.user_type === 'donor') {
        // A deleted donor's food leaves the board, those items its cancelled claims just put back included.
        for (const food of await this.listings.expireDonorListings(tx, user.id)) {
          // An item still offered to the donor's partners alone stays private as it goes.
          const data = { foodId: food.id, governorate: food.governorate, ...offeredTo(food) };
          await this.outbox.record(tx, DOMAIN_EVENTS.foodExpired, data, offerRecipients(food));
        }
      }
      await this.users.anonymise(tx, user.id, unusable);
      // An organisation's account takes its organisation with it: the other members leave, their sessions end
      // (docs/ORGANISATIONS.md); a member deleting their own account just leaves.
      leftMembers = await this.organisations.dissolve(tx, user.id);
      for (const member of leftMembers) await this.users.endSessions(tx, member);
      await this.accounts.erasePersonalData(tx, user.id);
      // Its places (a donor's) and its registration (a charity's), through their owners.
      await this.points.eraseOf(tx, user.id);
      return user.user_type === 'charity' ? this.verification.eraseSubmission(tx, user.id) : null;
    });
    await this.outbox.committed();
    // The document goes once nothing can roll the deletion back.
    await removeDocument?.();
    this.sessions.forget(userId);
    // Open sockets close now; a reconnect is refused, its token no longer standing for anyone.
    await this.realtime.disconnectUser(userId).catch(() => undefined);
    for (const member of leftMembers) {
      this.sessions.forget(member);
      await this.realtime.disconnectUser(member).catch(() => undefined);
    }
  }
}

function operatorAccount(): ConflictException {
  return new ConflictException(ERRORS.operatorAccountNotDeletable);
}
