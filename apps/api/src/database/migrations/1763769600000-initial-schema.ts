import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Users, charities, food items and pickup requests. The database itself enforces the rules it can:
 * case-insensitive unique e-mail, unique charity name, positive bounded quantities, status enums,
 * and at most one active (pending or fulfilled) request per food item.
 */
export class InitialSchema1763769600000 implements MigrationInterface {
  name = 'InitialSchema1763769600000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`CREATE TYPE user_type AS ENUM ('donor', 'charity', 'operator')`);
    await db.query(`CREATE TYPE food_status AS ENUM ('available', 'claimed', 'expired')`);
    await db.query(`CREATE TYPE request_status AS ENUM ('pending', 'fulfilled', 'cancelled')`);

    await db.query(`
      CREATE TABLE users (
        id int GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        name varchar(100) NOT NULL CHECK (btrim(name) <> ''),
        email varchar(254) NOT NULL CHECK (email = lower(email) AND position('@' in email) > 1),
        password_hash text NOT NULL,
        user_type user_type NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await db.query(`CREATE UNIQUE INDEX users_email_key ON users (lower(email))`);
    await db.query(`CREATE UNIQUE INDEX users_charity_name_key ON users (lower(name)) WHERE user_type = 'charity'`);

    await db.query(`
      CREATE TABLE charities (
        id int GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        user_id int NOT NULL UNIQUE REFERENCES users (id) ON DELETE CASCADE,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);

    await db.query(`
      CREATE TABLE food_items (
        id int GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        donor_id int NOT NULL REFERENCES users (id),
        food_name varchar(120) NOT NULL CHECK (btrim(food_name) <> ''),
        quantity int NOT NULL CHECK (quantity > 0 AND quantity <= 100000),
        description varchar(1000) NOT NULL CHECK (btrim(description) <> ''),
        expiration_date date NOT NULL,
        status food_status NOT NULL DEFAULT 'available',
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await db.query(`CREATE INDEX food_items_donor_idx ON food_items (donor_id, created_at DESC, id DESC)`);
    await db.query(`CREATE INDEX food_items_available_idx ON food_items (expiration_date, id) WHERE status = 'available'`);

    await db.query(`
      CREATE TABLE pickup_requests (
        id int GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        food_id int NOT NULL REFERENCES food_items (id),
        charity_id int NOT NULL REFERENCES users (id),
        status request_status NOT NULL DEFAULT 'pending',
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await db.query(`
      CREATE UNIQUE INDEX pickup_requests_one_active_per_food
        ON pickup_requests (food_id) WHERE status IN ('pending', 'fulfilled')`);
    await db.query(`CREATE INDEX pickup_requests_charity_idx ON pickup_requests (charity_id, created_at DESC, id DESC)`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP TABLE pickup_requests`);
    await db.query(`DROP TABLE food_items`);
    await db.query(`DROP TABLE charities`);
    await db.query(`DROP TABLE users`);
    await db.query(`DROP TYPE request_status`);
    await db.query(`DROP TYPE food_status`);
    await db.query(`DROP TYPE user_type`);
  }
}
