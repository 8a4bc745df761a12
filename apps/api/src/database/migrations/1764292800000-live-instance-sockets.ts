import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * One registry of live API instances: each instance's row in `realtime_instances` also carries how many
 * sockets it holds, which the operators' snapshot adds up (it was a Redis hash of its own before).
 */
export class LiveInstanceSockets1764292800000 implements MigrationInterface {
  name = 'LiveInstanceSockets1764292800000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`ALTER TABLE realtime_instances ADD COLUMN sockets integer NOT NULL DEFAULT 0`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`ALTER TABLE realtime_instances DROP COLUMN sockets`);
  }
}
