import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { FoodItemView } from '@food-link/contracts';
import type { LiveHub } from '../live/live-hub';
import CharityAreaPage from '../pages/charity/charity-area-page';
import { mockApi, renderPage, signInAs } from './test-utils';

/**
 * Charity 9 on the board of `food` and `others`, having chosen `food` (its pickup screen open); `routes` add
 * to or replace the API's replies (the claim's, say).
 */
export async function choosePickup(food: FoodItemView, others: FoodItemView[], routes: Parameters<typeof mockApi>[0], hub?: LiveHub) {
  signInAs('charity', 9);
  const fetchMock = mockApi({ 'GET /api/available': { body: [food, ...others] }, [`GET /api/food/${food.id}`]: { body: food }, ...routes });
  const user = userEvent.setup();
  renderPage(<CharityAreaPage />, '/FoodDonationApp', { hub });
  await user.click(await screen.findByRole('button', { name: food.food_name }));
  return { user, fetchMock };
}
