import { ACTIVITY_ACTIONS, LIMITS, ORG_KINDS, ORG_ROLES } from '@food-link/contracts';
import { MigrationInterface, QueryRunner } from 'typeorm';

const list = (values: readonly string[]) => values.map((value) => `'${value}'`).join(', ');

/**
 * Organisations (docs/ORGANISATIONS.md). An organisation acts through its account, the user row it was made
 * from: listings, pickup points and claims still name that account, and its members act for it. Every
 * existing donor and charity account becomes the admin of an organisation of its own (named as the account),
 * so nothing it did changes. Members who joined by invitation are users of the organisation's kind but not
 * accounts (`users.member_only`): their names need not be unique among charities.
 *
 * The member who acted is recorded beside the account: `food_items.listed_by`, `pickup_requests.claimed_by`,
 * `assignee_id` (the volunteer who goes), `collected_by` (the member who confirmed the handover).
 */
export class Organisations1764651500000 implements MigrationInterface {
  name = 'Organisations1764651500000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`ALTER TABLE users ADD COLUMN member_only boolean NOT NULL DEFAULT false`);
    await db.query(`DROP INDEX users_charity_name_key`);
    await db.query(`CREATE UNIQUE INDEX users_charity_name_key ON users (lower(name)) WHERE user_type = 'charity' AND NOT member_only`);

    await db.query(`
      CREATE TABLE organisations (
        id int GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        kind varchar(7) NOT NULL CHECK (kind IN (${list(ORG_KINDS)})),
        name varchar(${LIMITS.nameMaxLength}) NOT NULL CHECK (btrim(name) <> ''),
        account_id int NOT NULL UNIQUE REFERENCES users (id),
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await db.query(`
      CREATE TABLE organisation_members (
        user_id int PRIMARY KEY REFERENCES users (id),
        organisation_id int NOT NULL REFERENCES organisations (id),
        role varchar(14) NOT NULL CHECK (role IN (${list(ORG_ROLES)})),
        pickup_point_ids int[] NOT NULL DEFAULT '{}',
        joined_at timestamptz NOT NULL DEFAULT now()
      )`);
    await db.query(`CREATE INDEX organisation_members_org_idx ON organisation_members (organisation_id, user_id)`);
    await db.query(`
      CREATE TABLE organisation_invitations (
        id int GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        organisation_id int NOT NULL REFERENCES organisations (id),
        token_hash bytea NOT NULL UNIQUE,
        email varchar(${LIMITS.emailMaxLength}) NOT NULL CHECK (email = lower(email)),
        role varchar(14) NOT NULL CHECK (role IN (${list(ORG_ROLES)})),
        pickup_point_ids int[] NOT NULL DEFAULT '{}',
        invited_by int REFERENCES users (id),
        created_at timestamptz NOT NULL DEFAULT now(),
        expires_at timestamptz NOT NULL,
        accepted_at timestamptz,
        accepted_by int REFERENCES users (id),
        withdrawn_at timestamptz
      )`);
    await db.query(
      `CREATE INDEX organisation_invitations_pending_idx ON organisation_invitations (organisation_id, id) WHERE accepted_at IS NULL AND withdrawn_at IS NULL`,
    );
    await db.query(`
      CREATE TABLE organisation_activity (
        id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        organisation_id int NOT NULL REFERENCES organisations (id),
        at timestamptz NOT NULL DEFAULT now(),
        action varchar(20) NOT NULL CHECK (action IN (${list(ACTIVITY_ACTIONS)})),
        actor_id int REFERENCES users (id),
        subject varchar(200) NOT NULL,
        food_id int,
        request_id int,
        member_id int,
        pickup_point_id int
      )`);
    await db.query(`CREATE INDEX organisation_activity_org_idx ON organisation_activity (organisation_id, id DESC)`);

    await db.query(`ALTER TABLE food_items ADD COLUMN listed_by int REFERENCES users (id)`);
    await db.query(`
      ALTER TABLE pickup_requests
        ADD COLUMN claimed_by int REFERENCES users (id),
        ADD COLUMN assignee_id int REFERENCES users (id),
        ADD COLUMN collected_by int REFERENCES users (id)`);
    await db.query(`CREATE INDEX pickup_requests_assignee_idx ON pickup_requests (assignee_id, id DESC) WHERE assignee_id IS NOT NULL`);

    await db.query(`
      INSERT INTO organisations (kind, name, account_id, created_at)
      SELECT user_type::text, name, id, created_at FROM users WHERE user_type IN ('donor', 'charity') ORDER BY id`);
    await db.query(`
      INSERT INTO organisation_members (user_id, organisation_id, role, joined_at)
      SELECT account_id, id, 'admin', created_at FROM organisations`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`ALTER TABLE pickup_requests DROP COLUMN claimed_by, DROP COLUMN assignee_id, DROP COLUMN collected_by`);
    await db.query(`ALTER TABLE food_items DROP COLUMN listed_by`);
    await db.query(`DROP TABLE organisation_activity`);
    await db.query(`DROP TABLE organisation_invitations`);
    await db.query(`DROP TABLE organisation_members`);
    await db.query(`DROP TABLE organisations`);
    await db.query(`DROP INDEX users_charity_name_key`);
    await db.query(`CREATE UNIQUE INDEX users_charity_name_key ON users (lower(name)) WHERE user_type = 'charity'`);
    await db.query(`ALTER TABLE users DROP COLUMN member_only`);
  }
}
