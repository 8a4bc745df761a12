import { TRANSPORT_LIMITS, TRANSPORT_OFFER_STATES, VEHICLES } from '@food-link/contracts';
import { MigrationInterface, QueryRunner } from 'typeorm';

const list = (values: readonly string[]) => values.map((value) => `'${value}'`).join(', ');

/**
 * Getting the food there (issue 28; docs/DOMAIN-RULES.md, "Volunteers and their trips"):
 * - `volunteer_profiles`: a volunteer's vehicle, what it carries, where and when they collect;
 * - `transport_offers`: a claim offered to the charity's volunteers whose vehicle and area fit (`told`).
 *   At most one open offer per claim; accepting is a conditional update of the open row, so of many
 *   volunteers accepting at once exactly one wins;
 * - `request_trips`: the assigned volunteer's way to the food (on the way with an ETA, delivered);
 * - `trip_orders`: the order a volunteer chose for a day's pickups.
 */
export class Transport1764651840000 implements MigrationInterface {
  name = 'Transport1764651840000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE volunteer_profiles (
        user_id int PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
        vehicle varchar(9) NOT NULL CHECK (vehicle IN (${list(VEHICLES)})),
        capacity_kg numeric(7, 2) NOT NULL CHECK (capacity_kg > 0 AND capacity_kg <= ${TRANSPORT_LIMITS.capacityKgMax}),
        governorates varchar(6)[] NOT NULL CHECK (cardinality(governorates) > 0),
        hours_from time NOT NULL,
        hours_until time NOT NULL CHECK (hours_until > hours_from),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await db.query(`
      CREATE TABLE transport_offers (
        id int GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        request_id int NOT NULL REFERENCES pickup_requests (id) ON DELETE CASCADE,
        charity_id int NOT NULL REFERENCES users (id),
        offered_by int REFERENCES users (id) ON DELETE SET NULL,
        note varchar(${TRANSPORT_LIMITS.noteMax}),
        told int[] NOT NULL,
        declined int[] NOT NULL DEFAULT '{}',
        state varchar(9) NOT NULL DEFAULT 'open' CHECK (state IN (${list(TRANSPORT_OFFER_STATES)})),
        created_at timestamptz NOT NULL DEFAULT now(),
        expires_at timestamptz NOT NULL,
        accepted_by int REFERENCES users (id) ON DELETE SET NULL,
        ended_at timestamptz
      )`);
    // One open offer per claim.
    await db.query(`CREATE UNIQUE INDEX transport_offers_one_open ON transport_offers (request_id) WHERE state = 'open'`);
    await db.query(`CREATE INDEX transport_offers_told_idx ON transport_offers USING gin (told) WHERE state = 'open'`);
    await db.query(`
      CREATE TABLE request_trips (
        request_id int PRIMARY KEY REFERENCES pickup_requests (id) ON DELETE CASCADE,
        volunteer_id int NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        on_the_way_at timestamptz,
        eta_at timestamptz,
        delivered_at timestamptz
      )`);
    await db.query(`
      CREATE TABLE trip_orders (
        volunteer_id int NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        trip_date date NOT NULL,
        request_ids int[] NOT NULL,
        updated_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (volunteer_id, trip_date)
      )`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP TABLE trip_orders`);
    await db.query(`DROP TABLE request_trips`);
    await db.query(`DROP TABLE transport_offers`);
    await db.query(`DROP TABLE volunteer_profiles`);
  }
}
