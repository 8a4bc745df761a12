import { act, screen, within } from '@testing-library/react';
import { LiveHub } from './live-hub';
import CharityAreaPage from '../pages/charity/charity-area-page';
import { foodItem, liveEvent, mockApi, renderPage } from '../test/test-utils';

const koshari = foodItem({ id: 1, food_name: 'Koshari' });
const ful = foodItem({ id: 2, food_name: 'Ful medames' });
const bread = foodItem({ id: 3, food_name: 'Baladi bread' });

const notices = () => within(screen.getByTestId('notices')).queryAllByTestId('notice').map((notice) => notice.textContent);

describe('live notices', () => {
  it('name the food that was claimed', async () => {
    const hub = new LiveHub();
    mockApi({ 'GET /api/available': { body: [koshari, ful, bread] } });
    renderPage(<CharityAreaPage />, '/FoodDonationApp', { hub });
    await screen.findByRole('article', { name: 'Koshari' });
    act(() => hub.dispatch(liveEvent('food.claimed', { foodId: 2, requestId: 50, governorate: null })));
    expect(await screen.findByText('Ful medames was just claimed')).toBeInTheDocument();
    act(() => hub.dispatch(liveEvent('food.claimed', { foodId: 3, requestId: 51, governorate: null })));
    expect(notices()).toEqual(['Ful medames was just claimed', 'Baladi bread was just claimed']);
  });

  it('collapse a repeat of a notice that is still showing into one, with a count', async () => {
    const hub = new LiveHub();
    mockApi({ 'GET /api/available': { body: [koshari] } });
    renderPage(<CharityAreaPage />, '/FoodDonationApp', { hub });
    await screen.findByRole('article', { name: 'Koshari' });
    for (let round = 0; round < 3; round += 1) {
      act(() => hub.dispatch(liveEvent('food.listed', { foodId: 2, food: ful })));
      act(() => hub.dispatch(liveEvent('food.claimed', { foodId: 2, requestId: 50 + round, governorate: null })));
    }
    expect(notices()).toEqual(['New food available: Ful medames (×3)', 'Ful medames was just claimed (×3)']);
  });

  it('show only the newest on a phone, and sit in the page flow below the content rather than over it', async () => {
    const hub = new LiveHub();
    mockApi({ 'GET /api/available': { body: [koshari, ful, bread] } });
    renderPage(<CharityAreaPage />, '/FoodDonationApp', { hub });
    await screen.findByRole('article', { name: 'Koshari' });
    act(() => hub.dispatch(liveEvent('food.claimed', { foodId: 1, requestId: 50, governorate: null })));
    act(() => hub.dispatch(liveEvent('food.claimed', { foodId: 2, requestId: 51, governorate: null })));
    act(() => hub.dispatch(liveEvent('food.claimed', { foodId: 3, requestId: 52, governorate: null })));
    const shown = within(screen.getByTestId('notices')).getAllByTestId('notice');
    expect(shown.map((notice) => notice.classList.contains('max-sm:hidden'))).toEqual([true, true, false]);
    expect(screen.getByTestId('notices')).toHaveClass('sticky');
    expect(screen.getByTestId('notices')).not.toHaveClass('fixed');
  });
});
