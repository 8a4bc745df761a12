import { ConflictException, ForbiddenException, Injectable, NotFoundException } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import {
  ERRORS,
  LIMITS,
  type MessageResponse,
  type PickupPointBody,
  type PickupPointView,
  type UpdatePickupPointBody,
} from '@food-link/contracts';
import { DataSource, EntityManager } from 'typeorm';
import { accountOf, type AuthUser } from '../auth/auth-user';
import { IdempotentAnswers } from '../idempotency/idempotent-answers';
import { PickupPointsRepository, type PickupPointFields, type PickupPointRow } from './pickup-points.repository';

/**
 * A donor's pickup points (docs/DOMAIN-RULES.md, "Places"): at most LIMITS.pickupPointsPerDonor, exactly one
 * of them the default while there are any (the first one is; setting `is_default` moves it; deleting it
 * hands it to the oldest remaining point). A point in use by an available or claimed listing cannot be
 * deleted, only edited. Every change of one donor's points runs under a lock on the donor's account.
 */
@Injectable()
export class PickupPointsService {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly points: PickupPointsRepository,
    private readonly answers: IdempotentAnswers,
  ) {}

  /** Erases a deleted donor's points, in the deletion's transaction (PickupPointsRepository.eraseOf). */
  eraseOf(tx: EntityManager, donorId: number): Promise<void> {
    return this.points.eraseOf(tx, donorId);
  }

  list(donor: AuthUser): Promise<PickupPointView[]> {
    return this.points.list(accountOf(donor));
  }

  async create(donor: AuthUser, body: PickupPointBody): Promise<PickupPointView> {
    return this.db.transaction(async (tx) => {
      const account = accountOf(donor);
      await this.points.lockDonor(tx, account);
      const count = await this.points.countLive(tx, account);
      if (count >= LIMITS.pickupPointsPerDonor) throw new ConflictException(ERRORS.pickupPointLimit(LIMITS.pickupPointsPerDonor));
      const id = await this.points.insert(tx, account, fieldsOf(body), count === 0);
      if (body.is_default && count > 0) await this.points.makeDefault(tx, account, id);
      return this.answers.storeWithin(tx, await this.points.view(id, tx));
    });
  }

  async update(donor: AuthUser, id: number, body: UpdatePickupPointBody): Promise<PickupPointView> {
    return this.db.transaction(async (tx) => {
      await this.points.lockDonor(tx, accountOf(donor));
      const point = await this.ownPoint(tx, donor, id);
      if (body.is_default === false && point.is_default) throw new ConflictException(ERRORS.pickupPointDefaultStays);
      await this.points.update(tx, id, merged(point, body));
      if (body.is_default) await this.points.makeDefault(tx, accountOf(donor), id);
      return this.answers.storeWithin(tx, await this.points.view(id, tx));
    });
  }

  async remove(donor: AuthUser, id: number): Promise<MessageResponse> {
    return this.db.transaction(async (tx) => {
      await this.points.lockDonor(tx, accountOf(donor));
      await this.ownPoint(tx, donor, id);
      // The point's row lock (ownPoint) waits for listings being written with it (they hold it FOR SHARE),
      // so this count sees them.
      if ((await this.points.activeListings(tx, id)) > 0) throw new ConflictException(ERRORS.pickupPointInUse);
      await this.points.softDelete(tx, accountOf(donor), id);
      return this.answers.storeWithin<MessageResponse>(tx, { message: 'Pickup point deleted' });
    });
  }

  /** The point, locked: 404 when there is none (or it is deleted), 403 when it is another donor's. */
  private async ownPoint(tx: EntityManager, donor: AuthUser, id: number): Promise<PickupPointRow> {
    const point = await this.points.lockById(tx, id);
    if (!point || point.deleted) throw new NotFoundException(ERRORS.pickupPointNotFound);
    if (point.donor_id !== accountOf(donor)) throw new ForbiddenException(ERRORS.pickupPointOfAnotherDonor);
    return point;
  }

  /** The donor's default pickup point, locked (a new listing without a point, FoodService). */
  lockDefault(...args: Parameters<PickupPointsRepository['lockDefault']>): ReturnType<PickupPointsRepository['lockDefault']> {
    return this.points.lockDefault(...args);
  }

  /** The donor's live pickup point, locked (a listing's chosen point, FoodService). */
  lockLive(...args: Parameters<PickupPointsRepository['lockLive']>): ReturnType<PickupPointsRepository['lockLive']> {
    return this.points.lockLive(...args);
  }

  /** Whether every one of `ids` is a live pickup point of the donor (a member's branches). */
  async allLiveOf(donorId: number, ids: number[], manager?: EntityManager): Promise<boolean> {
    if (ids.length === 0) return true;
    return (await this.points.liveIdsOf(donorId, ids, manager)).length === ids.length;
  }

  /** A new pickup point (the demo seed). */
  insert(...args: Parameters<PickupPointsRepository['insert']>): ReturnType<PickupPointsRepository['insert']> {
    return this.points.insert(...args);
  }
}

function fieldsOf(body: PickupPointBody): PickupPointFields {
  return {
    label: body.label,
    governorate: body.governorate,
    area: body.area,
    address_line: body.address_line,
    landmark: body.landmark ?? null,
    lat: body.lat ?? null,
    lng: body.lng ?? null,
    contact_name: body.contact_name,
    contact_phone: body.contact_phone,
    notes: body.notes ?? null,
  };
}

/** The stored point with the edit applied: a field left out keeps its value, null clears an optional one. */
function merged(point: PickupPointRow, body: UpdatePickupPointBody): PickupPointFields {
  const pick = <T>(change: T | undefined, current: T): T => (change === undefined ? current : change);
  return {
    label: pick(body.label, point.label),
    governorate: pick(body.governorate, point.governorate),
    area: pick(body.area, point.area),
    address_line: pick(body.address_line, point.address_line),
    landmark: pick(body.landmark, point.landmark),
    lat: pick(body.lat, point.lat),
    lng: pick(body.lng, point.lng),
    contact_name: pick(body.contact_name, point.contact_name),
    contact_phone: pick(body.contact_phone, point.contact_phone),
    notes: pick(body.notes, point.notes),
  };
}
