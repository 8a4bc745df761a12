import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { STORAGE_KEYS } from '../../session/session';
import CharityAreaPage from './charity-area-page';
import { charityRequest, foodItem, mockApi, renderPage, signInAs } from '../../test/test-utils';

describe('charity area', () => {
  it('names the charity in its nav, with the three buttons', async () => {
    signInAs('charity', 9, 'Hope Kitchen');
    mockApi({ 'GET /api/available': { body: [foodItem()] } });
    renderPage(<CharityAreaPage />, '/FoodDonationApp');
    const nav = screen.getByRole('navigation', { name: 'Charity area' });
    expect(nav).toHaveTextContent('Hope Kitchen');
    expect(screen.getByRole('button', { name: 'Available Food List' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('button', { name: 'Your Requests' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 1, name: 'Available Food Donations' })).toBeInTheDocument();
  });

  it('switches between the food list and the requests, moving focus to the new view', async () => {
    signInAs('charity', 9);
    mockApi({
      'GET /api/available': { body: [foodItem()] },
      'GET /api/charity/9': { body: [charityRequest({ food_name: 'Ful medames' })] },
    });
    const user = userEvent.setup();
    renderPage(<CharityAreaPage />, '/FoodDonationApp');
    await user.click(screen.getByRole('button', { name: 'Your Requests' }));
    expect(screen.getByRole('heading', { level: 1, name: 'Your Food Pickup Requests' })).toHaveFocus();
    expect(await screen.findByText('Ful medames')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Available Food List' }));
    expect(screen.getByRole('heading', { level: 1, name: 'Available Food Donations' })).toHaveFocus();
    expect(await screen.findByRole('article', { name: 'Koshari' })).toHaveAttribute('data-food-id', '1');
  });

  it('opens the view named in the address', async () => {
    signInAs('charity', 9);
    mockApi({ 'GET /api/charity/9': { body: [] } });
    renderPage(<CharityAreaPage />, '/FoodDonationApp?view=requests');
    expect(await screen.findByText('No pickup requests found')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Your Requests' })).toHaveAttribute('aria-current', 'page');
  });

  it('Log Out clears the session and goes to the home page', async () => {
    signInAs('charity', 9, 'Hope Kitchen');
    mockApi({ 'GET /api/available': { body: [] } });
    const user = userEvent.setup();
    renderPage(<CharityAreaPage />, '/FoodDonationApp');
    await user.click(screen.getByRole('button', { name: 'Log Out' }));
    expect(screen.getByText('Home page')).toBeInTheDocument();
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.charityName)).toBeNull();
  });

  it('leads home from its logo', async () => {
    signInAs('charity', 9, 'Hope Kitchen');
    mockApi({ 'GET /api/available': { body: [] } });
    const user = userEvent.setup();
    renderPage(<CharityAreaPage />, '/FoodDonationApp');
    await user.click(screen.getByRole('link', { name: 'Food Link' }));
    expect(screen.getByText('Home page')).toBeInTheDocument();
  });

  it('offers a visitor who is not signed in Log In, not Log Out', async () => {
    mockApi({ 'GET /api/available': { body: [foodItem()] } });
    renderPage(<CharityAreaPage />, '/FoodDonationApp');
    await screen.findByRole('article', { name: 'Koshari' });
    expect(screen.queryByRole('button', { name: 'Log Out' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Log In' })).toHaveAttribute('href', '/Login');
  });
});
