import { MigrationInterface, QueryRunner } from 'typeorm';

/** The claim-slot trigger's function, with or without the pause check (up, down). */
const claimSlots = (pauseCheck: string) => `
  CREATE OR REPLACE FUNCTION pickup_requests_claim_slots() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    IF TG_OP IN ('UPDATE', 'DELETE') AND OLD.status = 'pending' THEN
      UPDATE charities SET active_claims = active_claims - 1 WHERE user_id = OLD.charity_id;
    END IF;
    IF TG_OP IN ('INSERT', 'UPDATE') AND NEW.status = 'pending' THEN
      UPDATE charities SET active_claims = active_claims + 1
       WHERE user_id = NEW.charity_id AND active_claims < claim_limit AND NOT account_suspended${pauseCheck};
      IF NOT FOUND THEN
        RAISE EXCEPTION 'The charity already holds its limit of active claims' USING ERRCODE = 'FLCLM';
      END IF;
    END IF;
    RETURN NULL;
  END $$`;

/**
 * Claim and cancel at once is how a charity could collect donors' private addresses, one claim at a time
 * (docs/DOMAIN-RULES.md, "Who sees what"): a charity that cancels QUICK_CANCELS_MAX (3) claims within
 * LIMITS.quickCancelMinutes of making them, over LIMITS.quickCancelWindowHours, has its claiming paused
 * until `charities.claims_paused_until`. The claim-slot trigger refuses a claim while it is paused, on
 * the row it already locks, so the claim keeps its one statement and a claim racing the pause cannot pass.
 */
export class QuickCancelPause1764651300000 implements MigrationInterface {
  name = 'QuickCancelPause1764651300000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`ALTER TABLE charities ADD COLUMN claims_paused_until timestamptz`);
    await db.query(claimSlots(' AND (claims_paused_until IS NULL OR claims_paused_until <= now())'));
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(claimSlots(''));
    await db.query(`ALTER TABLE charities DROP COLUMN claims_paused_until`);
  }
}
