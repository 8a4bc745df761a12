import { BadRequestException, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import {
  capacityProblem,
  type CapacityProblem,
  type CharitySearchQuery,
  type CharitySearchResponse,
  type ListingNeeds,
  type PartnersBody,
  type PartnersView,
} from '@food-link/contracts';
import { DataSource, type EntityManager } from 'typeorm';
import { accountOf, type AuthUser } from '../auth/auth-user';
import { IdempotentAnswers } from '../idempotency/idempotent-answers';
import { PartnersRepository } from './partners.repository';

/** A donor's partner charities: the first to be offered its listings (the offer cascade). */
@Injectable()
export class PartnersService {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly partners: PartnersRepository,
    private readonly answers: IdempotentAnswers,
  ) {}

  async list(donor: AuthUser): Promise<PartnersView> {
    return { charities: await this.partners.list(accountOf(donor)) };
  }

  /**
   * Replaces the donor's list. Every id must be an eligible charity's account (ELIGIBLE_PARTNER_SQL), or
   * the answer is a 400 naming `charity_ids` and the ids, with nothing changed. Listings already made keep
   * the partners they were offered to.
   */
  async replace(donor: AuthUser, body: PartnersBody): Promise<PartnersView> {
    return this.db.transaction(async (tx) => {
      const refused = await this.partners.ineligible(tx, body.charity_ids);
      if (refused.length > 0) {
        throw new BadRequestException([`charity_ids must each be a charity's account (not: ${refused.join(', ')})`]);
      }
      await this.partners.replace(tx, accountOf(donor), body.charity_ids);
      return this.answers.storeWithin(tx, { charities: await this.partners.list(accountOf(donor), tx) });
    });
  }

  search(query: CharitySearchQuery): Promise<CharitySearchResponse> {
    return this.partners.search(query);
  }

  /** The donor's partners a new listing is offered to first (OfferCascade). */
  eligibleIds(...args: Parameters<PartnersRepository['eligibleIds']>): ReturnType<PartnersRepository['eligibleIds']> {
    return this.partners.eligibleIds(...args);
  }

  /** Of `ids`, those that are not eligible partner charities (a schedule's standing charities, SchedulesService). */
  ineligible(...args: Parameters<PartnersRepository['ineligible']>): ReturnType<PartnersRepository['ineligible']> {
    return this.partners.ineligible(...args);
  }

  /**
   * Of the charities `ids` (in order), those a listing with these needs may be offered to: eligible
   * partners (ELIGIBLE_PARTNER_SQL) whose profile lets them take it (capacityProblem, as of `now`); the
   * others are passed over, each with why. The partner cascade, the standing offers and their waitlist
   * ask this.
   */
  async takers(tx: EntityManager, ids: readonly number[], listing: ListingNeeds, now: Date): Promise<{ takers: number[]; passedOver: PassedOver[] }> {
    return (await this.takersOf(ids, tx))(listing, now);
  }

  /**
   * `takers` for many listings of the same charities (a schedule's days, for the donor's view): their
   * eligibility and profiles read once, then judged for each listing. `among` (some of `ids`, in their
   * order; all of them by default) judges a listing for those alone: the materialiser reads the standing
   * charities of a whole batch of schedules once and judges each day for its own schedule's.
   */
  async takersOf(
    ids: readonly number[],
    manager: EntityManager = this.db.manager,
  ): Promise<(listing: ListingNeeds, now: Date, among?: readonly number[]) => { takers: number[]; passedOver: PassedOver[] }> {
    const refused = new Set(ids.length > 0 ? await this.partners.ineligible(manager, ids) : []);
    const capacities = await this.partners.capacitiesOf(manager, ids);
    const known = new Set(ids);
    return (listing, now, among = ids) => {
      const takers: number[] = [];
      const passedOver: PassedOver[] = [];
      for (const id of among) {
        if (!known.has(id)) throw new RangeError(`charity ${id} was not read with the others (takersOf)`);
        const reason = refused.has(id) ? 'not_eligible' : capacityProblem(capacities.get(id), listing, now);
        if (reason === null) takers.push(id);
        else passedOver.push({ charity_id: id, reason });
      }
      return { takers, passedOver };
    };
  }
}

/** A charity a listing was not offered to, and why. */
export interface PassedOver {
  charity_id: number;
  reason: CapacityProblem | 'not_eligible';
}
