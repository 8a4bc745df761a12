import { claim, foodItem, donorItem } from '../test/test-utils';
import { matchesBoard, withDonorFoodUpdated, withDonorFoodWithdrawn, withReplaced } from './cache-updates';

describe('matchesBoard', () => {
  const cairoHot = foodItem({ governorate: 'EG-C', category: 'cooked_meal', storage: 'hot' });

  it('judges governorate, category and storage filters', () => {
    expect(matchesBoard(cairoHot, '')).toBe(true);
    expect(matchesBoard(cairoHot, 'governorate=EG-C&category=cooked_meal&storage=hot')).toBe(true);
    expect(matchesBoard(cairoHot, 'governorate=EG-GZ')).toBe(false);
    expect(matchesBoard(cairoHot, 'storage=chilled')).toBe(false);
  });

  it('leaves near= and window= to the server (null: fetch again)', () => {
    expect(matchesBoard(cairoHot, 'near=30.04%2C31.23')).toBeNull();
    expect(matchesBoard(cairoHot, 'governorate=EG-C&window=now')).toBeNull();
  });
});

describe('edits and withdrawals in the caches', () => {
  it('replaces an edited item on the board, leaving others', () => {
    const list = [foodItem({ id: 1 }), foodItem({ id: 2 })];
    const next = withReplaced(list, foodItem({ id: 2, quantity: 5 }));
    expect(next.map((item) => item.quantity)).toEqual([40, 5]);
    expect(withReplaced(list, foodItem({ id: 3 }))).toBe(list);
  });

  it('keeps a donor item\'s own fields through an edit', () => {
    const mine = donorItem({ id: 1, pickup_point_id: 3, photo_count: 2 });
    const [next] = withDonorFoodUpdated([mine], foodItem({ id: 1, description: 'New' }));
    expect(next).toMatchObject({ description: 'New', pickup_point_id: 3, photo_count: 2, user_id: 7 });
  });

  it('marks a withdrawn item and ends its pending claim, but not a fulfilled one', () => {
    const pending = donorItem({ id: 1, status: 'claimed', request: claim({ status: 'pending' }) });
    const fulfilled = donorItem({ id: 2, status: 'claimed', request: claim({ request_id: 51, status: 'fulfilled' }) });
    const [a, b] = withDonorFoodWithdrawn(withDonorFoodWithdrawn([pending, fulfilled], 1), 3);
    expect(a.status).toBe('withdrawn');
    expect(a.request?.status).toBe('withdrawn');
    expect(b).toBe(fulfilled);
  });
});
