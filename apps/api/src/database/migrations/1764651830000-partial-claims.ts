import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Partial claims (issue 28; docs/DOMAIN-RULES.md, "Partial claims"): a charity claims part of a listing.
 *
 * - `food_items.quantity_left`: what is still on offer, between 0 and the quantity. The claim takes its
 *   part with a conditional UPDATE (`quantity_left >= n`), which re-reads the row after waiting for its
 *   lock, so simultaneous claims never take more than there is; the CHECK is the database's last word.
 *   A listing stays `available` while anything is left and becomes `claimed` at 0.
 * - `pickup_requests.quantity`: the part each claim holds, given back when the claim ends without a
 *   handover (cancelled, not collected, withdrawn).
 * - One pending claim per charity per listing (`pickup_requests_one_pending_per_charity`) replaces the
 *   one active request per listing (`pickup_requests_one_active_per_food`).
 *
 * Existing data stays valid: a listing with an active (pending or fulfilled) request has 0 left and that
 * request holds the whole quantity; any other listing has all of it left. Rows inserted without the new
 * columns (demo data, older code paths) get the same defaults from BEFORE INSERT triggers that fire only
 * then (`WHEN ... IS NULL`), so the claim itself, which always says its quantity, pays nothing for them.
 */
export class PartialClaims1764651830000 implements MigrationInterface {
  name = 'PartialClaims1764651830000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`ALTER TABLE food_items ADD COLUMN quantity_left int`);
    await db.query(`
      UPDATE food_items f SET quantity_left =
        CASE WHEN f.status = 'claimed' OR EXISTS (
               SELECT 1 FROM pickup_requests r WHERE r.food_id = f.id AND r.status IN ('pending', 'fulfilled'))
             THEN 0 ELSE f.quantity END`);
    await db.query(`
      ALTER TABLE food_items
        ALTER COLUMN quantity_left SET NOT NULL,
        ADD CONSTRAINT food_items_quantity_left_check CHECK (quantity_left >= 0 AND quantity_left <= quantity)`);
    await db.query(`
      CREATE FUNCTION food_items_quantity_left_default() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        NEW.quantity_left := CASE WHEN NEW.status = 'claimed' THEN 0 ELSE NEW.quantity END;
        RETURN NEW;
      END $$`);
    await db.query(`
      CREATE TRIGGER food_items_quantity_left_default
        BEFORE INSERT ON food_items
        FOR EACH ROW WHEN (NEW.quantity_left IS NULL) EXECUTE FUNCTION food_items_quantity_left_default()`);

    await db.query(`ALTER TABLE pickup_requests ADD COLUMN quantity int`);
    await db.query(`UPDATE pickup_requests r SET quantity = f.quantity FROM food_items f WHERE f.id = r.food_id`);
    await db.query(`
      ALTER TABLE pickup_requests
        ALTER COLUMN quantity SET NOT NULL,
        ADD CONSTRAINT pickup_requests_quantity_check CHECK (quantity > 0)`);
    await db.query(`
      CREATE FUNCTION pickup_requests_quantity_default() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        NEW.quantity := (SELECT f.quantity FROM food_items f WHERE f.id = NEW.food_id);
        RETURN NEW;
      END $$`);
    await db.query(`
      CREATE TRIGGER pickup_requests_quantity_default
        BEFORE INSERT ON pickup_requests
        FOR EACH ROW WHEN (NEW.quantity IS NULL) EXECUTE FUNCTION pickup_requests_quantity_default()`);

    await db.query(`DROP INDEX pickup_requests_one_active_per_food`);
    await db.query(`CREATE UNIQUE INDEX pickup_requests_one_pending_per_charity ON pickup_requests (food_id, charity_id) WHERE status = 'pending'`);
    // The listing's claims, earliest first (the spec's calls answer the earliest active one).
    await db.query(`CREATE INDEX pickup_requests_active_by_food_idx ON pickup_requests (food_id, created_at, id) WHERE status IN ('pending', 'fulfilled')`);
  }

  /** Refused (the old unique index cannot be built) while a listing has several active claims: end them first. */
  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP INDEX pickup_requests_active_by_food_idx`);
    await db.query(`DROP INDEX pickup_requests_one_pending_per_charity`);
    await db.query(`CREATE UNIQUE INDEX pickup_requests_one_active_per_food ON pickup_requests (food_id) WHERE status IN ('pending', 'fulfilled')`);
    await db.query(`DROP TRIGGER pickup_requests_quantity_default ON pickup_requests`);
    await db.query(`DROP FUNCTION pickup_requests_quantity_default()`);
    await db.query(`ALTER TABLE pickup_requests DROP COLUMN quantity`);
    await db.query(`DROP TRIGGER food_items_quantity_left_default ON food_items`);
    await db.query(`DROP FUNCTION food_items_quantity_left_default()`);
    await db.query(`ALTER TABLE food_items DROP COLUMN quantity_left`);
  }
}
