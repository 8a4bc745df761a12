import type { CharityRequestItem, DonorFoodItem, FoodItemView } from '@food-link/contracts';
import { claim, charityRequest as requestFixture, foodItem } from '../test/test-utils';
import {
  withCharityRequestStatus,
  withDonorFoodStatus,
  withDonorRequestStatus,
  withListed,
  without,
} from './cache-updates';
import { ItemClock } from './item-clock';

const food = (id: number, expiration_date: string): FoodItemView =>
  foodItem({ id, food_name: `Food ${id}`, quantity: 10, description: 'Fresh', expiration_date });

const donorFood = (id: number, requestId: number | null): DonorFoodItem => ({
  ...food(id, '2030-05-20'),
  user_id: 7,
  pickup_point_id: null,
  prepared_at: null,
  offer_stage: 'open',
  offer_open_at: null,
  offer_partner_ids: [],
  photo_count: 0,
  hidden_reason: null,
  created_at: '2030-05-01T10:00:00Z',
  status: requestId ? 'claimed' : 'available',
  request: requestId ? claim({ request_id: requestId }) : null,
  claims: [],
});

const charityRequest = (requestId: number): CharityRequestItem =>
  requestFixture({ request_id: requestId, requestId, food_id: requestId, quantity: 10 });

describe('withListed', () => {
  it('puts the food in soonest-expiry order, ties by id', () => {
    const list = [food(1, '2030-05-10'), food(3, '2030-05-20'), food(4, '2030-05-30')];
    expect(withListed(list, food(2, '2030-05-20')).map((item) => item.id)).toEqual([1, 2, 3, 4]);
  });

  it('leaves the list as it is when the food is already on it', () => {
    const list = [food(1, '2030-05-10')];
    expect(withListed(list, food(1, '2030-05-10'))).toBe(list);
  });

  it('does not change the list it was given', () => {
    const list = [food(1, '2030-05-10')];
    withListed(list, food(2, '2030-05-01'));
    expect(list.map((item) => item.id)).toEqual([1]);
  });
});

describe('without', () => {
  it('drops the food with that id', () => {
    expect(without([food(1, '2030-05-10'), food(2, '2030-05-11')], 1).map((item) => item.id)).toEqual([2]);
  });

  it('returns the same list when the food is not on it, so nothing re-renders', () => {
    const list = [food(1, '2030-05-10')];
    expect(without(list, 9)).toBe(list);
  });
});

describe('withDonorRequestStatus', () => {
  it('changes the status of the matching claim only', () => {
    const next = withDonorRequestStatus([donorFood(1, 50), donorFood(2, 51), donorFood(3, null)], 50, 'fulfilled');
    expect(next.map((item) => item.request?.status ?? null)).toEqual(['fulfilled', 'pending', null]);
    expect(next[0].request?.name).toBe('Hope Kitchen');
  });
});

describe('withDonorFoodStatus', () => {
  it('changes the status of the matching item only', () => {
    const next = withDonorFoodStatus([donorFood(1, null), donorFood(2, null)], 2, 'expired');
    expect(next.map((item) => item.status)).toEqual(['available', 'expired']);
  });
});

describe('withCharityRequestStatus', () => {
  it('changes the status of the matching request only', () => {
    const list = [charityRequest(50), charityRequest(51)];
    const next = withCharityRequestStatus(list, 51, 'cancelled');
    expect(next.map((item) => item.status)).toEqual(['pending', 'cancelled']);
    expect(list[1].status).toBe('pending');
  });
});

describe('ItemClock', () => {
  it('skips an event older than the last one applied for the same item', () => {
    const clock = new ItemClock();
    expect(clock.isFresh(1, '2030-01-01T10:00:02Z')).toBe(true);
    expect(clock.isFresh(1, '2030-01-01T10:00:01Z')).toBe(false);
    expect(clock.isFresh(1, '2030-01-01T10:00:02Z')).toBe(true);
    expect(clock.isFresh(1, '2030-01-01T10:00:03Z')).toBe(true);
  });

  it('keeps each item\'s time apart', () => {
    const clock = new ItemClock();
    clock.isFresh(1, '2030-01-01T10:00:05Z');
    expect(clock.isFresh(2, '2030-01-01T10:00:01Z')).toBe(true);
  });
});
