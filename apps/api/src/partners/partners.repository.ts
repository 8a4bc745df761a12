import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { CharityCapacity, CharitySearchQuery, CharitySearchResponse, CharitySummary } from '@food-link/contracts';
import { DataSource, type EntityManager } from 'typeorm';

/** Charities as a donor sees them: `users u JOIN charities c`, public columns only. */
const CHARITY_FROM = `users u JOIN charities c ON c.user_id = u.id`;
const CHARITY_COLUMNS = `u.id AS user_id, c.id AS charity_id, u.name`;

/**
 * THE condition that decides which charities may be partners, over `users u JOIN charities c`: what the
 * search lists, what PUT /api/donor/partners accepts, and which named partners a new listing is offered
 * to: a charity account that is not deleted and is verified (docs/DOMAIN-RULES.md, "The offer cascade"; a suspended charity is not
 * verified, so it drops out of every donor's list until reinstated). (docs/DOMAIN-RULES.md)
 */
export const ELIGIBLE_PARTNER_SQL = `u.user_type = 'charity' AND u.deleted_at IS NULL AND c.verification_status = 'verified'`;

/** Escapes LIKE's wildcards so a search for `50%` means those characters. */
const likeLiteral = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** `donor_partners` and the charities a donor may name. */
@Injectable()
export class PartnersRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  /** The donor's partners that are still eligible, in the donor's order. */
  async list(donorId: number, manager: EntityManager = this.db.manager): Promise<CharitySummary[]> {
    return manager.query<CharitySummary[]>(
      `SELECT ${CHARITY_COLUMNS}
         FROM donor_partners dp JOIN ${CHARITY_FROM} ON u.id = dp.charity_id
        WHERE dp.donor_id = $1 AND ${ELIGIBLE_PARTNER_SQL}
        ORDER BY dp.position`,
      [donorId],
    );
  }

  /** The partners a listing made now is offered to: the eligible ones' accounts, in the donor's order. */
  async eligibleIds(tx: EntityManager, donorId: number): Promise<number[]> {
    return (await this.list(donorId, tx)).map((charity) => charity.user_id);
  }

  /** Of `ids`, those that are not eligible partner charities (to name in a 400). */
  async ineligible(tx: EntityManager, ids: readonly number[]): Promise<number[]> {
    if (ids.length === 0) return [];
    const rows = await tx.query<{ id: number }[]>(
      `SELECT wanted.id FROM unnest($1::int[]) AS wanted (id)
        WHERE NOT EXISTS (SELECT 1 FROM ${CHARITY_FROM} WHERE u.id = wanted.id AND ${ELIGIBLE_PARTNER_SQL})`,
      [ids],
    );
    return rows.map((row) => row.id);
  }

  /** What the profiles of `ids` say of their capacity (capacityProblem); a charity without a profile is left out. */
  async capacitiesOf(tx: EntityManager, ids: readonly number[]): Promise<Map<number, CharityCapacity>> {
    if (ids.length === 0) return new Map();
    const rows = await tx.query<(CharityCapacity & { user_id: number })[]>(
      `SELECT user_id, storage, chilled_capacity_kg::float8 AS chilled_capacity_kg, frozen_capacity_kg::float8 AS frozen_capacity_kg,
              to_char(receiving_from, 'HH24:MI') AS receiving_from, to_char(receiving_until, 'HH24:MI') AS receiving_until,
              to_char(full_on, 'YYYY-MM-DD') AS full_on
         FROM charity_profiles WHERE user_id = ANY($1::int[])`,
      [[...ids]],
    );
    return new Map(rows.map(({ user_id, ...capacity }) => [user_id, capacity]));
  }

  /** Replaces the donor's list (the caller checked every id). Serialised per donor by the donor's row lock. */
  async replace(tx: EntityManager, donorId: number, ids: readonly number[]): Promise<void> {
    await tx.query(`SELECT 1 FROM users WHERE id = $1 FOR UPDATE`, [donorId]);
    await tx.query(`DELETE FROM donor_partners WHERE donor_id = $1`, [donorId]);
    if (ids.length === 0) return;
    await tx.query(
      `INSERT INTO donor_partners (donor_id, charity_id, position)
       SELECT $1, wanted.id, wanted.position - 1 FROM unnest($2::int[]) WITH ORDINALITY AS wanted (id, position)`,
      [donorId, ids],
    );
  }

  /** One page of eligible charities whose name contains `search` (any case), by name. */
  async search(query: CharitySearchQuery): Promise<CharitySearchResponse> {
    const pattern = `%${likeLiteral(query.search)}%`;
    const items = await this.db.query<CharitySummary[]>(
      `SELECT ${CHARITY_COLUMNS} FROM ${CHARITY_FROM}
        WHERE ${ELIGIBLE_PARTNER_SQL} AND u.name ILIKE $1
        ORDER BY lower(u.name), u.id
        LIMIT $2 OFFSET $3`,
      [pattern, query.limit, query.offset],
    );
    const [{ total }] = await this.db.query<{ total: number }[]>(
      `SELECT count(*)::int AS total FROM ${CHARITY_FROM} WHERE ${ELIGIBLE_PARTNER_SQL} AND u.name ILIKE $1`,
      [pattern],
    );
    return { items, total };
  }
}
