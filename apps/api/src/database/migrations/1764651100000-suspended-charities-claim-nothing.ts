import { MigrationInterface, QueryRunner } from 'typeorm';

/** The claim-slot trigger's function, with or without the account check (up, down). */
const claimSlots = (accountCheck: string) => `
  CREATE OR REPLACE FUNCTION pickup_requests_claim_slots() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    IF TG_OP IN ('UPDATE', 'DELETE') AND OLD.status = 'pending' THEN
      UPDATE charities SET active_claims = active_claims - 1 WHERE user_id = OLD.charity_id;
    END IF;
    IF TG_OP IN ('INSERT', 'UPDATE') AND NEW.status = 'pending' THEN
      UPDATE charities SET active_claims = active_claims + 1
       WHERE user_id = NEW.charity_id AND active_claims < claim_limit${accountCheck};
      IF NOT FOUND THEN
        RAISE EXCEPTION 'The charity already holds its limit of active claims' USING ERRCODE = 'FLCLM';
      END IF;
    END IF;
    RETURN NULL;
  END $$`;

/**
 * A charity whose account an operator suspends holds no claims (docs/DOMAIN-RULES.md, "Trust: moderation"):
 * the suspension cancels its pending claims, and `charities.account_suspended`, set in the same
 * transaction on the charity's row, makes the claim-slot trigger refuse any claim of it. The flag is on the
 * row the trigger updates under its lock, so a claim racing the suspension either commits first (and the
 * suspension, waiting for that row, then finds and cancels it) or waits and is refused: the session check
 * alone could not close that window (other API processes cache sessions for SESSION_USER_TTL_MS).
 */
export class SuspendedCharitiesClaimNothing1764651100000 implements MigrationInterface {
  name = 'SuspendedCharitiesClaimNothing1764651100000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`ALTER TABLE charities ADD COLUMN account_suspended boolean NOT NULL DEFAULT false`);
    await db.query(`UPDATE charities c SET account_suspended = true FROM users u WHERE u.id = c.user_id AND u.suspended_at IS NOT NULL`);
    await db.query(claimSlots(' AND NOT account_suspended'));
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(claimSlots(''));
    await db.query(`ALTER TABLE charities DROP COLUMN account_suspended`);
  }
}
