import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { donorItem, failure, heldReply, mockApi, renderPage, signInAs } from '../../test/test-utils';
import DonorDashboardPage from './donor-dashboard-page';

const available = donorItem({ id: 1, food_name: 'Koshari', quantity: 1250, expiration_date: '2030-05-20' });
const claimed = donorItem({
  id: 2,
  food_name: 'Ful medames',
  status: 'claimed',
  request: { request_id: 50, status: 'pending', name: 'Hope Kitchen', email: 'hope@example.org' },
});
const expired = donorItem({ id: 3, food_name: 'Baladi bread', status: 'expired' });

async function showCards(routes: Parameters<typeof mockApi>[0]) {
  signInAs('donor', 7);
  mockApi({ 'GET /api/donor/7': { body: [available, claimed, expired] }, ...routes });
  renderPage(<DonorDashboardPage />, '/DonerDashboard');
  return {
    availableCard: await screen.findByRole('article', { name: 'Koshari' }),
    claimedCard: screen.getByRole('article', { name: 'Ful medames' }),
    expiredCard: screen.getByRole('article', { name: 'Baladi bread' }),
  };
}

describe('donor food card', () => {
  it('shows the food fields, with the date and number in the reader\'s format', async () => {
    const { availableCard } = await showCards({});
    expect(availableCard).toHaveAttribute('data-food-id', '1');
    expect(within(availableCard).getByText('1,250')).toBeInTheDocument();
    expect(within(availableCard).getByText('Cooked this morning')).toBeInTheDocument();
    expect(within(availableCard).getByText('20 May 2030')).toBeInTheDocument();
    expect(within(availableCard).queryByRole('button')).not.toBeInTheDocument();
  });

  it('colours the status green when available, red when claimed, grey when expired', async () => {
    const { availableCard, claimedCard, expiredCard } = await showCards({});
    expect(within(availableCard).getByText('available')).toHaveClass('text-green-700');
    expect(within(claimedCard).getByText('claimed')).toHaveClass('text-red-700');
    expect(within(expiredCard).getByText('expired')).toHaveClass('text-stone-500');
  });

  it('shows who claimed the item, the request status and a Donate button', async () => {
    const { claimedCard } = await showCards({});
    expect(within(claimedCard).getByText('Hope Kitchen')).toBeInTheDocument();
    expect(within(claimedCard).getByText('hope@example.org')).toBeInTheDocument();
    expect(within(claimedCard).getByText('pending')).toBeInTheDocument();
    expect(within(claimedCard).getByRole('button', { name: 'Donate' })).toHaveAccessibleDescription('Ful medames');
  });

  it('Donate marks the request fulfilled: "Donation completed successfully!"', async () => {
    const put = heldReply();
    const user = userEvent.setup();
    const { claimedCard } = await showCards({ 'PUT /updaterequeststatus/50': put.handler });
    await user.click(within(claimedCard).getByRole('button', { name: 'Donate' }));
    expect(within(claimedCard).getByRole('button', { name: 'Donate' })).toBeDisabled();
    put.release({ body: { message: 'Request fulfilled', status: 'fulfilled' } });

    const done = await within(claimedCard).findByText('Donation completed successfully!');
    expect(done).toHaveFocus();
    expect(within(claimedCard).getByText('fulfilled')).toBeInTheDocument();
    expect(within(claimedCard).queryByRole('button', { name: 'Donate' })).not.toBeInTheDocument();
  });

  it('shows a fulfilled claim as completed, with no Donate button', async () => {
    signInAs('donor', 7);
    const fulfilled = { ...claimed, request: { ...claimed.request!, status: 'fulfilled' as const } };
    mockApi({ 'GET /api/donor/7': { body: [fulfilled] } });
    renderPage(<DonorDashboardPage />, '/DonerDashboard');
    const card = await screen.findByRole('article', { name: 'Ful medames' });
    expect(within(card).getByText('Donation completed successfully!')).toBeInTheDocument();
    expect(within(card).queryByRole('button')).not.toBeInTheDocument();
  });

  it('only logs a failed Donate, leaving the button to try again', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const user = userEvent.setup();
    const { claimedCard } = await showCards({ 'PUT /updaterequeststatus/50': failure(409) });
    await user.click(within(claimedCard).getByRole('button', { name: 'Donate' }));
    await waitFor(() => expect(logged).toHaveBeenCalled());
    expect(within(claimedCard).getByRole('button', { name: 'Donate' })).toBeEnabled();
    expect(screen.queryByText('Donation completed successfully!')).not.toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    logged.mockRestore();
  });
});
