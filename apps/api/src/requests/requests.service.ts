import { randomInt } from 'node:crypto';
import { BadRequestException, ConflictException, ForbiddenException, HttpException, HttpStatus, Injectable, NotFoundException } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import {
  cairoDate,
  DOMAIN_EVENTS,
  ERRORS,
  LIMITS,
  reliabilityScore,
  type CharityInfo,
  type CharityRequestItem,
  type DonorInfoResponse,
  type FulfilResponse,
  type MessageResponse,
  type NoShowResponse,
  type OverturnNoShowBody,
  type OverturnNoShowResponse,
  type PickupDetails,
  type PickupRequestResponse,
  type ReceivedBody,
  type ReceivedReport,
  type Reliability,
  type RequestIdResponse,
  type RequestStatusResponse,
  type RequestAssignment,
  type MyPickups,
} from '@food-link/contracts';
import { DataSource, EntityManager } from 'typeorm';
import { accountOf, actingAccount, assertBranch, membershipOf, type AuthUser } from '../auth/auth-user';
import { OrganisationsService } from '../auth/organisations.service';
import { UsersService } from '../auth/users.service';
import { isUniqueViolation } from '../common/errors';
import { AppConfig } from '../config/app-config';
import { OutboxService } from '../outbox/outbox.service';
import { ListingsService } from '../listings/listings.service';
import { HandoverService } from '../handover/handover.service';
import { verificationView } from '../verification/verification.repository';
import { VerificationChanges } from '../verification/verification-changes';
import { IdempotentAnswers, keyTakenOver } from '../idempotency/idempotent-answers';
import { ClaimsService } from '../handover/claims.service';
import type { ClaimOutcome, RequestRow } from '../handover/requests.repository';

const PICKUP_REQUESTED = 'Pickup request submitted successfully';

/** 429: the request took LIMITS.pickupCodeTries wrong codes; Donate without a code stays allowed. */
function pickupCodeLocked(): HttpException {
  return new HttpException(
    { statusCode: HttpStatus.TOO_MANY_REQUESTS, error: 'Too Many Requests', message: ERRORS.pickupCodeLocked(LIMITS.pickupCodeTries) },
    HttpStatus.TOO_MANY_REQUESTS,
  );
}

/** 429 with `Retry-After` (the error filter sets it from `retryAfterSeconds`): claiming paused after quick cancellations. */
class ClaimsPausedException extends HttpException {
  constructor(quickCancelsMax: number, readonly retryAfterSeconds: number) {
    const message = ERRORS.claimsPausedQuickCancels(quickCancelsMax, LIMITS.quickCancelMinutes, LIMITS.quickCancelWindowHours);
    super({ statusCode: HttpStatus.TOO_MANY_REQUESTS, error: 'Too Many Requests', message }, HttpStatus.TOO_MANY_REQUESTS);
  }
}

/** The claiming charity reads the pickup details while its claim is pending, and after the handover. */
const PICKUP_DETAIL_STATUSES: ReadonlySet<string> = new Set(['pending', 'fulfilled']);
const MINUTE_MS = 60_000;
const DAY_MS = 86_400_000;

/** A fresh pickup code: LIMITS.pickupCodeDigits random digits (zero-padded), from the OS's CSPRNG. */
export function newPickupCode(): string {
  return String(randomInt(0, 10 ** LIMITS.pickupCodeDigits)).padStart(LIMITS.pickupCodeDigits, '0');
}

/** The claim-limit trigger's refusal (SQLSTATE FLCLM, migration 1764570000000): the limit reached by simultaneous claims. */
function isClaimLimitError(error: unknown): boolean {
  const driverError = ((error as { driverError?: unknown } | null)?.driverError ?? error) as { code?: string } | null;
  return driverError?.code === 'FLCLM';
}

@Injectable()
export class RequestsService {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly requests: ClaimsService,
    private readonly food: ListingsService,
    private readonly users: UsersService,
    private readonly outbox: OutboxService,
    private readonly answers: IdempotentAnswers,
    private readonly handover: HandoverService,
    private readonly verification: VerificationChanges,
    private readonly config: AppConfig,
    private readonly organisations: OrganisationsService,
  ) {}

  /**
   * Claims all that is left of an item, or `quantity` of it, for a charity in one statement, which is its
   * own transaction: take the quantity from the item if it is still on offer and has that much left (it
   * becomes claimed when nothing is left), insert the request with its quantity, and record `food.claimed`
   * in the outbox. The item's row lock orders simultaneous claims: each re-reads what the ones before it
   * left, so together they never take more than there is (the rest get 409 "Only N of M left"; a claim
   * without a quantity, the spec's, hears "already claimed" once nothing is left). A charity holds one
   * pending claim per item (a unique index: 409). The charity gets a pickup code to show at the door, and a charity already holding its limit
   * of pending requests is refused (409) with nothing changed: by the statement when its row showed the
   * limit as the statement began, by the database's trigger when simultaneous claims reached it meanwhile.
   * One round trip instead of five (BEGIN, UPDATE, INSERT, INSERT, COMMIT) is what lets a claim hold a
   * pooled connection for only as long as the database needs.
   */
  async requestPickup(charity: AuthUser, foodId: number, quantity?: number): Promise<PickupRequestResponse> {
    // Under an Idempotency-Key, the claim stores its answer in the same statement.
    const attempt = this.answers.current();
    let outcome: ClaimOutcome;
    try {
      const answer = attempt && { ...attempt, message: PICKUP_REQUESTED };
      outcome = await this.requests.claim(foodId, cairoDate(), accountOf(charity), newPickupCode(), answer, charity.id, quantity ?? null);
    } catch (error) {
      if (isUniqueViolation(error, 'pickup_requests_one_pending_per_charity')) throw new ConflictException(ERRORS.alreadyClaimingFood);
      if (isClaimLimitError(error)) throw await this.claimLimitRefusal(charity);
      throw error;
    }
    const { requestId, atLimit } = outcome;
    if (requestId === undefined) {
      if (attempt && !(await this.answers.holdsKey(attempt))) throw keyTakenOver();
      return this.explainUnclaimable(foodId, charity, atLimit, quantity);
    }
    if (attempt) attempt.answered = true;
    await this.outbox.committed();
    return { message: PICKUP_REQUESTED, request_id: requestId, status: 'pending' };
  }

  /**
   * Why the claim-limit trigger refused a claim, read after the fact (claims that pass pay nothing for it):
   * a suspended charity, or one whose claiming is suspended after no-shows, may not claim at all (403); one
   * whose claiming is paused after quick cancellations waits (429 with Retry-After); otherwise it holds its
   * status's limit (409; docs/VERIFICATION.md).
   */
  private async claimLimitRefusal(charity: AuthUser): Promise<HttpException> {
    const row = await this.verification.find(accountOf(charity));
    // Suspended between its session's check and the claim (migration 1764651100000).
    if (row?.account_suspended) return new ForbiddenException(ERRORS.accountSuspended(null));
    const paused = row?.claims_paused_until ? row.claims_paused_until.getTime() - Date.now() : 0;
    if (paused > 0) return new ClaimsPausedException(this.config.QUICK_CANCELS_MAX, Math.ceil(paused / 1000));
    const until = row?.claiming_suspended_until && row.claiming_suspended_until.getTime() > Date.now() ? row.claiming_suspended_until : null;
    if (row?.status === 'suspended' || until) return new ForbiddenException(ERRORS.claimingSuspended(until?.toISOString() ?? null));
    return new ConflictException(ERRORS.claimLimitReached(row?.claim_limit ?? LIMITS.activeClaimsMax));
  }

  /**
   * The charity withdraws its pending request; the item goes back on offer as listed (or expires, if its
   * safe time passed meanwhile: HandoverService.endCancelled). A cancellation less than
   * LIMITS.lateCancellationMinutes before the window starts, or after (for a listing without a window: after
   * the claim), is late, which reliability counts.
   */
  async cancel(charity: AuthUser, requestId: number): Promise<MessageResponse> {
    return this.db.transaction(async (tx) => {
      const request = await this.lockRequest(tx, requestId);
      if (request.charity_id !== accountOf(charity)) throw new ForbiddenException(ERRORS.requestOfAnotherCharity);
      assertPending(request);
      const late = Date.now() > request.window_start.getTime() - LIMITS.lateCancellationMinutes * MINUTE_MS;
      await this.handover.endCancelled(tx, request, { late });
      await this.organisations.recordForAccount(tx, request.charity_id, {
        action: 'cancelled',
        actorId: charity.id,
        subject: request.food_name,
        foodId: request.food_id,
        requestId,
      });
      if (Date.now() - request.claimed_at.getTime() < LIMITS.quickCancelMinutes * MINUTE_MS) await this.countQuickCancel(tx, request.charity_id);
      return this.answers.storeWithin(tx, { message: 'Request cancelled successfully' });
    });
  }

  /**
   * A quick cancellation (within LIMITS.quickCancelMinutes of the claim): the QUICK_CANCELS_MAX-th
   * within LIMITS.quickCancelWindowHours pauses the charity's claiming for LIMITS.quickCancelPauseHours
   * (the claim-slot trigger refuses it meanwhile) and tells the charity and operators. Claiming to read
   * the donor's address and cancelling at once would otherwise harvest every donor's place.
   */
  private async countQuickCancel(tx: EntityManager, charityId: number): Promise<void> {
    const max = this.config.QUICK_CANCELS_MAX;
    if (max === 0) return;
    const quickCancels = await this.requests.countQuickCancels(tx, charityId, LIMITS.quickCancelMinutes, LIMITS.quickCancelWindowHours);
    if (quickCancels < max) return;
    const until = new Date(Date.now() + LIMITS.quickCancelPauseHours * 60 * MINUTE_MS);
    await this.verification.pauseClaims(tx, charityId, until);
    await this.outbox.record(tx, DOMAIN_EVENTS.charityClaimsPaused, { charityId, until: until.toISOString(), quickCancels }, [charityId]);
  }

  /**
   * The donor hands the food over: the request ends fulfilled and counts towards the impact totals. With
   * the charity's pickup code, it must match (409 otherwise, nothing changed but the count of wrong codes);
   * without one, as the specification's call always did. After LIMITS.pickupCodeTries wrong codes the
   * request takes no more codes (429, even the right one: it could be the next guess), and the donor and
   * operators hear `request.code_locked` once; Donate without a code stays the donor's choice.
   */
  async fulfil(donor: AuthUser, requestId: number, pickupCode?: string): Promise<FulfilResponse> {
    // A wrong code is counted, and the count must commit although the answer is an error: the transaction
    // returns the refusal and it is thrown once the count is stored.
    const outcome = await this.db.transaction(async (tx): Promise<FulfilResponse | 'wrong code'> => {
      const request = await this.lockRequest(tx, requestId);
      if (request.donor_id !== accountOf(donor)) throw new ForbiddenException(ERRORS.requestForAnotherDonor);
      assertBranch(donor, request.pickup_point_id);
      assertPending(request);
      if (pickupCode !== undefined) {
        if (request.wrong_codes >= LIMITS.pickupCodeTries) throw pickupCodeLocked();
        if (pickupCode !== request.pickup_code) {
          const wrongCodes = await this.requests.countWrongCode(tx, requestId);
          if (wrongCodes === LIMITS.pickupCodeTries) {
            await this.outbox.record(tx, DOMAIN_EVENTS.requestCodeLocked, { foodId: request.food_id, requestId, donorId: request.donor_id, wrongCodes }, [request.donor_id]);
          }
          return 'wrong code';
        }
      }
      await this.requests.end(tx, requestId, 'fulfilled');
      await this.requests.setCollectedBy(tx, requestId, donor.id);
      const done = { subject: request.food_name, foodId: request.food_id, requestId };
      await this.organisations.recordForAccount(tx, request.donor_id, { ...done, action: 'donated', actorId: donor.id, pickupPointId: request.pickup_point_id });
      await this.organisations.recordForAccount(tx, request.charity_id, { ...done, action: 'collected', actorId: request.assignee_id });
      await this.outbox.record(tx, DOMAIN_EVENTS.requestFulfilled, { foodId: request.food_id, requestId }, [
        request.donor_id,
        request.charity_id,
      ]);
      return this.answers.storeWithin<FulfilResponse>(tx, { message: 'Donation marked as fulfilled', status: 'fulfilled' });
    });
    // The relay was woken by the commit if the count recorded request.code_locked (OutboxService.record).
    if (outcome !== 'wrong code') return outcome;
    throw new ConflictException(ERRORS.wrongPickupCode);
  }

  /**
   * Where and when to collect, for the claiming charity while its claim is pending or fulfilled, the item's
   * donor and operators (403 for anyone else). The pickup code is the charity's to show; the others get null.
   */
  async pickupDetails(viewer: AuthUser, requestId: number): Promise<PickupDetails> {
    const found = await this.requests.pickupDetails(requestId);
    if (!found) throw new NotFoundException(ERRORS.requestNotFound);
    const { donor_id, charity_id, assignee_id, pickup_point_id, ...details } = found;
    const account = actingAccount(viewer);
    const isCharity = account === charity_id;
    if (!isCharity && account !== donor_id && viewer.userType !== 'operator') throw new ForbiddenException(ERRORS.pickupDetailsForPartiesOnly);
    // Of the charity's members, a volunteer sees only the pickups assigned to them (docs/ORGANISATIONS.md).
    if (isCharity && viewer.org?.role === 'volunteer' && assignee_id !== viewer.id) throw new ForbiddenException(ERRORS.assignedVolunteersOnly);
    if (account === donor_id) assertBranch(viewer, pickup_point_id);
    // A charity whose claim ended without the handover (cancelled, not collected, expired) has no more
    // business with the donor's address: claim-and-cancel must not harvest private places.
    if (isCharity && !PICKUP_DETAIL_STATUSES.has(details.status)) throw new ForbiddenException(ERRORS.pickupDetailsForActiveClaims);
    return { ...details, pickup_code: isCharity ? details.pickup_code : null };
  }

  /**
   * The charity reports what it received, once the donation is fulfilled; it may correct the report (each
   * replaces the last) within LIMITS.receivedCorrectionDays of the handover. Records `request.received`.
   */
  async reportReceived(charity: AuthUser, requestId: number, body: ReceivedBody): Promise<ReceivedReport> {
    return this.db.transaction(async (tx) => {
      const request = await this.lockRequest(tx, requestId);
      if (request.charity_id !== accountOf(charity)) throw new ForbiddenException(ERRORS.receivedByCharityOnly);
      if (charity.org?.role === 'volunteer' && request.assignee_id !== charity.id) throw new ForbiddenException(ERRORS.assignedVolunteersOnly);
      if (request.status !== 'fulfilled') throw new ConflictException(ERRORS.receivedBeforeFulfilment);
      const handedOver = (request.ended_at ?? new Date()).getTime();
      if (Date.now() - handedOver > LIMITS.receivedCorrectionDays * DAY_MS) {
        throw new ConflictException(ERRORS.receivedReportClosed(LIMITS.receivedCorrectionDays));
      }
      const report = await this.requests.saveReceived(tx, requestId, body);
      await this.organisations.recordForAccount(tx, request.charity_id, {
        action: 'reported_received',
        actorId: charity.id,
        subject: request.food_name,
        foodId: request.food_id,
        requestId,
      });
      await this.outbox.record(tx, DOMAIN_EVENTS.requestReceived, { foodId: request.food_id, requestId }, [request.donor_id, request.charity_id]);
      return this.answers.storeWithin(tx, report);
    });
  }

  /**
   * The donor reports that nobody came: allowed from the window's start (the claim's time without a
   * window) while the request is pending; the same transition as the not-collected job. A report before the
   * collect-by time ends the claim and relists the item, but counts against nothing (HandoverService.endNotCollected).
   */
  async reportNoShow(donor: AuthUser, requestId: number): Promise<NoShowResponse> {
    return this.db.transaction(async (tx) => {
      const request = await this.lockRequest(tx, requestId);
      if (request.donor_id !== accountOf(donor)) throw new ForbiddenException(ERRORS.noShowByDonorOnly);
      assertBranch(donor, request.pickup_point_id);
      assertPending(request);
      if (Date.now() < request.window_start.getTime()) throw new ConflictException(ERRORS.noShowBeforeWindow);
      const foodStatus = await this.handover.endNotCollected(tx, request);
      return this.answers.storeWithin<NoShowResponse>(tx, { message: 'No-show recorded', status: 'not_collected', food_status: foodStatus });
    });
  }

  /** An operator overturns a no-show (HandoverService.overturnNoShow); answers the charity's figures after it. */
  async overturnNoShow(operator: AuthUser, requestId: number, body: OverturnNoShowBody): Promise<OverturnNoShowResponse> {
    return this.db.transaction(async (tx) => {
      const request = await this.lockRequest(tx, requestId);
      await this.handover.overturnNoShow(tx, request, operator.id, body.reason);
      const counts = await this.requests.reliabilityCounts(request.charity_id, tx);
      const verification = await this.verification.find(request.charity_id, tx);
      if (!verification) throw new NotFoundException(ERRORS.charityNotFound);
      return this.answers.storeWithin<OverturnNoShowResponse>(tx, {
        request_id: request.id,
        charity_id: request.charity_id,
        reliability: { ...counts, score: reliabilityScore(counts) },
        verification: verificationView(verification),
      });
    });
  }

  /**
   * A charity's reliability over LIMITS.reliabilityDays (docs/DOMAIN-RULES.md, "Reliability"), for signed-in donors, operators and
   * the charity itself (other charities: 403); 404 when the account is not a charity's.
   */
  async reliability(viewer: AuthUser, charityId: number): Promise<Reliability> {
    if (viewer.userType === 'charity' && actingAccount(viewer) !== charityId) throw new ForbiddenException(ERRORS.reliabilityNotVisible);
    if (!(await this.requests.isCharity(charityId))) throw new NotFoundException(ERRORS.charityNotFound);
    const counts = await this.requests.reliabilityCounts(charityId);
    return { ...counts, score: reliabilityScore(counts) };
  }

  async listForCharity(viewer: AuthUser, charityId: number): Promise<CharityRequestItem[]> {
    // A member asks with the account's id or their own, and is answered the account's requests; a volunteer those assigned to them.
    const account = viewer.userType === 'charity' ? viewer.org?.accountId : undefined;
    const isMember = account !== undefined && (viewer.id === charityId || account === charityId);
    if (!isMember && viewer.userType !== 'operator') throw new ForbiddenException(ERRORS.ownRequestsOnly);
    return this.requests.listForCharity(account ?? charityId, viewer.userType === 'operator', viewer.org?.role === 'volunteer' ? viewer.id : null);
  }

  /**
   * A charity's admin or coordinator assigns a pending claim to a member of the charity, who goes and
   * collects it (docs/ORGANISATIONS.md); `assigneeId` null unassigns it. The assigned volunteer may
   * unassign themselves: they give the pickup back (`returned`, issue 28).
   */
  async assign(user: AuthUser, requestId: number, assigneeId: number | null): Promise<RequestAssignment> {
    const me = membershipOf(user);
    return this.db.transaction(async (tx) => {
      const request = await this.lockRequest(tx, requestId);
      if (request.charity_id !== me.accountId) throw new ForbiddenException(ERRORS.requestOfAnotherCharity);
      // A volunteer may only give back a pickup of their own (issue 28): the coordinators are told at once.
      const returned = me.role === 'volunteer';
      if (returned && (assigneeId !== null || request.assignee_id !== user.id)) throw new ForbiddenException(ERRORS.assigneeOnly);
      assertPending(request);
      let name: string | null = null;
      if (assigneeId !== null) {
        if (!(await this.organisations.member(me.orgId, assigneeId, tx))) throw new BadRequestException([ERRORS.assigneeNotMember]);
        name = (await this.requests.memberName(assigneeId, tx)) ?? '';
      }
      await this.requests.setAssignee(tx, requestId, assigneeId);
      await this.organisations.record(tx, {
        organisationId: me.orgId,
        action: assigneeId === null ? 'unassigned' : 'assigned',
        actorId: user.id,
        subject: request.food_name,
        foodId: request.food_id,
        requestId,
        memberId: assigneeId ?? request.assignee_id,
      });
      // The charity's room (admins, coordinators) and both members hear it: My pickups changes live
      // (docs/ORGANISATIONS.md, "Live events"; the members' rooms are added when it is published).
      await this.outbox.record(
        tx,
        DOMAIN_EVENTS.requestAssigned,
        { foodId: request.food_id, requestId, assigneeId, previousAssigneeId: request.assignee_id, ...(returned ? { returned } : {}) },
        [request.charity_id],
      );
      const answer: RequestAssignment = { request_id: requestId, assignee: assigneeId === null ? null : { user_id: assigneeId, name: name ?? '' } };
      return this.answers.storeWithin(tx, answer);
    });
  }

  /** The claims assigned to the signed-in charity member, with their codes. */
  async myPickups(user: AuthUser): Promise<MyPickups> {
    membershipOf(user);
    return { pickups: await this.requests.assignedTo(user.id) };
  }

  /** Every charity holding an active claim of the item, the earliest active first, for the item's donor. */
  async charityInfoForFood(viewer: AuthUser, foodId: number): Promise<CharityInfo[]> {
    const food = await this.findFood(foodId, viewer);
    if (food.donor_id !== actingAccount(viewer) && viewer.userType !== 'operator') {
      throw new ForbiddenException("Only the item's donor may see who claimed it");
    }
    const rows = await this.requests.currentCharities(foodId);
    if (rows.length === 0) throw new NotFoundException(ERRORS.noClaimingCharity);
    return rows;
  }

  /**
   * The item's earliest active request (pending first, then fulfilled), for its donor; a charity holding
   * a claim of it (partial claims: one of several) is answered its own.
   */
  async requestIdForFood(viewer: AuthUser, foodId: number): Promise<RequestIdResponse> {
    const food = await this.findFood(foodId, viewer);
    const entitled = food.donor_id === actingAccount(viewer) || viewer.userType === 'operator';
    const request = await this.requests.currentForFood(foodId, entitled ? null : actingAccount(viewer));
    if (!entitled && request?.charity_id !== actingAccount(viewer)) {
      throw new ForbiddenException("Only the item's donor or the requesting charity may see its request");
    }
    if (!request) throw new NotFoundException(ERRORS.noCurrentRequest);
    return { requestId: request.id };
  }

  async status(viewer: AuthUser, requestId: number): Promise<RequestStatusResponse> {
    const request = await this.findRequest(this.db.manager, requestId);
    assertParty(viewer, request);
    return { status: request.status };
  }

  /** A donor's name and e-mail: for the donor, operators, and charities that asked for the donor's food. */
  async donorInfo(viewer: AuthUser, donorId: number): Promise<DonorInfoResponse> {
    let showEmail = true;
    if (viewer.userType === 'charity') {
      const link = await this.requests.charityLinkToDonor(actingAccount(viewer), donorId);
      if (!link) throw new ForbiddenException(ERRORS.noRequestForDonor);
      showEmail = link === 'live';
    } else if (actingAccount(viewer) !== donorId && viewer.id !== donorId && viewer.userType !== 'operator') {
      throw new ForbiddenException(ERRORS.ownDetailsOnly);
    }
    const donor = await this.users.donorContact(donorId);
    if (!donor) throw new NotFoundException(ERRORS.donorNotFound);
    return showEmail ? donor : { name: donor.name, email: null };
  }

  private async findFood(foodId: number, viewer: AuthUser): Promise<{ donor_id: number }> {
    const donorId = await this.food.donorIdOf(foodId, viewer);
    if (donorId === undefined) throw new NotFoundException(ERRORS.foodNotFound);
    return { donor_id: donorId };
  }

  private async findRequest(manager: EntityManager, requestId: number, lock = false): Promise<RequestRow> {
    const request = await this.requests.find(requestId, manager, lock);
    if (!request) throw new NotFoundException(ERRORS.requestNotFound);
    return request;
  }

  /** Locks the request and its item for the rest of the transaction, so two changes cannot interleave. */
  private lockRequest(tx: EntityManager, requestId: number): Promise<RequestRow> {
    return this.findRequest(tx, requestId, true);
  }

  /**
   * Works out why an item could not be claimed: it does not exist (404; so too an item offered to its
   * donor's partners alone, for any other charity) or is not on offer (409); when it is on offer, the
   * charity was at its claim limit (`atLimit`: 409, or 403 while its claiming is suspended), as the
   * trigger would have answered.
   */
  private async explainUnclaimable(foodId: number, charity: AuthUser, atLimit: boolean, quantity?: number): Promise<never> {
    const food = await this.requests.offerState(foodId, cairoDate(), charity);
    if (!food) throw new NotFoundException(ERRORS.foodNotFound);
    if (food.status === 'expired' || food.expired) throw new ConflictException(ERRORS.foodExpired);
    if (food.status === 'available' && food.verified_only) throw new ConflictException(ERRORS.verifiedCharitiesOnly);
    if (atLimit && food.status === 'available') throw await this.claimLimitRefusal(charity);
    // A claim of part of it hears what is left, 0 included ("Only 0 of 30 left"); the spec's claim of the
    // whole item hears that it is claimed, as it always did.
    const partlyClaimed = food.status === 'available' || (food.status === 'claimed' && food.quantity_left === 0);
    if (quantity !== undefined && partlyClaimed && food.quantity_left < quantity) {
      throw new ConflictException(ERRORS.onlyLeft(food.quantity_left, food.quantity));
    }
    throw alreadyClaimed();
  }
}

function alreadyClaimed(): ConflictException {
  return new ConflictException(ERRORS.foodAlreadyClaimed);
}

function assertPending(request: RequestRow): void {
  if (request.status !== 'pending') throw new ConflictException(ERRORS.requestNotPending(request.status));
}

function assertParty(viewer: AuthUser, request: RequestRow): void {
  const account = actingAccount(viewer);
  const isParty = account === request.charity_id || account === request.donor_id;
  if (!isParty && viewer.userType !== 'operator') throw new ForbiddenException(ERRORS.requestNotYours);
}
