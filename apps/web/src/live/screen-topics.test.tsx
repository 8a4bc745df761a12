import { screen } from '@testing-library/react';
import { LiveHub } from './live-hub';
import CharityAreaPage from '../pages/charity/charity-area-page';
import DonorDashboardPage from '../pages/donor/donor-dashboard-page';
import { LandingPage } from '../pages/landing/landing-page';
import { donorItem, foodItem, mockApi, renderPage, signInAs } from '../test/test-utils';

// Which public topics each screen watches (docs/REALTIME.md): the landing page only the counters, the
// charity area the board, the donor dashboard none (its events come in the donor's private room).

describe('the public topics each screen watches', () => {
  it('the landing page watches the counters, and lets go when it unmounts', async () => {
    mockApi({
      'GET /api/request/totalmeals': { body: { totalMeals: 30 } },
      'GET /api/request/totalcharities': { body: { totalCharities: 5 } },
    });
    const hub = new LiveHub();
    const { unmount } = renderPage(<LandingPage />, '/', { hub });
    expect(hub.watching).toEqual(['counters']);
    unmount();
    expect(hub.watching).toEqual([]);
  });

  it('the charity area watches the board', async () => {
    signInAs('charity', 4);
    mockApi({ 'GET /api/available': { body: [foodItem({ id: 1, food_name: 'Koshari' })] } });
    const hub = new LiveHub();
    renderPage(<CharityAreaPage />, '/FoodDonationApp', { hub });
    await screen.findByRole('article', { name: 'Koshari' });
    expect(hub.watching).toEqual(['board']);
  });

  it('the donor dashboard watches nothing public', async () => {
    signInAs('donor', 7);
    mockApi({ 'GET /api/donor/7': { body: [donorItem({ id: 1, food_name: 'Koshari' })] } });
    const hub = new LiveHub();
    renderPage(<DonorDashboardPage />, '/DonerDashboard', { hub });
    await screen.findByText('Koshari');
    expect(hub.watching).toEqual([]);
  });
});
