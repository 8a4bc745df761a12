import { BadRequestException, ConflictException, ForbiddenException, Injectable, NotFoundException } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import {
  cairoDate,
  DOMAIN_EVENTS,
  ERRORS,
  listingProblems,
  normalHighC,
  safeUntil,
  windowProblems,
  type AddFoodBody,
  type AddedFoodItem,
  type DonorFoodItem,
  type FoodItemView,
  type GovernorateCode,
  type MessageResponse,
  type UpdateFoodBody,
  type UserIdResponse,
} from '@food-link/contracts';
import { DataSource, EntityManager } from 'typeorm';
import { accountOf, assertBranch, branchesOf, type AuthUser } from '../auth/auth-user';
import { OrganisationsService } from '../auth/organisations.service';
import { AppConfig } from '../config/app-config';
import { OutboxService } from '../outbox/outbox.service';
import { HandoverService } from '../handover/handover.service';
import { IdempotentAnswers } from '../idempotency/idempotent-answers';
import { PickupPointsService } from '../pickup-points/pickup-points.service';
import { OfferCascade } from './offer-cascade';
import { ListingsService } from '../listings/listings.service';
import { offeredTo, offerRecipients } from '../listings/offer-visibility';
import {
  ownerFoodView,
  publicFoodView,
  type BoardQuery,
  type FoodRow,
  type ListingColumns,
  type NewOffer,
  type StoredListing,
} from '../listings/food.repository';
import { HeatOverridesRepository } from './heat-overrides.repository';

/** A listing before its safe time is computed: a new one with its defaults, or a stored one with the changes merged. */
export type Draft = Omit<ListingColumns, 'safe_until'>;

@Injectable()
export class FoodService {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly food: ListingsService,
    private readonly points: PickupPointsService,
    private readonly heat: HeatOverridesRepository,
    private readonly outbox: OutboxService,
    private readonly answers: IdempotentAnswers,
    private readonly config: AppConfig,
    private readonly offers: OfferCascade,
    private readonly handover: HandoverService,
    private readonly organisations: OrganisationsService,
  ) {}

  /**
   * Lists food. Without the new fields it is what the spec lists: the donor's default pickup point (or
   * none), portions, `other` food stored ambient. The server computes `safe_until` and refuses a window
   * that does not fit it (400 naming the field). A donor with partner charities offers it to them alone
   * first (OfferCascade): `food.listed` then names them and reaches no public topic. `now` is when it is
   * listed (the safe-time rule reads the month's normal high at it; tests pick a season).
   */
  async add(donor: AuthUser, body: AddFoodBody, now: Date = new Date()): Promise<AddedFoodItem> {
    const account = accountOf(donor);
    const branches = branchesOf(donor);
    // A branch manager or staff member lists at one of their branches (the first when none is named).
    const pointId = body.pickup_point_id === undefined && branches ? branches[0] : body.pickup_point_id;
    if (pointId !== undefined) assertBranch(donor, pointId);
    return this.db.transaction(async (tx) => {
      const point =
        pointId === undefined
          ? await this.points.lockDefault(tx, account)
          : pointId === null
            ? null
            : await this.ownLivePoint(tx, account, pointId);
      const draft: Draft = {
        food_name: body.food_name,
        quantity: body.quantity,
        description: body.description,
        expiration_date: body.expiration_date,
        pickup_point_id: point?.id ?? null,
        pickup_from: body.pickup_from ?? null,
        pickup_until: body.pickup_until ?? null,
        category: body.category ?? 'other',
        storage: body.storage ?? 'ambient',
        prepared_at: body.prepared_at ?? null,
        unit: body.unit ?? 'portion',
        weight_kg: body.weight_kg ?? null,
        allergens: body.allergens ?? [],
      };
      const listing = await this.withSafeTime(tx, draft, point?.governorate ?? null, now, now, () => true);
      const offer = await this.offers.firstStage(tx, account, listing, now);
      const row = await this.food.insert(tx, account, listing, offer, donor.id);
      await this.organisations.recordForAccount(tx, account, {
        action: 'listed',
        actorId: donor.id,
        subject: row.food_name,
        foodId: row.id,
        pickupPointId: point?.id ?? null,
      });
      await this.outbox.record(tx, DOMAIN_EVENTS.foodListed, { foodId: row.id, food: publicFoodView(row), ...offeredTo(row) }, offerRecipients(row));
      return this.answers.storeWithin(tx, ownerFoodView(row));
    });
  }

  /**
   * Standing collections' days become listings (SchedulesService, in its transaction, holding the days'
   * row locks), many at once: each food is taken as ready when its window opens (`readyAt`, the safe-time
   * rule's start), its window is cut at the safe time, and `food.listed` is recorded as for any new
   * listing. The listings are inserted in one statement and their events in another, the heat overrides
   * read once for them all. Returns each day's row in the order given, undefined (nothing written) for a
   * day that cannot be listed safely (the window would leave less than the shortest one to collect it, or
   * has passed).
   */
  async listScheduled(tx: EntityManager, days: readonly ScheduledListing[], now: Date): Promise<(FoodRow | undefined)[]> {
    const valid = days.filter((day) => listingProblems(day.draft).length === 0);
    const highs = await this.heat.highsOn(
      valid.map((day) => ({ governorate: day.governorate, date: cairoDate(outSinceOf(day.draft, day.readyAt)) })),
      tx,
    );
    const listable = new Map<ScheduledListing, { donorId: number; listing: ListingColumns; offer: NewOffer }>();
    for (const day of valid) {
      const override = highs.get(`${day.governorate} ${cairoDate(outSinceOf(day.draft, day.readyAt))}`);
      const safe = safeTimeWith(day.draft, day.governorate, day.readyAt, override);
      const pickupUntil = day.draft.pickup_until && day.draft.pickup_until > safe ? safe : day.draft.pickup_until;
      const listing: ListingColumns = { ...day.draft, pickup_until: pickupUntil, safe_until: safe };
      const problems = windowProblems({
        pickupFrom: listing.pickup_from,
        pickupUntil: listing.pickup_until,
        safeUntil: safe,
        now,
        minWindowMinutes: this.config.MIN_PICKUP_WINDOW_MINUTES,
      });
      if (problems.length === 0) listable.set(day, { donorId: day.donorId, listing, offer: day.offer });
    }
    const rows = await this.food.insertMany(tx, [...listable.values()]);
    await this.outbox.recordMany(
      tx,
      DOMAIN_EVENTS.foodListed,
      rows.map((row) => ({ data: { foodId: row.id, food: publicFoodView(row), ...offeredTo(row) }, recipients: offerRecipients(row) })),
    );
    const byDay = new Map([...listable.keys()].map((day, index) => [day, rows[index]]));
    return days.map((day) => byDay.get(day));
  }

  /**
   * The donor edits an available item: the changes merged with what is stored (null clears an optional
   * field) must pass the same rules as a new listing, with `safe_until` computed again. A window start
   * already in the past is only refused when the edit sets it.
   */
  async update(donor: AuthUser, foodId: number, body: UpdateFoodBody): Promise<AddedFoodItem> {
    return this.db.transaction(async (tx) => {
      const stored = await this.lockOwnListing(tx, donor, foodId);
      if (stored.status !== 'available' || !stored.safe) {
        throw new ConflictException(ERRORS.foodNotEditable(stored.safe ? stored.status : 'expired'));
      }
      let governorate = stored.governorate;
      let pickupPointId = stored.pickup_point_id;
      if (body.pickup_point_id !== undefined) {
        assertBranch(donor, body.pickup_point_id);
        const point = body.pickup_point_id === null ? null : await this.ownLivePoint(tx, stored.donor_id, body.pickup_point_id);
        pickupPointId = point?.id ?? null;
        governorate = point?.governorate ?? null;
      }
      const draft: Draft = { ...mergedDraft(stored, body), pickup_point_id: pickupPointId };
      // Partial claims keep their quantity: the listing cannot shrink to what is claimed already, or below.
      const claimed = stored.quantity - stored.quantity_left;
      if (claimed > 0 && draft.quantity <= claimed) throw new ConflictException(ERRORS.quantityNotAboveClaimed(claimed));
      const listing = await this.withSafeTime(tx, draft, governorate, stored.created_at, new Date(), (field) => {
        // An unchanged window start may lie in the past by now; only one the edit sets must not.
        return field !== 'pickup_from' || body.pickup_from !== undefined;
      });
      const row = await this.food.update(tx, foodId, listing);
      await this.organisations.recordForAccount(tx, stored.donor_id, {
        action: 'edited',
        actorId: donor.id,
        subject: row.food_name,
        foodId,
        pickupPointId: row.pickup_point_id ?? null,
      });
      await this.outbox.record(tx, DOMAIN_EVENTS.foodUpdated, { foodId, food: publicFoodView(row), ...offeredTo(row) }, offerRecipients(row));
      return this.answers.storeWithin(tx, ownerFoodView(row));
    });
  }

  /**
   * The donor withdraws an item: an available one leaves the board; a claimed one also ends its pending
   * request (`withdrawn`), and its charity hears of it. Fulfilled, expired and withdrawn items stay as
   * they are (409).
   */
  async withdraw(donor: AuthUser, foodId: number): Promise<MessageResponse> {
    return this.db.transaction(async (tx) => {
      await this.withdrawWithin(tx, donor, foodId);
      return this.answers.storeWithin<MessageResponse>(tx, { message: 'Food item withdrawn' });
    });
  }

  /**
   * The withdrawal itself, in the caller's transaction (withdraw; a standing collection's "Nothing today"
   * of a day already listed: SchedulesService.skipDay), with its checks, 404/403/409.
   */
  async withdrawWithin(tx: EntityManager, donor: AuthUser, foodId: number): Promise<void> {
    const stored = await this.lockOwnListing(tx, donor, foodId);
    const effective = stored.status === 'available' && !stored.safe ? 'expired' : stored.status;
    if (effective !== 'available' && effective !== 'claimed') throw new ConflictException(ERRORS.foodNotWithdrawable(effective));
    if (effective === 'claimed') {
      // All of it claimed: withdrawable while some claim is still pending (it ends those), not once every claim is handed over.
      const holding = await this.food.lockHoldingRequests(tx, foodId);
      if (holding.length > 0 && holding.every((request) => request.status === 'fulfilled')) throw new ConflictException(ERRORS.foodNotWithdrawable('fulfilled'));
    }
    await this.handover.endWithdrawn(tx, stored);
    await this.organisations.recordForAccount(tx, stored.donor_id, {
      action: 'withdrew',
      actorId: donor.id,
      subject: stored.food_name,
      foodId,
      pickupPointId: stored.pickup_point_id,
    });
  }

  /** Marks food whose safe time has passed as expired, announcing each item with its governorate. Returns how many. */
  async expireUnsafe(): Promise<number> {
    return this.db.transaction(async (tx) => {
      const expired = await this.food.expireUnsafe(tx);
      for (const item of expired) {
        await this.outbox.record(tx, DOMAIN_EVENTS.foodExpired, { foodId: item.id, governorate: item.governorate, ...offeredTo(item) }, offerRecipients(item));
      }
      return expired.length;
    });
  }

  /** The former name of expireUnsafe: the safe time now decides, which the end of the date bounds. */
  expirePastDate(): Promise<number> {
    return this.expireUnsafe();
  }

  /**
   * Only the donor and operators see a donor's items (they name the charities that claimed them): a member
   * of the donor's organisation asks with the account's id or their own, and is answered the account's
   * items. Returns the account whose items to show; 403 for anyone else.
   */
  donorItemsAccount(viewer: AuthUser, donorId: number): number {
    if (viewer.userType === 'operator') return donorId;
    const account = viewer.userType === 'donor' ? viewer.org?.accountId : undefined;
    if (account === undefined || (viewer.id !== donorId && account !== donorId)) throw new ForbiddenException(ERRORS.ownDonationsOnly);
    return account;
  }

  /**
   * A donor's items, newest first, each with the request that holds it and the claiming charity, as of
   * `asOf`. Read straight from the database, for whoever may see them (assertMaySeeDonorItems);
   * GET /api/donor/{userId} serves it through FoodReadCache.
   */
  donorItems(donorId: number, asOf: Date = new Date(), manager?: EntityManager): Promise<DonorFoodItem[]> {
    return this.food.donorItems(donorId, asOf, manager);
  }

  /**
   * Food anyone may claim: available and safe beyond `asOf`, filtered, soonest expiry first (nearest
   * first with `near`). Read straight from the database; GET /api/available serves it through FoodReadCache.
   */
  listAvailable(query: BoardQuery, asOf: Date = new Date(), manager?: EntityManager): Promise<FoodItemView[]> {
    return this.food.listAvailable(query, asOf, manager);
  }

  /** Whether anything is offered to this charity alone right now (see FoodRepository.hasOffersFor). */
  hasOffersFor(charityId: number): Promise<boolean> {
    return this.food.hasOffersFor(charityId);
  }

  /** One item, for anyone who may see it (an item offered to partners alone is 404 for the others). */
  async findOne(foodId: number, viewer: AuthUser | null): Promise<FoodItemView> {
    return publicFoodView(await this.findRow(foodId, viewer));
  }

  async donorOf(foodId: number, viewer: AuthUser): Promise<UserIdResponse> {
    return { user_id: (await this.findRow(foodId, viewer)).donor_id };
  }

  private async findRow(foodId: number, viewer: AuthUser | null): Promise<FoodRow> {
    const row = await this.food.findVisible(foodId, viewer);
    if (!row) throw new NotFoundException(ERRORS.foodNotFound);
    return row;
  }

  /** The item, locked, if it exists (404) and is the donor's (403). */
  private async lockOwnListing(tx: EntityManager, donor: AuthUser, foodId: number): Promise<StoredListing> {
    const stored = await this.food.lockListing(tx, foodId);
    if (!stored) throw new NotFoundException(ERRORS.foodNotFound);
    if (stored.donor_id !== accountOf(donor)) throw new ForbiddenException(ERRORS.foodOfAnotherDonor);
    assertBranch(donor, stored.pickup_point_id);
    return stored;
  }

  /** One of the donor's live pickup points, held (FOR SHARE) until the listing commits; else 400 naming pickup_point_id. */
  private async ownLivePoint(tx: EntityManager, donorId: number, pointId: number): Promise<{ id: number; governorate: GovernorateCode }> {
    const point = await this.points.lockLive(tx, donorId, pointId);
    if (!point) throw new BadRequestException([ERRORS.pickupPointNotOwn]);
    return point;
  }

  /**
   * The listing with its `safe_until` (food-safety.ts), after the checks between its fields
   * (listingProblems) and of its window (windowProblems); 400 naming each field otherwise. The day's high
   * is an operator's heat override for the governorate and the Cairo date the food started sitting out
   * (prepared, or listed), else the month's normal. `keep` filters the window's problems.
   */
  private async withSafeTime(
    tx: EntityManager,
    draft: Draft,
    governorate: GovernorateCode | null,
    listedAt: Date,
    now: Date,
    keep: (field: string) => boolean,
  ): Promise<ListingColumns> {
    const fieldProblems = listingProblems(draft);
    if (fieldProblems.length > 0) throw badFields(fieldProblems);
    const safe = await this.safeTimeOf(tx, draft, governorate, listedAt);
    const problems = windowProblems({
      pickupFrom: draft.pickup_from,
      pickupUntil: draft.pickup_until,
      safeUntil: safe,
      now,
      minWindowMinutes: this.config.MIN_PICKUP_WINDOW_MINUTES,
    }).filter(([field]) => keep(field));
    if (problems.length > 0) throw badFields(problems);
    return { ...draft, safe_until: safe };
  }

  /** The listing's `safe_until` (food-safety.ts), with an operator's heat override for the day the food started sitting out. */
  private async safeTimeOf(tx: EntityManager, draft: Draft, governorate: GovernorateCode | null, listedAt: Date): Promise<Date> {
    const override = governorate ? await this.heat.highOn(governorate, cairoDate(outSinceOf(draft, listedAt)), tx) : undefined;
    return safeTimeWith(draft, governorate, listedAt, override);
  }
}

/** A standing collection's day to list (FoodService.listScheduled). */
export interface ScheduledListing {
  donorId: number;
  draft: Draft;
  governorate: GovernorateCode;
  /** When the food is taken as ready: its window's opening. */
  readyAt: Date;
  offer: NewOffer;
}

/** Since when the food has been sitting out: when it was prepared, else when listed (ready). */
function outSinceOf(draft: Draft, listedAt: Date): Date {
  return draft.prepared_at ?? listedAt;
}

/** `safe_until` (food-safety.ts) given the operator's heat override of the day the food started sitting out, if any. */
function safeTimeWith(draft: Draft, governorate: GovernorateCode | null, listedAt: Date, override: number | undefined): Date {
  return safeUntil({
    category: draft.category,
    storage: draft.storage,
    preparedAt: draft.prepared_at,
    expirationDate: draft.expiration_date,
    listedAt,
    dayHighC: override ?? normalHighC(governorate, outSinceOf(draft, listedAt)),
  });
}

function badFields(problems: [string, string][]): BadRequestException {
  return new BadRequestException(problems.map(([field, message]) => `${field} ${message}`));
}

/** The stored listing with the edit applied: a field left out keeps its value, null clears an optional one. */
function mergedDraft(stored: StoredListing, body: UpdateFoodBody): Omit<Draft, 'pickup_point_id'> {
  const pick = <T>(change: T | undefined, current: T): T => (change === undefined ? current : change);
  return {
    food_name: pick(body.food_name, stored.food_name),
    quantity: pick(body.quantity, stored.quantity),
    description: pick(body.description, stored.description),
    expiration_date: pick(body.expiration_date, stored.expiration_date),
    pickup_from: pick(body.pickup_from, stored.pickup_from),
    pickup_until: pick(body.pickup_until, stored.pickup_until),
    category: pick(body.category, stored.category),
    storage: pick(body.storage, stored.storage),
    prepared_at: pick(body.prepared_at, stored.prepared_at),
    unit: pick(body.unit, stored.unit),
    weight_kg: pick(body.weight_kg, stored.weight_kg),
    allergens: pick(body.allergens, stored.allergens),
  };
}
