import { BadRequestException, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { CharitySearchQuery, CharitySearchResponse, PartnersBody, PartnersView } from '@food-link/contracts';
import { DataSource } from 'typeorm';
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
}
