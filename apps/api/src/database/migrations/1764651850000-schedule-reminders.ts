import { NOTIFICATION_TYPES } from '@food-link/contracts';
import { MigrationInterface, QueryRunner } from 'typeorm';

const list = (values: readonly string[]) => values.map((value) => `'${value}'`).join(', ');

/**
 * The donors' reminders of their standing collections (issue 29; docs/DOMAIN-RULES.md, "Standing
 * collections"): `schedule_occurrences.reminded_at` is set, under the day's row lock, by the one
 * transaction that reminds the day, so that a day is reminded once whatever workers race for it; and
 * `notifications.type` takes `schedule.reminder` (its check is made again from the contract's list).
 */
export class ScheduleReminders1764651850000 implements MigrationInterface {
  name = 'ScheduleReminders1764651850000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`ALTER TABLE schedule_occurrences ADD COLUMN reminded_at timestamptz`);
    await db.query(`ALTER TABLE notifications DROP CONSTRAINT IF EXISTS notifications_type_check`);
    await db.query(`ALTER TABLE notifications ADD CONSTRAINT notifications_type_check CHECK (type IN (${list(NOTIFICATION_TYPES)}))`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DELETE FROM notifications WHERE type = 'schedule.reminder'`);
    await db.query(`ALTER TABLE notifications DROP CONSTRAINT IF EXISTS notifications_type_check`);
    await db.query(`ALTER TABLE notifications ADD CONSTRAINT notifications_type_check CHECK (type IN (${list(NOTIFICATION_TYPES.filter((type) => type !== 'schedule.reminder'))}))`);
    await db.query(`ALTER TABLE schedule_occurrences DROP COLUMN reminded_at`);
  }
}
