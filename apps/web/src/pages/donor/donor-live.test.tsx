import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { LiveHub } from '../../live/live-hub';
import { claim as claimFixture, donorItem, heldReply, inDays, liveEvent, mockApi, renderPage, signInAs } from '../../test/test-utils';
import DonorDashboardPage from './donor-dashboard-page';

// The hub is never connected: events go in through its public dispatch, as if the socket had received them.

const claim = claimFixture({ request_id: 50 });
const koshari = donorItem({ id: 1, food_name: 'Koshari' });

function showDashboard(routes: Parameters<typeof mockApi>[0]) {
  signInAs('donor', 7);
  const hub = new LiveHub();
  const fetchMock = mockApi(routes);
  renderPage(<DonorDashboardPage />, '/DonerDashboard', { hub });
  return { hub, fetchMock };
}

describe('the donor dashboard, live', () => {
  it('flips a claimed card to "Donation completed successfully!" when the request is fulfilled', async () => {
    const { hub } = showDashboard({ 'GET /api/donor/7': { body: [{ ...koshari, status: 'claimed', request: claim }] } });
    const card = await screen.findByRole('article', { name: 'Koshari' });
    expect(within(card).getByRole('button', { name: 'Donate' })).toBeInTheDocument();
    act(() => hub.dispatch(liveEvent('request.fulfilled', { foodId: 1, requestId: 50 })));
    expect(await within(card).findByText('Donation completed successfully!')).toBeInTheDocument();
    expect(within(card).queryByRole('button', { name: 'Donate' })).not.toBeInTheDocument();
  });

  it('shows who claimed an item once a charity claims it', async () => {
    let list = [koshari];
    const { hub } = showDashboard({ 'GET /api/donor/7': () => ({ body: list }) });
    const card = await screen.findByRole('article', { name: 'Koshari' });
    list = [{ ...koshari, status: 'claimed', request: claim }];
    act(() => hub.dispatch(liveEvent('food.claimed', { foodId: 1, requestId: 50, governorate: null })));
    expect(await within(card).findByText('Hope Kitchen')).toBeInTheDocument();
    expect(within(card).getByText('Claimed')).toHaveClass('text-indigo-900');
  });

  it('shows a food the donor just added once, though a refetch brought it in before the answer did', async () => {
    const ful = donorItem({ id: 2, food_name: 'Ful medames', quantity: 12, expiration_date: '2030-06-01' });
    const post = heldReply();
    let list = [koshari];
    const { hub } = showDashboard({ 'GET /api/donor/7': () => ({ body: list }), 'POST /api/add': post.handler });
    const user = userEvent.setup();
    await screen.findByRole('article', { name: 'Koshari' });
    await user.click(await screen.findByRole('button', { name: 'Add Food' }));
    await user.type(screen.getByLabelText(/Food Name/), 'Ful medames');
    await user.type(screen.getByLabelText(/Quantity/), '12');
    await user.type(screen.getByLabelText(/Description/), 'Cooked this morning');
    await user.type(screen.getByLabelText(/Expiration Date/), inDays(30));
    await user.click(screen.getByRole('button', { name: 'Add Donation' }));

    // The server has the item; a claim elsewhere makes the list refetch while the add is still answering.
    list = [ful, { ...koshari, status: 'claimed', request: claim }];
    act(() => hub.dispatch(liveEvent('food.listed', { foodId: 2, food: ful })));
    act(() => hub.dispatch(liveEvent('food.claimed', { foodId: 1, requestId: 50, governorate: null })));
    await screen.findByRole('article', { name: 'Ful medames' });
    post.release({ status: 201, body: { ...ful, request: undefined, created_at: undefined } });

    await waitFor(() => expect(screen.getByLabelText(/Food Name/)).toHaveValue(''));
    expect(screen.getAllByRole('article').map((card) => card.getAttribute('data-food-id'))).toEqual(['2', '1']);
  });

  it('shows and clears "Hidden by an operator" as an operator hides the listing and puts it back, and says so', async () => {
    const { hub } = showDashboard({ 'GET /api/donor/7': { body: [koshari] } });
    const card = await screen.findByRole('article', { name: 'Koshari' });
    expect(within(card).queryByTestId('hidden-by-operator')).not.toBeInTheDocument();
    act(() => hub.dispatch(liveEvent('account.moderation', { userId: 7, action: 'hide', reason: 'Wrong photo', foodId: 1 })));
    expect(await within(card).findByTestId('hidden-by-operator')).toHaveTextContent('Hidden by an operator: Wrong photo');
    expect(within(screen.getByTestId('notices')).getByText('An operator hid “Koshari”.')).toBeInTheDocument();
    // Another listing's news, or an account's, leaves this card alone.
    act(() => hub.dispatch(liveEvent('account.moderation', { userId: 7, action: 'unhide', reason: null, foodId: 99 })));
    expect(within(card).getByTestId('hidden-by-operator')).toBeInTheDocument();
    act(() => hub.dispatch(liveEvent('account.moderation', { userId: 7, action: 'unhide', reason: null, foodId: 1 })));
    await waitFor(() => expect(within(card).queryByTestId('hidden-by-operator')).not.toBeInTheDocument());
    expect(within(screen.getByTestId('notices')).getByText('An operator put “Koshari” back on the board.')).toBeInTheDocument();
  });

  it('reads one state for a listing an operator hid: Hidden, live as after a reload, never "Withdrawn"', async () => {
    let list = [koshari];
    const { hub } = showDashboard({ 'GET /api/donor/7': () => ({ body: list }) });
    const card = await screen.findByRole('article', { name: 'Koshari' });
    list = [{ ...koshari, hidden_reason: 'Wrong photo' }];
    // A hide sends the board's food.withdrawn, then the donor's account.moderation.
    act(() => hub.dispatch(liveEvent('food.withdrawn', { foodId: 1, requestId: null, governorate: null })));
    act(() => hub.dispatch(liveEvent('account.moderation', { userId: 7, action: 'hide', reason: 'Wrong photo', foodId: 1 })));
    await waitFor(() => expect(within(card).getByTestId('hidden-by-operator')).toBeInTheDocument());
    const states = () => within(card).getAllByText((_, element) => element?.hasAttribute('data-state') ?? false).map((badge) => badge.textContent);
    expect(states()).toEqual(['Hidden']);
    expect(within(card).queryByText('You withdrew this listing.', { exact: false })).not.toBeInTheDocument();
    expect(within(card).queryByText('Withdrawn')).not.toBeInTheDocument();
    // The server's list (as after a reload) says the same.
    await waitFor(() => expect(within(card).getByRole('button', { name: 'Withdraw' })).toBeInTheDocument());
    expect(states()).toEqual(['Hidden']);
    expect(within(card).queryByText('Available')).not.toBeInTheDocument();
  });
});
