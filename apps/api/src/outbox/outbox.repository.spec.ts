import { DOMAIN_EVENTS } from '@food-link/contracts';
import { jsonObject, outboxInsertFrom, sqlExpr, sqlInt } from './outbox.repository';

const recipients = sqlExpr<number[]>('ARRAY[claimed.donor_id, $3::int]');

describe('outbox inserts written in SQL', () => {
  it('build the payload from the contract fields given', () => {
    expect(jsonObject({ foodId: sqlInt('request.food_id'), requestId: sqlInt('request.id') }).sql).toBe(
      "jsonb_build_object('foodId', request.food_id, 'requestId', request.id)",
    );
    const sql = outboxInsertFrom(
      DOMAIN_EVENTS.foodClaimed,
      {
        foodId: sqlInt('request.food_id'),
        requestId: sqlInt('request.id'),
        governorate: sqlExpr<string | null>('point.governorate'),
        quantityLeft: sqlInt('claimed.quantity_left'),
      },
      recipients,
      'request CROSS JOIN claimed LEFT JOIN pickup_points point ON point.id = claimed.pickup_point_id',
    );
    expect(sql.replace(/\s+/g, ' ').trim()).toBe(
      "INSERT INTO outbox_events (id, type, data, recipients) SELECT gen_random_uuid(), 'food.claimed', " +
        "jsonb_build_object('foodId', request.food_id, 'requestId', request.id, 'governorate', point.governorate, 'quantityLeft', claimed.quantity_left), " +
        'ARRAY[claimed.donor_id, $3::int] FROM request CROSS JOIN claimed LEFT JOIN pickup_points point ON point.id = claimed.pickup_point_id',
    );
  });

  it('refuse, at compile time, a payload that differs from the contract (checked by `npm run typecheck`)', () => {
    const build = () => [
      // @ts-expect-error requestId is missing
      outboxInsertFrom(DOMAIN_EVENTS.foodClaimed, { foodId: sqlInt('request.food_id'), governorate: sqlExpr<null>('NULL'), quantityLeft: sqlInt('0') }, recipients, 'request'),
      // @ts-expect-error governorate is missing: an optional field of the contract must still be written (null when unknown)
      outboxInsertFrom(DOMAIN_EVENTS.foodClaimed, { foodId: sqlInt('request.food_id'), requestId: sqlInt('request.id'), quantityLeft: sqlInt('0') }, recipients, 'request'),
      outboxInsertFrom(
        DOMAIN_EVENTS.foodClaimed,
        // @ts-expect-error charityId is not a field of food.claimed
        { foodId: sqlInt('request.food_id'), requestId: sqlInt('request.id'), governorate: sqlExpr<null>('NULL'), quantityLeft: sqlInt('0'), charityId: sqlInt('$3') },
        recipients,
        'request',
      ),
      outboxInsertFrom(
        DOMAIN_EVENTS.foodClaimed,
        // @ts-expect-error governorate is a string or null, not a number
        { foodId: sqlInt('request.food_id'), requestId: sqlInt('request.id'), governorate: sqlInt('point.id'), quantityLeft: sqlInt('0') },
        recipients,
        'request',
      ),
      // @ts-expect-error foodId is a number, not a string
      outboxInsertFrom(DOMAIN_EVENTS.foodExpired, { foodId: sqlExpr<string>('f.name'), governorate: sqlExpr<null>('NULL') }, recipients, 'f'),
    ];
    expect(build).not.toThrow();
  });

  it('refuse names that would not be plain SQL', () => {
    expect(() => jsonObject({ "x'); DROP TABLE users; --": sqlInt('1') } as never)).toThrow('Unexpected payload field name');
  });
});
