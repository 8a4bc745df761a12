import type { AnyEventEnvelope } from '@food-link/contracts';
import { LiveHub } from './live-hub';

const listed = (id: string, foodId = 1): AnyEventEnvelope => ({
  id,
  type: 'food.listed',
  occurredAt: '2026-11-22T10:00:00.000Z',
  data: {
    foodId,
    food: { id: foodId, food_id: foodId, food_name: 'Ful', quantity: 3, description: 'Pots', expiration_date: '2026-11-23', status: 'available' },
  },
});

describe('LiveHub', () => {
  it('hands each event id to subscribers once, however often it arrives', () => {
    const hub = new LiveHub();
    const seen: string[] = [];
    hub.subscribe('food.listed', (event) => seen.push(event.id));
    hub.dispatch(listed('a'));
    hub.dispatch(listed('a'));
    hub.dispatch(listed('b'));
    expect(seen).toEqual(['a', 'b']);
  });

  it('delivers only the subscribed type, and stops after unsubscribing', () => {
    const hub = new LiveHub();
    const claimed: string[] = [];
    const stop = hub.subscribe('food.claimed', (event) => claimed.push(event.id));
    hub.dispatch(listed('x'));
    hub.dispatch({ id: 'c1', type: 'food.claimed', occurredAt: '2026-11-22T10:00:01.000Z', data: { foodId: 1, requestId: 9 } });
    stop();
    hub.dispatch({ id: 'c2', type: 'food.claimed', occurredAt: '2026-11-22T10:00:02.000Z', data: { foodId: 2, requestId: 10 } });
    expect(claimed).toEqual(['c1']);
  });
});
