import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import CharityAreaPage from './charity-area-page';
import { failure, foodItem, heldReply, mockApi, renderPage } from '../../test/test-utils';

const board = [
  foodItem({ id: 1, food_name: 'Koshari', quantity: 1250, expiration_date: '2030-05-20' }),
  foodItem({ id: 2, food_name: 'Ful medames' }),
];

describe('Available Food Donations', () => {
  it('shows "Loading..." with placeholder cards until the list arrives', async () => {
    const list = heldReply();
    mockApi({ 'GET /api/available': list.handler, 'GET /api/food/1': { body: board[0] } });
    renderPage(<CharityAreaPage />, '/FoodDonationApp');
    expect(screen.getByText('Loading...')).toHaveAttribute('role', 'status');
    list.release({ body: board });
    expect(await screen.findByRole('button', { name: 'Koshari' })).toBeInTheDocument();
    expect(screen.queryByText('Loading...')).not.toBeInTheDocument();
  });

  it('shows each food with its Quantity, Description, Expiration Date and Status', async () => {
    mockApi({ 'GET /api/available': { body: board } });
    renderPage(<CharityAreaPage />, '/FoodDonationApp');
    const card = await screen.findByRole('article', { name: 'Koshari' });
    expect(card).toHaveAttribute('data-food-id', '1');
    for (const label of ['Quantity', 'Description', 'Expiration Date', 'Status']) {
      expect(within(card).getByText(label)).toBeInTheDocument();
    }
    expect(within(card).getByText('1,250')).toBeInTheDocument();
    expect(within(card).getByText('20 May 2030')).toBeInTheDocument();
    expect(within(card).getByText('Available')).toHaveAttribute('data-state', 'available');
    expect(document.querySelectorAll('[data-food-id]')).toHaveLength(2);
  });

  it('shows "Error fetching food data" in place of the list', async () => {
    mockApi({ 'GET /api/available': failure(503) });
    renderPage(<CharityAreaPage />, '/FoodDonationApp');
    expect(await screen.findByRole('alert')).toHaveTextContent('Error fetching food data');
  });

  it('shows "No available food donations" when there is none', async () => {
    mockApi({ 'GET /api/available': { body: [] } });
    renderPage(<CharityAreaPage />, '/FoodDonationApp');
    expect(await screen.findByText('No available food donations')).toBeInTheDocument();
  });

  it('has a visible Request button on each card that opens its pickup request view, as the title does', async () => {
    mockApi({ 'GET /api/available': { body: board }, 'GET /api/food/2': { body: board[1] } });
    const user = userEvent.setup();
    renderPage(<CharityAreaPage />, '/FoodDonationApp');
    const card = await screen.findByRole('article', { name: 'Ful medames' });
    // A copy of the title's button for pointers: keyboards and screen readers have the title itself.
    const request = within(card).getByText('Request', { selector: 'button' });
    expect(request).toBeVisible();
    expect(request).toHaveAttribute('aria-hidden', 'true');
    expect(request).toHaveAttribute('tabindex', '-1');
    expect(screen.getAllByText('Request', { selector: 'button' })).toHaveLength(2);
    await user.click(request);
    expect(await screen.findByRole('heading', { level: 1, name: 'Request a Food Pickup' })).toBeInTheDocument();
    expect(await screen.findByText('Ful medames')).toBeInTheDocument();
  });

  it('selects a food by keyboard, opening its pickup request view', async () => {
    mockApi({ 'GET /api/available': { body: board }, 'GET /api/food/2': { body: board[1] } });
    const user = userEvent.setup();
    renderPage(<CharityAreaPage />, '/FoodDonationApp');
    (await screen.findByRole('button', { name: 'Koshari' })).focus();
    // Each card's own share link comes after its title.
    await user.tab();
    expect(screen.getByRole('link', { name: 'Share on WhatsApp: Koshari' })).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Ful medames' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(screen.getByRole('heading', { level: 1, name: 'Request a Food Pickup' })).toHaveFocus();
    expect(screen.getByRole('heading', { name: 'Food Item Details' })).toBeInTheDocument();
  });
});
