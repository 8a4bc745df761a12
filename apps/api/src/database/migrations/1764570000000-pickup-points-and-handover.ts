import { ALLERGENS, EGYPT_BOUNDS, FOOD_CATEGORIES, FOOD_UNITS, GOVERNORATE_CODES, LIMITS, STORAGE_KINDS } from '@food-link/contracts';
import { MigrationInterface, QueryRunner } from 'typeorm';

const list = (values: readonly string[]) => values.map((value) => `'${value}'`).join(', ');

/**
 * Food a charity can act on (docs/DOMAIN-RULES.md): donors' pickup points; where, when and what a listing is and how
 * long it is safe (`safe_until`, computed by the API); photos; heatwave overrides of the climate normals;
 * and the handover: pickup codes, what the charity received, late cancellations, when a request ended
 * (for reliability), and the claim limit kept by a trigger on the charity's row.
 *
 * The new enum values (`withdrawn`, `not_collected`) cannot be used before this transaction commits
 * (migrations run in one): nothing here uses them.
 */
export class PickupPointsAndHandover1764570000000 implements MigrationInterface {
  name = 'PickupPointsAndHandover1764570000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`ALTER TYPE food_status ADD VALUE 'withdrawn'`);
    await db.query(`ALTER TYPE request_status ADD VALUE 'withdrawn'`);
    await db.query(`ALTER TYPE request_status ADD VALUE 'not_collected'`);
    await db.query(`CREATE TYPE food_category AS ENUM (${list(FOOD_CATEGORIES)})`);
    await db.query(`CREATE TYPE storage_kind AS ENUM (${list(STORAGE_KINDS)})`);
    await db.query(`CREATE TYPE food_unit AS ENUM (${list(FOOD_UNITS)})`);

    await db.query(`
      CREATE TABLE pickup_points (
        id int GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        donor_id int NOT NULL REFERENCES users (id),
        label varchar(${LIMITS.labelMaxLength}) NOT NULL CHECK (btrim(label) <> ''),
        governorate varchar(6) NOT NULL CHECK (governorate IN (${list(GOVERNORATE_CODES)})),
        area varchar(${LIMITS.areaMaxLength}) NOT NULL CHECK (btrim(area) <> ''),
        address_line varchar(${LIMITS.addressMaxLength}) NOT NULL CHECK (btrim(address_line) <> ''),
        landmark varchar(${LIMITS.landmarkMaxLength}),
        lat double precision CHECK (lat BETWEEN ${EGYPT_BOUNDS.minLat} AND ${EGYPT_BOUNDS.maxLat}),
        lng double precision CHECK (lng BETWEEN ${EGYPT_BOUNDS.minLng} AND ${EGYPT_BOUNDS.maxLng}),
        contact_name varchar(${LIMITS.nameMaxLength}) NOT NULL CHECK (btrim(contact_name) <> ''),
        contact_phone varchar(13) NOT NULL CHECK (contact_phone ~ '^\\+201[0125][0-9]{8}$'),
        notes varchar(${LIMITS.notesMaxLength}),
        is_default boolean NOT NULL DEFAULT false,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        deleted_at timestamptz,
        CHECK ((lat IS NULL) = (lng IS NULL))
      )`);
    // Deleting a point only hides it (deleted_at): past listings and their pickup details keep their place.
    await db.query(`CREATE INDEX pickup_points_donor_idx ON pickup_points (donor_id, id) WHERE deleted_at IS NULL`);
    await db.query(`CREATE UNIQUE INDEX pickup_points_one_default ON pickup_points (donor_id) WHERE is_default AND deleted_at IS NULL`);

    await db.query(`
      ALTER TABLE food_items
        ADD COLUMN pickup_point_id int REFERENCES pickup_points (id),
        ADD COLUMN pickup_from timestamptz,
        ADD COLUMN pickup_until timestamptz,
        ADD COLUMN category food_category NOT NULL DEFAULT 'other',
        ADD COLUMN storage storage_kind NOT NULL DEFAULT 'ambient',
        ADD COLUMN prepared_at timestamptz,
        ADD COLUMN unit food_unit NOT NULL DEFAULT 'portion',
        ADD COLUMN weight_kg numeric(7, 2) CHECK (weight_kg > 0 AND weight_kg <= ${LIMITS.weightKgMax}),
        ADD COLUMN allergens text[] NOT NULL DEFAULT '{}' CHECK (allergens <@ ARRAY[${list(ALLERGENS)}]::text[]),
        ADD COLUMN safe_until timestamptz,
        ADD CONSTRAINT food_items_window_check
          CHECK ((pickup_from IS NULL) = (pickup_until IS NULL) AND (pickup_until IS NULL OR pickup_until > pickup_from)),
        ADD CONSTRAINT food_items_weight_check CHECK (unit NOT IN ('item', 'tray') OR weight_kg IS NOT NULL),
        ADD CONSTRAINT food_items_prepared_check CHECK (category <> 'cooked_meal' OR prepared_at IS NOT NULL)`);
    // Listings from before this stage: safe through the end of their date in Cairo.
    await db.query(`UPDATE food_items SET safe_until = (expiration_date + 1)::timestamp AT TIME ZONE 'Africa/Cairo'`);
    await db.query(`ALTER TABLE food_items ALTER COLUMN safe_until SET NOT NULL`);
    await db.query(`CREATE INDEX food_items_safe_until_idx ON food_items (safe_until) WHERE status = 'available'`);
    await db.query(`CREATE INDEX food_items_pickup_point_idx ON food_items (pickup_point_id) WHERE pickup_point_id IS NOT NULL`);

    await db.query(`
      CREATE TABLE food_photos (
        food_id int NOT NULL REFERENCES food_items (id) ON DELETE CASCADE,
        position smallint NOT NULL CHECK (position >= 0 AND position < ${LIMITS.photosPerItem}),
        name varchar(100) NOT NULL UNIQUE,
        thumbnail_name varchar(100) NOT NULL UNIQUE,
        width int NOT NULL,
        height int NOT NULL,
        bytes int NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (food_id, position)
      )`);

    await db.query(`
      CREATE TABLE heat_overrides (
        governorate varchar(6) NOT NULL CHECK (governorate IN (${list(GOVERNORATE_CODES)})),
        date date NOT NULL,
        high_c numeric(4, 1) NOT NULL,
        set_by int REFERENCES users (id),
        created_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (governorate, date)
      )`);

    await db.query(`
      ALTER TABLE pickup_requests
        ADD COLUMN pickup_code varchar(6) CHECK (pickup_code ~ '^[0-9]{4,6}$'),
        ADD COLUMN collect_by timestamptz,
        ADD COLUMN ended_at timestamptz,
        ADD COLUMN late_cancellation boolean NOT NULL DEFAULT false,
        ADD COLUMN received_quantity int CHECK (received_quantity >= 0 AND received_quantity <= ${LIMITS.quantityMax}),
        ADD COLUMN received_weight_kg numeric(7, 2) CHECK (received_weight_kg > 0 AND received_weight_kg <= ${LIMITS.weightKgMax}),
        ADD COLUMN received_comment varchar(${LIMITS.commentMaxLength}),
        ADD COLUMN received_at timestamptz`);
    await db.query(`UPDATE pickup_requests SET ended_at = updated_at WHERE status <> 'pending'`);
    await db.query(`CREATE INDEX pickup_requests_ended_idx ON pickup_requests (charity_id, ended_at) WHERE ended_at IS NOT NULL`);

    // Reliability (docs/DOMAIN-RULES.md, "Reliability") over the last 90 days, by when each request ended. The statuses are compared
    // as text: the new enum values cannot be named as enum literals before this transaction commits.
    await db.query(`
      CREATE VIEW charity_reliability AS
      SELECT charity_id,
             count(*) FILTER (WHERE status::text = 'fulfilled')::int AS completed,
             count(*) FILTER (WHERE status::text = 'not_collected')::int AS no_shows,
             count(*) FILTER (WHERE status::text = 'cancelled' AND late_cancellation)::int AS late_cancellations
        FROM pickup_requests
       WHERE ended_at > now() - interval '${LIMITS.reliabilityDays} days'
       GROUP BY charity_id`);

    // The claim limit: a charity's pending requests, counted on its row. The conditional UPDATE re-reads
    // the row after waiting for its lock, so simultaneous claims by one charity cannot pass the limit
    // together (a count of its requests in the claim's statement could: its snapshot predates the wait).
    await db.query(`
      ALTER TABLE charities
        ADD COLUMN active_claims int NOT NULL DEFAULT 0 CHECK (active_claims >= 0),
        ADD COLUMN claim_limit int NOT NULL DEFAULT ${LIMITS.activeClaimsMax} CHECK (claim_limit >= 0)`);
    await db.query(`
      UPDATE charities c SET active_claims =
        (SELECT count(*) FROM pickup_requests r WHERE r.charity_id = c.user_id AND r.status = 'pending')`);
    await db.query(`
      CREATE FUNCTION pickup_requests_claim_slots() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_OP IN ('UPDATE', 'DELETE') AND OLD.status = 'pending' THEN
          UPDATE charities SET active_claims = active_claims - 1 WHERE user_id = OLD.charity_id;
        END IF;
        IF TG_OP IN ('INSERT', 'UPDATE') AND NEW.status = 'pending' THEN
          UPDATE charities SET active_claims = active_claims + 1
           WHERE user_id = NEW.charity_id AND active_claims < claim_limit;
          IF NOT FOUND THEN
            RAISE EXCEPTION 'The charity already holds its limit of active claims' USING ERRCODE = 'FLCLM';
          END IF;
        END IF;
        RETURN NULL;
      END $$`);
    await db.query(`
      CREATE TRIGGER pickup_requests_claim_slots
        AFTER INSERT OR DELETE OR UPDATE OF status ON pickup_requests
        FOR EACH ROW EXECUTE FUNCTION pickup_requests_claim_slots()`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP VIEW charity_reliability`);
    await db.query(`DROP TRIGGER pickup_requests_claim_slots ON pickup_requests`);
    await db.query(`DROP FUNCTION pickup_requests_claim_slots()`);
    await db.query(`ALTER TABLE charities DROP COLUMN active_claims, DROP COLUMN claim_limit`);
    await db.query(`
      ALTER TABLE pickup_requests
        DROP COLUMN pickup_code, DROP COLUMN collect_by, DROP COLUMN ended_at, DROP COLUMN late_cancellation,
        DROP COLUMN received_quantity, DROP COLUMN received_weight_kg, DROP COLUMN received_comment, DROP COLUMN received_at`);
    await db.query(`DROP TABLE heat_overrides`);
    await db.query(`DROP TABLE food_photos`);
    await db.query(`
      ALTER TABLE food_items
        DROP CONSTRAINT food_items_window_check, DROP CONSTRAINT food_items_weight_check, DROP CONSTRAINT food_items_prepared_check,
        DROP COLUMN pickup_point_id, DROP COLUMN pickup_from, DROP COLUMN pickup_until, DROP COLUMN category,
        DROP COLUMN storage, DROP COLUMN prepared_at, DROP COLUMN unit, DROP COLUMN weight_kg, DROP COLUMN allergens,
        DROP COLUMN safe_until`);
    await db.query(`DROP TABLE pickup_points`);
    await db.query(`DROP TYPE food_unit`);
    await db.query(`DROP TYPE storage_kind`);
    await db.query(`DROP TYPE food_category`);
    // PostgreSQL cannot drop enum values: 'withdrawn' and 'not_collected' stay (unused) after a rollback.
  }
}
