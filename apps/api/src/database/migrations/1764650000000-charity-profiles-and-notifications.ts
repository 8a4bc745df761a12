import { FOOD_CATEGORIES, GOVERNORATE_CODES, LANGUAGES, MAX_RADIUS_KM, NOTIFICATION_TYPES, STORAGE_KINDS } from '@food-link/contracts';
import { MigrationInterface, QueryRunner } from 'typeorm';

const list = (values: readonly string[]) => values.map((value) => `'${value}'`).join(', ');

/** Kilometres per degree of latitude (and of longitude at the equator). */
export const KM_PER_DEGREE = 111.32;

/**
 * Reaching charities who are not looking (docs/NOTIFICATIONS.md): each charity's matching profile, the
 * in-app notifications, and every user's choices of what reaches them by which channel.
 *
 * Matching a listing against thousands of profiles is one indexed statement: GIN indexes on the arrays
 * (governorates, categories, storage) and a GiST index on `reach`, the box of latitudes and longitudes
 * within `radius_km` of the base (computed from the base, so never out of step), which narrows the
 * radius matches before the exact great-circle distance is checked. No extension is needed.
 */
export class CharityProfilesAndNotifications1764650000000 implements MigrationInterface {
  name = 'CharityProfilesAndNotifications1764650000000';

  async up(db: QueryRunner): Promise<void> {
    const degreesLat = `radius_km / ${KM_PER_DEGREE}`;
    const degreesLng = `radius_km / (${KM_PER_DEGREE} * cos(radians(base_lat)))`;
    await db.query(`
      CREATE TABLE charity_profiles (
        user_id int PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
        governorates text[] NOT NULL CHECK (cardinality(governorates) > 0 AND governorates <@ ARRAY[${list(GOVERNORATE_CODES)}]::text[]),
        categories text[] NOT NULL CHECK (cardinality(categories) > 0 AND categories <@ ARRAY[${list(FOOD_CATEGORIES)}]::text[]),
        storage text[] NOT NULL CHECK (cardinality(storage) > 0 AND storage <@ ARRAY[${list(STORAGE_KINDS)}]::text[]),
        base_lat double precision,
        base_lng double precision,
        radius_km double precision CHECK (radius_km > 0 AND radius_km <= ${MAX_RADIUS_KM}),
        phone varchar(13) CHECK (phone ~ '^\\+201[0125][0-9]{8}$'),
        quiet_start time,
        quiet_end time,
        reach box GENERATED ALWAYS AS (
          CASE WHEN radius_km IS NOT NULL THEN
            box(point(base_lng - ${degreesLng}, base_lat - ${degreesLat}), point(base_lng + ${degreesLng}, base_lat + ${degreesLat}))
          END) STORED,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        CHECK ((base_lat IS NULL) = (base_lng IS NULL) AND (base_lat IS NULL) = (radius_km IS NULL)),
        CHECK ((quiet_start IS NULL) = (quiet_end IS NULL)),
        CHECK (quiet_start <> quiet_end)
      )`);
    await db.query(`CREATE INDEX charity_profiles_governorates_idx ON charity_profiles USING gin (governorates)`);
    await db.query(`CREATE INDEX charity_profiles_categories_idx ON charity_profiles USING gin (categories)`);
    await db.query(`CREATE INDEX charity_profiles_storage_idx ON charity_profiles USING gin (storage)`);
    await db.query(`CREATE INDEX charity_profiles_reach_idx ON charity_profiles USING gist (reach) WHERE reach IS NOT NULL`);

    await db.query(`
      CREATE TABLE notification_preferences (
        user_id int PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
        language varchar(2) NOT NULL CHECK (language IN (${list(LANGUAGES)})),
        choices jsonb NOT NULL,
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);

    // One row per notification and user: `key` is what it is about (the event, or the reminder), so a job
    // that runs twice inserts nothing the second time.
    await db.query(`
      CREATE TABLE notifications (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        user_id int NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        key varchar(200) NOT NULL,
        type varchar(40) NOT NULL CHECK (type IN (${list(NOTIFICATION_TYPES)})),
        data jsonb NOT NULL,
        food_id int,
        created_at timestamptz NOT NULL DEFAULT now(),
        read_at timestamptz,
        UNIQUE (user_id, key)
      )`);
    await db.query(`CREATE INDEX notifications_user_idx ON notifications (user_id, created_at DESC, id DESC)`);
    await db.query(`CREATE INDEX notifications_unread_idx ON notifications (user_id) WHERE read_at IS NULL`);
    await db.query(`CREATE INDEX notifications_food_idx ON notifications (food_id, type) WHERE food_id IS NOT NULL`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP TABLE notifications`);
    await db.query(`DROP TABLE notification_preferences`);
    await db.query(`DROP TABLE charity_profiles`);
  }
}
