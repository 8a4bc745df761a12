import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { queryKeys } from '../api/query-keys';
import { donorItem, foodItem, mockApi, signInAs } from '../test/test-utils';
import { prefetchRouteData } from './route-prefetch';

/** The data a signed-in screen shows first, asked for as the app starts (issue 30). */
describe('prefetchRouteData', () => {
  const client = () => new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const settled = (queryClient: QueryClient) => new Promise<void>((resolve) => {
    const check = () => (queryClient.isFetching() === 0 ? resolve() : setTimeout(check, 5));
    check();
  });

  it('asks for the whole board on the board, into the key the board reads', async () => {
    signInAs('charity', 9);
    const board = [foodItem({ id: 3 })];
    const fetchMock = mockApi({ 'GET /api/available': { body: board } });
    const queryClient = client();
    prefetchRouteData(queryClient, '/FoodDonationApp');
    await settled(queryClient);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(queryClient.getQueryData(queryKeys.availableWith(''))).toEqual(board);
  });

  it('leaves a filtered board to the screen', async () => {
    signInAs('charity', 9);
    localStorage.setItem('boardFilters', JSON.stringify({ governorate: 'EG-C' }));
    const fetchMock = mockApi({});
    prefetchRouteData(client(), '/FoodDonationApp');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("asks for a donor's own list and organisation on the dashboard, and nothing for anyone else there", async () => {
    signInAs('donor', 7);
    const list = [donorItem({ id: 4 })];
    const org = { id: 1, name: 'Nile Bakery', kind: 'donor', account_id: 7, my_role: 'staff', my_pickup_point_ids: [2], members: [] };
    const fetchMock = mockApi({ 'GET /api/donor/7': { body: list }, 'GET /api/org': { body: org } });
    const queryClient = client();
    prefetchRouteData(queryClient, '/DonerDashboard');
    await settled(queryClient);
    expect(queryClient.getQueryData(queryKeys.donorFood(7))).toEqual(list);
    // The dashboard shows the list once it knows the member's role: that answer is asked for beside it.
    expect(queryClient.getQueryData(queryKeys.org('token-7'))).toEqual(org);

    localStorage.clear();
    signInAs('charity', 9);
    prefetchRouteData(client(), '/DonerDashboard');
    localStorage.clear();
    prefetchRouteData(client(), '/DonerDashboard');
    prefetchRouteData(client(), '/');
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });
});
