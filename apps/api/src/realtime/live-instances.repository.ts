import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';

/** An instance counts as alive until its row is this old (a SIGKILLed instance stops being waited for). */
const ALIVE_FOR = '5 seconds';

/**
 * `realtime_instances`: one row per live API instance (the ones that hold sockets), refreshed every
 * second with the number of sockets it holds. In PostgreSQL, not Redis, so it survives the very Redis
 * restart it is there to see through.
 */
@Injectable()
export class LiveInstancesRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  /** Records the instance as alive now, holding `sockets` sockets. */
  async beat(instanceId: string, sockets: number): Promise<void> {
    await this.db.query(
      `INSERT INTO realtime_instances (id, seen_at, sockets) VALUES ($1, now(), $2)
       ON CONFLICT (id) DO UPDATE SET seen_at = now(), sockets = EXCLUDED.sockets`,
      [instanceId, sockets],
    );
  }

  async remove(instanceId: string): Promise<void> {
    await this.db.query('DELETE FROM realtime_instances WHERE id = $1', [instanceId]);
  }

  /** How many instances are alive. */
  async countAlive(): Promise<number> {
    const [row] = await this.db.query<{ live: number }[]>(
      `SELECT count(*)::int AS live FROM realtime_instances WHERE seen_at > now() - interval '${ALIVE_FOR}'`,
    );
    return row.live;
  }

  /** The sockets held by the live instances other than `instanceId` (as of their last refresh). */
  async socketsElsewhere(instanceId: string): Promise<number> {
    const [row] = await this.db.query<{ sockets: number }[]>(
      `SELECT coalesce(sum(sockets), 0)::int AS sockets
         FROM realtime_instances WHERE seen_at > now() - interval '${ALIVE_FOR}' AND id <> $1`,
      [instanceId],
    );
    return row.sockets;
  }
}
