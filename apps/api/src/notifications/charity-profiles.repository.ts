import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { UNSAVED_CHARITY_PROFILE, type CharityProfileBody, type CharityProfileView } from '@food-link/contracts';
import type { DataSource } from 'typeorm';
import { haversineKmSql } from '../common/sql';

interface ProfileRow {
  governorates: string[];
  categories: string[];
  storage: string[];
  base_lat: number | null;
  base_lng: number | null;
  radius_km: number | null;
  phone: string | null;
  quiet_start: string | null;
  quiet_end: string | null;
  chilled_capacity_kg: number | null;
  frozen_capacity_kg: number | null;
  receiving_from: string | null;
  receiving_until: string | null;
  full_today: boolean;
}

/** What matching needs to know of a listing: its category, storage and place (governorate and position, either may be missing). */
export interface MatchableListing {
  category: string;
  storage: string;
  governorate: string | null;
  lat: number | null;
  lng: number | null;
  weight_kg: number | null;
  pickup_from: Date | null;
  pickup_until: Date | null;
}

/**
 * capacityProblem (libs/contracts/src/capacity.ts) in SQL, over `cp`: true when the charity can take the
 * listing whose storage is $2, weight $4, window $5..$6 (a charity that is full today, lacks the storage,
 * has too little fridge or freezer space, or does not receive in the window is not told of it).
 */
const CAN_TAKE_SQL = `(cp.full_on IS DISTINCT FROM (now() AT TIME ZONE 'Africa/Cairo')::date
  AND NOT ($2 = 'chilled' AND cp.chilled_capacity_kg IS NOT NULL AND (cp.chilled_capacity_kg = 0 OR coalesce($4::numeric, 0) > cp.chilled_capacity_kg))
  AND NOT ($2 = 'frozen' AND cp.frozen_capacity_kg IS NOT NULL AND (cp.frozen_capacity_kg = 0 OR coalesce($4::numeric, 0) > cp.frozen_capacity_kg))
  AND (cp.receiving_from IS NULL OR $5::timestamptz IS NULL OR $6::timestamptz IS NULL
       OR CASE WHEN ($6::timestamptz AT TIME ZONE 'Africa/Cairo')::time > ($5::timestamptz AT TIME ZONE 'Africa/Cairo')::time
               THEN ($5::timestamptz AT TIME ZONE 'Africa/Cairo')::time < cp.receiving_until AND ($6::timestamptz AT TIME ZONE 'Africa/Cairo')::time > cp.receiving_from
               ELSE ($5::timestamptz AT TIME ZONE 'Africa/Cairo')::time < cp.receiving_until OR ($6::timestamptz AT TIME ZONE 'Africa/Cairo')::time > cp.receiving_from END))`;

const COLUMNS = `governorates, categories, storage, base_lat, base_lng, radius_km, phone, quiet_start::text, quiet_end::text,
  chilled_capacity_kg::float8 AS chilled_capacity_kg, frozen_capacity_kg::float8 AS frozen_capacity_kg,
  receiving_from::text, receiving_until::text, coalesce(full_on = (now() AT TIME ZONE 'Africa/Cairo')::date, false) AS full_today`;

/** `HH:MM` of a stored `time` (tests may store seconds; the API shows minutes). */
const minutes = (clock: string) => clock.slice(0, 5);

function view(row: ProfileRow): CharityProfileView {
  return {
    saved: true,
    governorates: row.governorates,
    categories: row.categories,
    storage: row.storage,
    base_lat: row.base_lat,
    base_lng: row.base_lng,
    radius_km: row.radius_km,
    phone: row.phone,
    quiet_hours: row.quiet_start && row.quiet_end ? { start: minutes(row.quiet_start), end: minutes(row.quiet_end) } : null,
    chilled_capacity_kg: row.chilled_capacity_kg,
    frozen_capacity_kg: row.frozen_capacity_kg,
    receiving_hours: row.receiving_from && row.receiving_until ? { from: minutes(row.receiving_from), until: minutes(row.receiving_until) } : null,
    full_today: row.full_today,
  };
}

/** `charity_profiles`: a charity's matching profile, and matching listings against all of them. */
@Injectable()
export class CharityProfilesRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  async find(userId: number): Promise<CharityProfileView> {
    const [row] = await this.db.query<ProfileRow[]>(`SELECT ${COLUMNS} FROM charity_profiles WHERE user_id = $1`, [userId]);
    return row ? view(row) : UNSAVED_CHARITY_PROFILE;
  }

  async save(userId: number, body: CharityProfileBody): Promise<CharityProfileView> {
    const [row] = await this.db.query<ProfileRow[]>(
      `INSERT INTO charity_profiles (user_id, governorates, categories, storage, base_lat, base_lng, radius_km, phone, quiet_start, quiet_end,
                                     chilled_capacity_kg, frozen_capacity_kg, receiving_from, receiving_until, full_on)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14,
               CASE WHEN $15::boolean THEN (now() AT TIME ZONE 'Africa/Cairo')::date END)
       ON CONFLICT (user_id) DO UPDATE SET
         governorates = EXCLUDED.governorates, categories = EXCLUDED.categories, storage = EXCLUDED.storage,
         base_lat = EXCLUDED.base_lat, base_lng = EXCLUDED.base_lng, radius_km = EXCLUDED.radius_km, phone = EXCLUDED.phone,
         quiet_start = EXCLUDED.quiet_start, quiet_end = EXCLUDED.quiet_end,
         chilled_capacity_kg = EXCLUDED.chilled_capacity_kg, frozen_capacity_kg = EXCLUDED.frozen_capacity_kg,
         receiving_from = EXCLUDED.receiving_from, receiving_until = EXCLUDED.receiving_until, full_on = EXCLUDED.full_on, updated_at = now()
       RETURNING ${COLUMNS}`,
      [
        userId,
        body.governorates,
        body.categories,
        body.storage,
        body.base_lat ?? null,
        body.base_lng ?? null,
        body.radius_km ?? null,
        body.phone ?? null,
        body.quiet_hours?.start ?? null,
        body.quiet_hours?.end ?? null,
        body.chilled_capacity_kg ?? null,
        body.frozen_capacity_kg ?? null,
        body.receiving_hours?.from ?? null,
        body.receiving_hours?.until ?? null,
        body.full_today ?? false,
      ],
    );
    return view(row);
  }

  /**
   * The charities whose profile fits the listing: its category and storage among theirs, that can take it
   * (CAN_TAKE_SQL: capacity, receiving hours, not full today), and its governorate among theirs or its pickup point within their radius of their base; live accounts only
   * (a deleted account, or one an operator suspended, is never matched), less `exclude`. One statement over the GIN and GiST indexes
   * (migration 1764650000000): the box narrows the radius matches, the haversine distance decides.
   */
  async matching(listing: MatchableListing, exclude: readonly number[]): Promise<number[]> {
    const params: unknown[] = [listing.category, listing.storage, exclude, listing.weight_kg, listing.pickup_from, listing.pickup_until];
    const places: string[] = [];
    if (listing.governorate) {
      params.push(listing.governorate);
      places.push(`cp.governorates @> ARRAY[$${params.length}::text]`);
    }
    if (listing.lat !== null && listing.lng !== null) {
      params.push(listing.lat, listing.lng);
      const lat = `$${params.length - 1}::float8`;
      const lng = `$${params.length}::float8`;
      places.push(`(cp.reach @> point(${lng}, ${lat}) AND ${haversineKmSql('cp.base_lat', 'cp.base_lng', lat, lng)} <= cp.radius_km)`);
    }
    if (places.length === 0) return [];
    const rows = await this.db.query<{ user_id: number }[]>(
      `SELECT cp.user_id
         FROM charity_profiles cp
         JOIN users u ON u.id = cp.user_id AND u.deleted_at IS NULL AND u.suspended_at IS NULL AND u.user_type = 'charity'
         -- A charity that cannot claim (suspended, or claiming suspended after no-shows) is not told of food.
         JOIN charities c ON c.user_id = cp.user_id AND c.verification_status <> 'suspended'
          AND (c.claiming_suspended_until IS NULL OR c.claiming_suspended_until <= now())
        WHERE cp.categories @> ARRAY[$1::text] AND cp.storage @> ARRAY[$2::text]
          AND (${places.join(' OR ')})
          AND ${CAN_TAKE_SQL}
          AND cp.user_id <> ALL($3::int[])
        ORDER BY cp.user_id`,
      params,
    );
    return rows.map((row) => row.user_id);
  }
}
