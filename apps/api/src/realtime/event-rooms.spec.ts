import { DOMAIN_EVENT_TYPES } from '@food-link/contracts';
import { roomsFor } from './event-rooms';

describe('roomsFor', () => {
  it('sends public events to everyone and to the users concerned', () => {
    expect(roomsFor('food.claimed', [3, 9])).toEqual(['public', 'user:3', 'user:9']);
    expect(roomsFor('food.listed', [3])).toEqual(['public', 'user:3']);
    expect(roomsFor('stats.updated', [])).toEqual(['public']);
  });

  it('keeps a fulfilment between the donor and the charity', () => {
    expect(roomsFor('request.fulfilled', [3, 9])).toEqual(['user:3', 'user:9']);
  });

  it('has a rule for every event type', () => {
    for (const type of DOMAIN_EVENT_TYPES) expect(roomsFor(type, [1]).length).toBeGreaterThan(0);
  });
});
