import { ConflictException, HttpException, Injectable } from '@nestjs/common';
import { ERRORS, type OrgRole } from '@food-link/contracts';
import { SessionUsers } from '../auth/session-users';
import type { AuthUser } from '../auth/auth-user';
import { REPLY_ETA_MINUTES, type AcceptReply, type ClaimReply, type DeclineReply, type GoingReply, type ReplyActions, type SkipReply } from '../messaging/reply-actions';
import { RequestsService } from '../requests/requests.service';
import { SchedulesService } from '../schedules/schedules.service';
import { StandingService } from '../schedules/standing.service';
import { TransportService } from '../transport/transport.service';

/** Who of a charity may claim: as on the web (POST /api/request's @OrgRoles). */
const CLAIMING_ROLES: readonly OrgRole[] = ['admin', 'coordinator'];
/** Who of a donor may say Nothing today: as on the web (POST .../occurrences/{date}/skip's @OrgRoles). */
const SKIPPING_ROLES: readonly OrgRole[] = ['admin', 'branch_manager', 'staff'];
/** Who takes a transport offer and says On my way: a charity's volunteers (POST /api/transport/{id}/accept's @OrgRoles). */
const VOLUNTEER_ROLES: readonly OrgRole[] = ['volunteer'];


/** An error's words as the API would answer them. */
function reasonOf(error: HttpException): string {
  const response = error.getResponse();
  const message = typeof response === 'string' ? response : (response as { message?: string | string[] }).message;
  return Array.isArray(message) ? message.join('; ') : (message ?? error.message);
}

/**
 * A claim by a WhatsApp button or an SMS "1" (docs/MESSAGING.md, "Replies that act"): exactly the web's
 * claim (RequestsService.requestPickup: one race-safe statement, the claim limits, verification-only
 * listings, suspensions), as the phone's owner acting as their session would (their organisation
 * membership: SessionUsers.actingUser), then the pickup details the claiming charity may read. The web's
 * guard's rules first: only a charity's admin or coordinator claims (a volunteer does not), not a
 * suspended account, not a user in no organisation. The refusals come back as words for the answer.
 */
@Injectable()
export class ClaimByReply implements ReplyActions {
  constructor(
    private readonly requests: RequestsService,
    private readonly sessions: SessionUsers,
    private readonly schedules: SchedulesService,
    private readonly standingCalls: StandingService,
    private readonly transport: TransportService,
  ) {}

  /**
   * The phone owner as the web's session guard would let them act with `roles`, or the refusal's words
   * (the guard's own: ERRORS).
   */
  async actingAs(
    userId: number,
    userType: AuthUser['userType'],
    roles: readonly OrgRole[],
    wrongType: string = ERRORS.rolesOnly([userType]),
  ): Promise<AuthUser | { refused: string }> {
    const acting = await this.sessions.actingUser(userId);
    if (!acting) return { refused: ERRORS.sessionInvalid };
    if (acting.suspensionReason !== null) return { refused: ERRORS.accountSuspended(acting.suspensionReason) };
    const { user } = acting;
    if (user.userType !== userType) return { refused: wrongType };
    if (!user.org) return { refused: ERRORS.notInOrganisation };
    if (!roles.includes(user.org.role)) return { refused: ERRORS.orgRolesOnly(roles) };
    return user;
  }

  async claim(userId: number, foodId: number): Promise<ClaimReply> {
    const user = await this.actingAs(userId, 'charity', CLAIMING_ROLES, ERRORS.claimByCharitiesOnly);
    if ('refused' in user) return { outcome: 'refused', reason: user.refused };
    return this.claiming(user, () => this.requests.requestPickup(user, foodId));
  }

  /**
   * A standing charity's Confirm of a standing collection's day: the web's confirm
   * (StandingService.confirm: the schedule must name the charity; then the claim as POST /api/request),
   * with the web's roles (the charity's admin or coordinator).
   */
  async confirm(userId: number, foodId: number): Promise<ClaimReply> {
    const user = await this.actingAs(userId, 'charity', CLAIMING_ROLES, ERRORS.claimByCharitiesOnly);
    if ('refused' in user) return { outcome: 'refused', reason: user.refused };
    const day = await this.schedules.dayOfListing(foodId);
    if (!day) return this.claiming(user, () => this.requests.requestPickup(user, foodId));
    return this.claiming(user, () => this.standingCalls.confirm(user, day.scheduleId, day.date));
  }

  /** A standing charity's Can't come: the web's decline (SchedulesService.decline), with the web's roles. */
  async decline(userId: number, foodId: number): Promise<DeclineReply> {
    const user = await this.actingAs(userId, 'charity', CLAIMING_ROLES, ERRORS.claimByCharitiesOnly);
    if ('refused' in user) return { outcome: 'refused', reason: user.refused };
    const day = await this.schedules.dayOfListing(foodId);
    if (!day) return { outcome: 'refused', reason: ERRORS.standingNotOffered };
    try {
      await this.schedules.decline(user, day.scheduleId, day.date);
      return { outcome: 'declined' };
    } catch (error) {
      if (error instanceof HttpException) return { outcome: 'refused', reason: reasonOf(error) };
      throw error;
    }
  }

  /**
   * A donor's Nothing today of a standing collection's day: the web's skip (SchedulesService.skipDay: the
   * schedule must be the donor's, at one of a branch member's branches; a listed day's listing is withdrawn),
   * with the web's roles (the donor's admin, a branch manager or staff).
   */
  async skip(userId: number, scheduleId: number, date: string): Promise<SkipReply> {
    const user = await this.actingAs(userId, 'donor', SKIPPING_ROLES);
    if ('refused' in user) return { outcome: 'refused', reason: user.refused };
    try {
      await this.schedules.skipDay(user, scheduleId, date);
      return { outcome: 'skipped' };
    } catch (error) {
      if (error instanceof HttpException) return { outcome: 'refused', reason: reasonOf(error) };
      throw error;
    }
  }

  /** A volunteer's Accept of a transport offer: the web's accept, with its race (one wins; the others hear "taken"). */
  async acceptTransport(userId: number, requestId: number): Promise<AcceptReply> {
    const user = await this.actingAs(userId, 'charity', VOLUNTEER_ROLES);
    if ('refused' in user) return { outcome: 'refused', reason: user.refused };
    try {
      const pickup = await this.transport.acceptByRequest(user, requestId);
      return { outcome: 'accepted', foodName: pickup.food_name, pickupCode: pickup.pickup_code, address: pickup.address };
    } catch (error) {
      if (error instanceof ConflictException) return { outcome: 'taken' };
      if (error instanceof HttpException) return { outcome: 'refused', reason: reasonOf(error) };
      throw error;
    }
  }

  /** A volunteer's On my way: the web's POST /api/requests/{id}/on-the-way by the assignee, with REPLY_ETA_MINUTES. */
  async onTheWay(userId: number, requestId: number): Promise<GoingReply> {
    const user = await this.actingAs(userId, 'charity', VOLUNTEER_ROLES);
    if ('refused' in user) return { outcome: 'refused', reason: user.refused };
    try {
      await this.transport.onTheWay(user, requestId, { eta_minutes: REPLY_ETA_MINUTES });
      const pickup = await this.transport.pickupOf(requestId);
      return { outcome: 'going', foodName: pickup?.food_name ?? '' };
    } catch (error) {
      if (error instanceof HttpException) return { outcome: 'refused', reason: reasonOf(error) };
      throw error;
    }
  }

  /** Makes the claim, then reads the pickup details the claiming charity may read; the web's refusals as words. */
  private async claiming(user: AuthUser, claim: () => Promise<{ request_id: number }>): Promise<ClaimReply> {
    try {
      const { request_id: requestId } = await claim();
      const details = await this.requests.pickupDetails(user, requestId);
      const address = details.point ? [details.point.address_line, details.point.area].filter(Boolean).join(', ') : null;
      return { outcome: 'claimed', foodName: details.food_name, pickupCode: details.pickup_code, address };
    } catch (error) {
      if (error instanceof ConflictException && reasonOf(error) === ERRORS.foodAlreadyClaimed) return { outcome: 'taken' };
      if (error instanceof HttpException) return { outcome: 'refused', reason: reasonOf(error) };
      throw error;
    }
  }
}
