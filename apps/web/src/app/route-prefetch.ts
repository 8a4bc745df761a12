import type { QueryClient } from '@tanstack/react-query';
import { endpoints } from '../api/endpoints';
import { fetchOrg } from '../api/org-fetch';
import { queryKeys } from '../api/query-keys';
import { readSession } from '../session/session';

/** pages/charity/use-board-filters.ts's BOARD_FILTERS_KEY (that module's contracts are not the landing page's). */
const BOARD_FILTERS_KEY = 'boardFilters';

/**
 * Asks for the data a signed-in screen shows first as the app starts, while that screen's code is still
 * on its way, instead of once the code has come and rendered (issue 30: on a slow network that is a round
 * trip of 150 ms or more saved before the first card). The screens' own queries, under the same keys
 * and with the app's stale time, then take these answers. Only the unfiltered board (the screen chooses
 * its filters' query otherwise), and the donor's own list with the donor's organisation (the dashboard
 * shows the list once it knows the member's role), with a session of the right kind.
 */
export function prefetchRouteData(client: QueryClient, pathname: string): void {
  const session = readSession();
  if (pathname === '/FoodDonationApp' && (localStorage.getItem(BOARD_FILTERS_KEY) ?? '{}') === '{}') {
    void client.prefetchQuery({ queryKey: queryKeys.availableWith(''), queryFn: () => endpoints.available() });
  }
  const userId = session?.userId;
  if (pathname === '/DonerDashboard' && session?.userType === 'donor' && userId) {
    void client.prefetchQuery({ queryKey: queryKeys.donorFood(userId), queryFn: () => endpoints.donorFood(userId) });
    void client.prefetchQuery({ queryKey: queryKeys.org(session.token), queryFn: fetchOrg });
  }
}
