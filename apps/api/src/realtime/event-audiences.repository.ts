import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { SOCKET_ROOMS, type AnyEventEnvelope } from '@food-link/contracts';
import { DataSource } from 'typeorm';
import { orgAudienceOf } from './event-rooms';

/**
 * The organisation rooms of an event (docs/ORGANISATIONS.md, "Live events"), read when it is published:
 * the branch room of the item's pickup point, and the rooms of the claim's assignee and of the members the
 * event names, only while they are members of the claiming charity's organisation (a removed member is
 * never reached, whatever the claim still names). One indexed query per event about an item; none for the
 * others. Reads `food_items`, `pickup_requests`, `organisations` and `organisation_members` (their owners
 * write them).
 */
@Injectable()
export class EventAudiencesRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  async orgRooms(envelope: AnyEventEnvelope): Promise<string[]> {
    const query = orgAudienceOf(envelope.type, envelope.data);
    if (!query) return [];
    const [row] = await this.db.query<{ pickup_point_id: number | null; members: number[] | null }[]>(
      `SELECT f.pickup_point_id,
              (SELECT array_agg(m.user_id ORDER BY m.user_id)
                 FROM pickup_requests r
                 JOIN organisations o ON o.account_id = r.charity_id
                 JOIN organisation_members m ON m.organisation_id = o.id
                WHERE r.id = $2 AND r.food_id = f.id AND m.user_id = ANY(array_append($3::int[], r.assignee_id))) AS members
         FROM food_items f
        WHERE f.id = $1`,
      [query.foodId, query.requestId, query.members],
    );
    if (!row) return [];
    const rooms = (row.members ?? []).map(SOCKET_ROOMS.user);
    if (query.branch && row.pickup_point_id !== null) rooms.push(SOCKET_ROOMS.branch(row.pickup_point_id));
    return rooms;
  }
}
