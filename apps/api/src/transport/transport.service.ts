import { ConflictException, ForbiddenException, Injectable, NotFoundException, BadRequestException } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import {
  DOMAIN_EVENTS,
  ERRORS,
  overCapacity,
  type OnTheWayBody,
  type TransportOfferList,
  type TransportOfferView,
  type TripDay,
  type TripOrderBody,
  type TripsQuery,
  type TripState,
  type TripStop,
  type VolunteerProfileBody,
  type VolunteerProfileView,
} from '@food-link/contracts';
import { DataSource, type EntityManager } from 'typeorm';
import { actingAccount, assertBranch, membershipOf, type AuthUser } from '../auth/auth-user';
import { OrganisationsService } from '../auth/organisations.service';
import { isUniqueViolation } from '../common/errors';
import { AppConfig } from '../config/app-config';
import { ClaimsService } from '../handover/claims.service';
import type { RequestRow } from '../handover/requests.repository';
import { IdempotentAnswers } from '../idempotency/idempotent-answers';
import { OutboxService } from '../outbox/outbox.service';
import { suggestedOrder, routeUrl } from './trip-order';
import { TransportRepository, type DayStopRow, type OfferRow, type TripRow } from './transport.repository';

/** What an offer's expiry job found (TransportService.expire). */
export type ExpiryOutcome = { outcome: 'expired' | 'withdrawn' | 'done' } | { outcome: 'early'; dueAt: number };

/**
 * Getting the food there (issue 28; docs/DOMAIN-RULES.md, "Volunteers and their trips"): a volunteer's
 * profile, offers of a claim to the charity's volunteers (exactly one accepts), the trip's steps (on the
 * way, delivered) and a volunteer's day of pickups in a suggested order.
 */
@Injectable()
export class TransportService {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly transport: TransportRepository,
    private readonly claims: ClaimsService,
    private readonly organisations: OrganisationsService,
    private readonly outbox: OutboxService,
    private readonly answers: IdempotentAnswers,
    private readonly config: AppConfig,
  ) {}

  async profile(user: AuthUser): Promise<VolunteerProfileView> {
    assertVolunteer(user);
    return this.profileOf(user.id);
  }

  /** What the account's personal-data export says of transport: the volunteer's profile and day orders. */
  async exportOf(userId: number): Promise<{ volunteer_profile: VolunteerProfileView | null; trip_orders: { date: string; request_ids: number[] }[] }> {
    const [volunteerProfile, tripOrders] = await Promise.all([this.profileOf(userId), this.transport.tripOrdersOf(userId)]);
    return { volunteer_profile: volunteerProfile.saved ? volunteerProfile : null, trip_orders: tripOrders };
  }

  private async profileOf(userId: number): Promise<VolunteerProfileView> {
    const row = await this.transport.profile(userId);
    if (!row) return { saved: false, vehicle: null, capacity_kg: null, governorates: [], hours: null };
    return { saved: true, vehicle: row.vehicle, capacity_kg: row.capacity_kg, governorates: row.governorates, hours: { from: row.hours_from, until: row.hours_until } };
  }

  async saveProfile(user: AuthUser, body: VolunteerProfileBody): Promise<VolunteerProfileView> {
    assertVolunteer(user);
    await this.transport.saveProfile(user.id, body);
    return this.profile(user);
  }

  /**
   * The claiming charity's admin or coordinator offers a pending, unassigned claim to its volunteers whose
   * vehicle carries the claim's weight (its share of the listing's) and whose governorates include the pickup's. They are told by the
   * `transport.offer` event's reaction (TransportReactions), which also schedules the offer's end.
   */
  async offer(user: AuthUser, requestId: number, note: string | null): Promise<TransportOfferView> {
    const me = membershipOf(user);
    const offerId = await this.db
      .transaction(async (tx) => {
        const request = await this.lockRequest(tx, requestId);
        if (request.charity_id !== me.accountId) throw new ForbiddenException(ERRORS.requestOfAnotherCharity);
        if (request.status !== 'pending') throw new ConflictException(ERRORS.requestNotPending(request.status));
        if (request.assignee_id !== null) throw new ConflictException(ERRORS.transportAlreadyAssigned);
        const cargo = await this.transport.requestCargo(tx, requestId);
        const told = await this.transport.fittingVolunteers(tx, me.orgId, cargo.weight_kg, cargo.governorate);
        if (told.length === 0) throw new ConflictException(ERRORS.noVolunteerFits);
        const id = await this.transport.insertOffer(tx, {
          requestId,
          charityId: me.accountId,
          offeredBy: user.id,
          note,
          told,
          minutes: this.config.TRANSPORT_OFFER_MINUTES,
        });
        const offer = (await this.transport.offer(id, tx)) as OfferRow;
        await this.recordOffer(tx, offer, 'offered');
        return id;
      })
      .catch((error: unknown) => {
        if (isUniqueViolation(error, 'transport_offers_one_open')) throw new ConflictException(ERRORS.transportOfferOpen);
        throw error;
      });
    return offerView((await this.transport.offer(offerId)) as OfferRow);
  }

  async myOffers(user: AuthUser): Promise<TransportOfferList> {
    assertVolunteer(user);
    return { offers: (await this.transport.openOffersFor(user.id)).map(offerView) };
  }

  /**
   * A volunteer told of the offer takes it: the offer's row is updated only while open, so of many
   * accepting at once exactly one wins (the others: 409); the claim becomes theirs (its assignee) in the
   * same transaction, with the `request.assigned` the coordinator's assignment records.
   */
  async accept(user: AuthUser, offerId: number): Promise<TransportOfferView> {
    assertVolunteer(user);
    await this.db.transaction(async (tx) => {
      const offer = await this.openOfferFor(tx, user, offerId);
      const request = await this.lockRequest(tx, offer.request_id);
      if (request.status !== 'pending' || request.assignee_id !== null) {
        // The claim ended, or a coordinator assigned it meanwhile: the offer is over.
        await this.transport.end(tx, offerId, 'withdrawn', false);
        if (request.status !== 'pending') throw new ConflictException(ERRORS.requestNotPending(request.status));
        throw new ConflictException(ERRORS.transportAlreadyAssigned);
      }
      if (!(await this.transport.accept(tx, offerId, user.id))) {
        const now = await this.transport.offer(offerId, tx);
        throw new ConflictException(ERRORS.transportOfferClosed(now?.state ?? 'closed'));
      }
      await this.claims.setAssignee(tx, request.id, user.id);
      await this.organisations.record(tx, {
        organisationId: membershipOf(user).orgId,
        action: 'assigned',
        actorId: user.id,
        subject: request.food_name,
        foodId: request.food_id,
        requestId: request.id,
        memberId: user.id,
      });
      await this.outbox.record(tx, DOMAIN_EVENTS.requestAssigned, { foodId: request.food_id, requestId: request.id, assigneeId: user.id, previousAssigneeId: null }, [
        request.charity_id,
      ]);
      await this.recordOffer(tx, { ...offer, state: 'accepted', accepted_by: user.id }, 'accepted');
    });
    return offerView((await this.transport.offer(offerId)) as OfferRow);
  }

  /**
   * A volunteer's Accept by WhatsApp or SMS (docs/MESSAGING.md, "Replies that act"): the open offer of the
   * pickup request the button was for, accepted exactly as POST /api/transport/{id}/accept does (the same
   * race: one volunteer wins, the others 409); then what they need at the door. 409 when the request has no
   * open offer any more.
   */
  async acceptByRequest(user: AuthUser, requestId: number): Promise<{ food_name: string; pickup_code: string; address: string | null }> {
    const offerId = await this.transport.openOfferOf(requestId);
    if (offerId === undefined) throw new ConflictException(ERRORS.transportOfferClosed('closed'));
    await this.accept(user, offerId);
    const pickup = await this.pickupOf(requestId);
    if (!pickup) throw new NotFoundException(ERRORS.requestNotFound);
    return pickup;
  }

  /** The food's name, the pickup code and the address of a request (for its volunteer's answers by reply). */
  pickupOf(requestId: number): Promise<{ food_name: string; pickup_code: string; address: string | null } | undefined> {
    return this.transport.pickupOf(requestId);
  }

  /** A volunteer told of the offer will not take it; when every one told has declined, it goes back to the coordinator at once. */
  async decline(user: AuthUser, offerId: number): Promise<TransportOfferView> {
    assertVolunteer(user);
    await this.db.transaction(async (tx) => {
      const offer = await this.openOfferFor(tx, user, offerId);
      const state = await this.transport.decline(tx, offerId, user.id);
      if (!state) throw new ConflictException(ERRORS.transportOfferClosed((await this.transport.offer(offerId, tx))?.state ?? 'closed'));
      await this.recordOffer(tx, { ...offer, state }, state === 'expired' ? 'expired' : 'declined');
    });
    return offerView((await this.transport.offer(offerId)) as OfferRow);
  }

  /**
   * The offer's expiry job: an offer still open at its time ends `expired` and goes back to the coordinator
   * (the event's reaction tells them); one whose claim ended or was assigned meanwhile ends `withdrawn`,
   * quietly. A run that comes early answers when it is due.
   */
  async expire(offerId: number): Promise<ExpiryOutcome> {
    return this.db.transaction(async (tx) => {
      const offer = await this.transport.offer(offerId, tx);
      if (!offer || offer.state !== 'open') return { outcome: 'done' as const };
      const request = await this.lockRequest(tx, offer.request_id);
      if (request.status !== 'pending' || request.assignee_id !== null) {
        await this.transport.end(tx, offerId, 'withdrawn', false);
        return { outcome: 'withdrawn' as const };
      }
      if (!(await this.transport.end(tx, offerId, 'expired', true))) {
        const again = await this.transport.offer(offerId, tx);
        return again?.state === 'open' ? { outcome: 'early' as const, dueAt: again.expires_at.getTime() } : { outcome: 'done' as const };
      }
      await this.recordOffer(tx, { ...offer, state: 'expired' }, 'expired');
      return { outcome: 'expired' as const };
    });
  }

  /** The open offers' ends (a worker's start schedules them again). */
  openOffers(): Promise<{ id: number; expires_at: Date }[]> {
    return this.transport.openOffers();
  }

  /** The assigned volunteer sets off for the pickup: the donor hears who is coming and when (`request.trip`). */
  async onTheWay(user: AuthUser, requestId: number, body: OnTheWayBody): Promise<TripState> {
    return this.step(user, requestId, async (tx, request) => {
      if (request.status !== 'pending') throw new ConflictException(ERRORS.requestNotPending(request.status));
      await this.transport.markOnTheWay(tx, requestId, user.id, body.eta_minutes);
      return 'on_the_way';
    });
  }

  /** After the handover (Donate), the volunteer delivered the food to the charity: its coordinators are asked for the received report. */
  async delivered(user: AuthUser, requestId: number): Promise<TripState> {
    return this.step(user, requestId, async (tx, request, trip) => {
      if (request.status === 'pending') throw new ConflictException(ERRORS.notHandedOverYet);
      if (request.status !== 'fulfilled') throw new ConflictException(ERRORS.requestNotPending(request.status));
      if (trip?.delivered_at) throw new ConflictException(ERRORS.alreadyDelivered);
      await this.transport.markDelivered(tx, requestId, user.id);
      return 'delivered';
    });
  }

  /** Who is coming for a claim, and when: its donor (a branch role at its branch), its charity's admins and coordinators, its assignee. */
  async trip(viewer: AuthUser, requestId: number): Promise<TripState> {
    const request = await this.claims.find(requestId);
    if (!request) throw new NotFoundException(ERRORS.requestNotFound);
    const account = actingAccount(viewer);
    if (account === request.donor_id) assertBranch(viewer, request.pickup_point_id);
    else if (account === request.charity_id) {
      if (viewer.org?.role === 'volunteer' && request.assignee_id !== viewer.id) throw new ForbiddenException(ERRORS.tripNotYours);
    } else if (viewer.userType !== 'operator') throw new ForbiddenException(ERRORS.tripNotYours);
    return tripState(request, await this.transport.trip(requestId));
  }

  /**
   * The volunteer's pickups of a Cairo day: in their own order when they set one (pickups added since go
   * after it, in the suggested order), else the suggested one (trip-order.ts); the weight against the
   * vehicle, and the whole route as one maps link.
   */
  async day(user: AuthUser, query: TripsQuery): Promise<TripDay> {
    const me = assertVolunteer(user);
    const [rows, profile, base, saved, name] = await Promise.all([
      this.transport.dayStops(user.id, query.date),
      this.transport.profile(user.id),
      query.from ? Promise.resolve(undefined) : this.transport.charityBase(me.accountId),
      this.transport.tripOrder(user.id, query.date),
      this.claims.memberName(user.id),
    ]);
    const start = query.from ? { ...query.from, source: 'given' as const } : base ? { ...base, source: 'charity' as const } : null;
    const suggested = suggestedOrder(rows.map(stopPoint), start);
    let ordered = suggested;
    const own = saved?.filter((id) => rows.some((row) => row.request_id === id)) ?? [];
    if (own.length > 0) ordered = [...own, ...suggested.filter((id) => !own.includes(id))];
    const byId = new Map(rows.map((row) => [row.request_id, row]));
    const capacity = profile?.capacity_kg ?? null;
    const stops = ordered.map((id) => stopView(byId.get(id) as DayStopRow, { user_id: user.id, name: name ?? '' }, capacity));
    const total = Math.round(rows.reduce((sum, row) => sum + (row.weight_kg ?? 0), 0) * 100) / 100;
    const warnings: TripDay['warnings'] = [];
    if (stops.some((stop) => stop.over_capacity)) warnings.push('pickup_over_capacity');
    if (overCapacity(total, capacity)) warnings.push('total_over_capacity');
    return {
      date: query.date,
      start,
      order: own.length > 0 ? 'volunteer' : 'suggested',
      stops,
      total_kg: total,
      capacity_kg: capacity,
      vehicle: profile?.vehicle ?? null,
      warnings,
      route_url: routeUrl(start, stops, profile?.vehicle ?? null),
    };
  }

  /** The volunteer's own order of a day's pickups: exactly the day's (400 naming `request_ids` otherwise). */
  async reorder(user: AuthUser, date: string, body: TripOrderBody): Promise<TripDay> {
    assertVolunteer(user);
    const rows = await this.transport.dayStops(user.id, date);
    const day = new Set(rows.map((row) => row.request_id));
    if (body.request_ids.length !== day.size || body.request_ids.some((id) => !day.has(id))) throw new BadRequestException([ERRORS.tripOrderNotTheDay]);
    await this.transport.saveTripOrder(user.id, date, body.request_ids);
    return this.day(user, { date });
  }

  /** The charity's admins and coordinators (TransportReactions tells them). */
  coordinators(charityId: number): Promise<number[]> {
    return this.transport.coordinators(charityId);
  }

  offerById(offerId: number): Promise<OfferRow | undefined> {
    return this.transport.offer(offerId);
  }

  /** A step of the assignee's trip: only the claim's assignee, under the claim's lock; records `request.trip`. */
  private async step(
    user: AuthUser,
    requestId: number,
    apply: (tx: EntityManager, request: RequestRow, trip: TripRow | undefined) => Promise<'on_the_way' | 'delivered'>,
  ): Promise<TripState> {
    membershipOf(user);
    const answer = await this.db.transaction(async (tx) => {
      const request = await this.lockRequest(tx, requestId);
      if (request.charity_id !== actingAccount(user) || request.assignee_id !== user.id) throw new ForbiddenException(ERRORS.assigneeOnly);
      const stage = await apply(tx, request, await this.transport.trip(requestId, tx));
      const trip = await this.transport.trip(requestId, tx);
      await this.outbox.record(
        tx,
        DOMAIN_EVENTS.requestTrip,
        { foodId: request.food_id, requestId, stage, assigneeId: user.id, eta: trip?.eta_at?.toISOString() ?? null },
        [request.donor_id, request.charity_id],
      );
      return this.answers.storeWithin(tx, tripState({ ...request, status: stage === 'delivered' ? 'fulfilled' : request.status }, trip));
    });
    return answer;
  }

  private async openOfferFor(tx: EntityManager, user: AuthUser, offerId: number): Promise<OfferRow> {
    const offer = await this.transport.offer(offerId, tx);
    if (!offer) throw new NotFoundException(ERRORS.transportOfferNotFound);
    if (offer.charity_id !== actingAccount(user) || !offer.told.includes(user.id)) throw new ForbiddenException(ERRORS.transportOfferNotYours);
    if (offer.declined.includes(user.id)) throw new ConflictException(ERRORS.transportDeclined);
    if (offer.state !== 'open') throw new ConflictException(ERRORS.transportOfferClosed(offer.state));
    return offer;
  }

  private recordOffer(tx: EntityManager, offer: OfferRow, change: 'offered' | 'accepted' | 'declined' | 'expired'): Promise<string> {
    return this.outbox.record(
      tx,
      DOMAIN_EVENTS.transportOffer,
      { foodId: offer.food_id, requestId: offer.request_id, offerId: offer.id, change, expiresAt: offer.expires_at.toISOString(), assigneeId: offer.accepted_by },
      [offer.charity_id],
    );
  }

  private async lockRequest(tx: EntityManager, requestId: number): Promise<RequestRow> {
    const request = await this.claims.find(requestId, tx, true);
    if (!request) throw new NotFoundException(ERRORS.requestNotFound);
    return request;
  }
}

function assertVolunteer(user: AuthUser) {
  const me = membershipOf(user);
  if (me.role !== 'volunteer') throw new ForbiddenException(ERRORS.volunteersOnly);
  return me;
}

function offerView(row: OfferRow): TransportOfferView {
  return {
    offer_id: row.id,
    request_id: row.request_id,
    food_id: row.food_id,
    food_name: row.food_name,
    weight_kg: row.weight_kg,
    governorate: row.governorate,
    area: row.area,
    window_start: row.window_start?.toISOString() ?? null,
    window_end: row.window_end?.toISOString() ?? null,
    note: row.note,
    state: row.state,
    expires_at: row.expires_at.toISOString(),
    told: row.told.length,
    accepted_by: row.accepted_by === null ? null : { user_id: row.accepted_by, name: row.accepted_by_name ?? '' },
  };
}

function tripState(request: Pick<RequestRow, 'id' | 'status'>, trip: TripRow | undefined): TripState {
  const stage: TripState['stage'] = trip?.delivered_at
    ? 'delivered'
    : request.status === 'fulfilled'
      ? 'collected'
      : trip?.on_the_way_at
        ? 'on_the_way'
        : 'assigned';
  return {
    request_id: request.id,
    stage,
    volunteer: trip ? { user_id: trip.volunteer_id, name: trip.volunteer_name } : null,
    on_the_way_at: trip?.on_the_way_at?.toISOString() ?? null,
    eta: trip?.on_the_way_at && trip.eta_at ? trip.eta_at.toISOString() : null,
    delivered_at: trip?.delivered_at?.toISOString() ?? null,
  };
}

function stopPoint(row: DayStopRow) {
  return { id: row.request_id, lat: row.lat, lng: row.lng, windowStart: row.window_start?.getTime() ?? null, windowEnd: row.window_end?.getTime() ?? null };
}

function stopView(row: DayStopRow, volunteer: { user_id: number; name: string }, capacity: number | null): TripStop {
  const trip: TripRow = { volunteer_id: volunteer.user_id, volunteer_name: volunteer.name, on_the_way_at: row.on_the_way_at, eta_at: row.eta_at, delivered_at: row.delivered_at };
  return {
    request_id: row.request_id,
    food_id: row.food_id,
    food_name: row.food_name,
    donor_name: row.donor_name,
    address: row.address_line ? `${row.address_line}, ${row.area}` : '',
    phone: row.phone,
    lat: row.lat,
    lng: row.lng,
    window_start: row.window_start?.toISOString() ?? null,
    window_end: row.window_end?.toISOString() ?? null,
    weight_kg: row.weight_kg,
    pickup_code: row.pickup_code ?? '',
    status: row.status,
    trip: tripState({ id: row.request_id, status: row.status as RequestRow['status'] }, trip),
    over_capacity: overCapacity(row.weight_kg, capacity),
  };
}
