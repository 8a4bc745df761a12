import { DOMAIN_EVENT_TYPES } from '@food-link/contracts';
import { isCoalesced, offeredToPartners, orgAudienceOf, roomsFor } from './event-rooms';

describe('roomsFor', () => {
  it('sends board events to the board topic and to the users concerned', () => {
    expect(roomsFor('food.claimed', [3, 9])).toEqual(['topic:board', 'user:3', 'user:9']);
    expect(roomsFor('food.listed', [3])).toEqual(['topic:board', 'user:3']);
    expect(roomsFor('request.cancelled', [])).toEqual(['topic:board']);
    expect(roomsFor('food.expired', [3])).toEqual(['topic:board', 'user:3']);
  });

  it("also sends a board event to its governorate's board, in the same list of rooms", () => {
    expect(roomsFor('food.expired', [3], { foodId: 1, governorate: 'EG-C' })).toEqual(['topic:board', 'topic:board:EG-C', 'user:3']);
    expect(roomsFor('food.listed', [3], { foodId: 1, food: { governorate: 'EG-ALX' } })).toEqual([
      'topic:board',
      'topic:board:EG-ALX',
      'user:3',
    ]);
    expect(roomsFor('food.withdrawn', [], { foodId: 1, governorate: null })).toEqual(['topic:board']);
    expect(roomsFor('food.withdrawn', [], { foodId: 1, governorate: 'EG-NOPE' })).toEqual(['topic:board']);
    expect(roomsFor('request.fulfilled', [3], { foodId: 1, governorate: 'EG-C' })).toEqual(['user:3']);
  });

  it("keeps an item offered to a donor's partners alone off every public topic, for every board event", () => {
    const food = { governorate: 'EG-C' };
    expect(roomsFor('food.listed', [3, 7, 8], { foodId: 1, food, partners: [7, 8] })).toEqual(['user:3', 'user:7', 'user:8']);
    expect(roomsFor('food.updated', [3, 7], { foodId: 1, food, partners: [7] })).toEqual(['user:3', 'user:7']);
    expect(roomsFor('food.withdrawn', [3, 7], { foodId: 1, governorate: 'EG-C', partners: [7] })).toEqual(['user:3', 'user:7']);
    expect(roomsFor('food.expired', [3, 7], { foodId: 1, governorate: 'EG-C', partners: [7] })).toEqual(['user:3', 'user:7']);
    // Without partners (or with none), the open board hears it as always.
    expect(roomsFor('food.listed', [3], { foodId: 1, food, partners: [] })).toEqual(['topic:board', 'topic:board:EG-C', 'user:3']);
    expect(offeredToPartners({ foodId: 1, food })).toBe(false);
  });

  it('keeps a fulfilment between the donor and the charity', () => {
    expect(roomsFor('request.fulfilled', [3, 9])).toEqual(['user:3', 'user:9']);
  });

  it('hands stats.updated to the counters coalescer instead of a room', () => {
    expect(roomsFor('stats.updated', [])).toEqual([]);
    expect(isCoalesced('stats.updated')).toBe(true);
    expect(DOMAIN_EVENT_TYPES.filter(isCoalesced)).toEqual(['stats.updated']);
  });

  it('reaches someone with every event type', () => {
    for (const type of DOMAIN_EVENT_TYPES) expect(roomsFor(type, [1]).length > 0 || isCoalesced(type)).toBe(true);
  });
});

describe('organisation audiences', () => {
  it("adds the organisation's rooms to an event's rooms, each once", () => {
    expect(roomsFor('food.claimed', [3, 9], { foodId: 1, requestId: 2, governorate: null }, ['branch:4', 'user:9', 'user:12'])).toEqual([
      'topic:board',
      'user:3',
      'user:9',
      'branch:4',
      'user:12',
    ]);
    // An item offered to partners alone stays off the board; its branch still hears it.
    expect(roomsFor('food.listed', [3, 7], { foodId: 1, food: { governorate: 'EG-C' }, partners: [7] }, ['branch:4'])).toEqual(['user:3', 'user:7', 'branch:4']);
  });

  it("looks up the item's branch for the listings' and claims' events, the assignees for an assignment, and nothing for the others", () => {
    expect(orgAudienceOf('food.claimed', { foodId: 1, requestId: 2, governorate: null })).toEqual({ foodId: 1, requestId: 2, branch: true, members: [] });
    expect(orgAudienceOf('food.listed', { foodId: 1, food: {} })).toEqual({ foodId: 1, requestId: null, branch: true, members: [] });
    expect(orgAudienceOf('request.assigned', { foodId: 1, requestId: 2, assigneeId: 5, previousAssigneeId: null })).toEqual({
      foodId: 1,
      requestId: 2,
      branch: false,
      members: [5],
    });
    expect(orgAudienceOf('request.assigned', { foodId: 1, requestId: 2, assigneeId: null, previousAssigneeId: 5 })?.members).toEqual([5]);
    expect(orgAudienceOf('account.moderation', { userId: 3, action: 'hide', reason: null, foodId: 1 })).toBeNull();
    expect(orgAudienceOf('notification.created', { notification: {}, unread: 1 })).toBeNull();
    expect(orgAudienceOf('stats.updated', { totalMeals: 1 })).toBeNull();
  });
});
