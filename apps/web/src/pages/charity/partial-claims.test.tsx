import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18next from 'i18next';
import { LiveHub } from '../../live/live-hub';
import CharityAreaPage from './charity-area-page';
import { choosePickup } from '../../test/charity-pickup';
import DonorDashboardPage from '../donor/donor-dashboard-page';
import { donorItem, foodItem, liveEvent, mockApi, renderPage, signInAs } from '../../test/test-utils';

/** Partial claims (issue 28): a quantity to claim, what is left on the cards, and the donor's claims list. */
const koshari = foodItem({ id: 1, food_name: 'Koshari', quantity: 30, quantity_left: 18, expiration_date: '2030-05-20' });
const ful = foodItem({ id: 2, food_name: 'Ful medames' });
const claimedReply = { status: 201, body: { message: 'ok', request_id: 50, status: 'pending' } };

const selectKoshari = (routes: Parameters<typeof mockApi>[0]) => choosePickup(koshari, [ful], routes);

const submit = () => screen.getByRole('button', { name: /Submit Request|Submitting/ });
const sentBody = (fetchMock: ReturnType<typeof mockApi>) => {
  const call = fetchMock.mock.calls.filter(([url, init]) => String(url).endsWith('/api/request') && init?.method === 'POST').at(-1);
  return JSON.parse(call?.[1]?.body as string);
};

describe('partial claims on the charity screens', () => {
  it('shows "18 of 30 left" on the board card and on the pickup screen', async () => {
    signInAs('charity', 9);
    mockApi({ 'GET /api/available': { body: [koshari, ful] }, 'GET /api/food/1': { body: koshari } });
    const user = userEvent.setup();
    renderPage(<CharityAreaPage />, '/FoodDonationApp');
    const card = (await screen.findByRole('button', { name: 'Koshari' })).closest('article') as HTMLElement;
    expect(within(card).getByTestId('quantity-left')).toHaveTextContent('18 of 30 left');
    // An item nobody has claimed part of says nothing more.
    const fulCard = screen.getByRole('button', { name: 'Ful medames' }).closest('article') as HTMLElement;
    expect(within(fulCard).queryByTestId('quantity-left')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Koshari' }));
    expect(await screen.findByTestId('quantity-left')).toHaveTextContent('18 of 30 left');
  });

  it('claims all that is left by default: the request carries no quantity', async () => {
    const { user, fetchMock } = await selectKoshari({ 'POST /api/request': claimedReply });
    expect(screen.getByTestId('claim-quantity')).toHaveValue(18);
    await user.click(submit());
    expect(await screen.findByText('Pickup request submitted successfully!')).toBeInTheDocument();
    expect(sentBody(fetchMock)).toEqual({ food_id: 1 });
  });

  it('claims fewer with the stepper, and Take all goes back to all that is left', async () => {
    const { user, fetchMock } = await selectKoshari({ 'POST /api/request': claimedReply });
    const input = screen.getByTestId('claim-quantity');
    await user.click(screen.getByRole('button', { name: 'One fewer' }));
    await user.click(screen.getByRole('button', { name: 'One fewer' }));
    expect(input).toHaveValue(16);
    await user.click(screen.getByRole('button', { name: 'Take all (18)' }));
    expect(input).toHaveValue(18);
    expect(screen.getByRole('button', { name: 'One more' })).toBeDisabled();
    await user.clear(input);
    await user.type(input, '5');
    expect(input).toHaveValue(5);
    await user.tab();

    await user.click(submit());
    expect(await screen.findByText('Pickup request submitted successfully!')).toBeInTheDocument();
    expect(sentBody(fetchMock)).toEqual({ food_id: 1, quantity: 5 });
  });

  it('says in the reader\'s words how much was left when another charity took some first (409)', async () => {
    const { user } = await selectKoshari({
      'POST /api/request': { status: 409, body: { statusCode: 409, error: 'Conflict', message: 'Only 3 of 30 left' } },
    });
    await user.click(screen.getByRole('button', { name: 'One fewer' }));
    await user.click(submit());
    expect(await screen.findByTestId('pickup-reason')).toHaveTextContent('Only 3 of 30 left: another charity took some first.');
  });

  it('keeps the card on the board, with what is left, when another charity claims part of it live', async () => {
    const hub = new LiveHub();
    signInAs('charity', 9);
    mockApi({ 'GET /api/available': { body: [koshari, ful] } });
    renderPage(<CharityAreaPage />, '/FoodDonationApp', { hub });
    await screen.findByRole('button', { name: 'Koshari' });

    act(() => hub.dispatch(liveEvent('food.claimed', { foodId: 1, requestId: 61, governorate: 'EG-C', quantityLeft: 7 })));
    await waitFor(() => expect(screen.getByTestId('quantity-left')).toHaveTextContent('7 of 30 left'));

    act(() => hub.dispatch(liveEvent('food.claimed', { foodId: 1, requestId: 62, governorate: 'EG-C', quantityLeft: 0 })));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Koshari' })).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: 'Ful medames' })).toBeInTheDocument();
  });

  it('words what is left in Arabic', async () => {
    await i18next.changeLanguage('ar');
    try {
      signInAs('charity', 9);
      mockApi({ 'GET /api/available': { body: [koshari] } });
      renderPage(<CharityAreaPage />, '/FoodDonationApp');
      expect(await screen.findByTestId('quantity-left')).toHaveTextContent('متبقٍ ١٨ من ٣٠');
    } finally {
      await i18next.changeLanguage('en');
    }
  });
});

describe("partial claims on the donor's card", () => {
  it('lists each claim with its charity, quantity and state, and what is left', async () => {
    signInAs('donor', 7);
    const item = donorItem({
      id: 1,
      food_name: 'Koshari',
      quantity: 30,
      quantity_left: 5,
      status: 'available',
      request: { request_id: 51, quantity: 15, name: 'Hope Kitchen' },
      claims: [
        { request_id: 50, charity_user_id: 8, name: 'Nile Relief', quantity: 10, status: 'fulfilled', created_at: '2030-05-01T10:00:00Z', received_quantity: 9 },
        { request_id: 51, charity_user_id: 9, name: 'Hope Kitchen', quantity: 15, status: 'pending', created_at: '2030-05-01T10:05:00Z', received_quantity: null },
        { request_id: 52, charity_user_id: 10, name: 'Giza Table', quantity: 5, status: 'cancelled', created_at: '2030-05-01T10:10:00Z', received_quantity: null },
      ],
    });
    mockApi({ 'GET /api/donor/7': { body: [item] } });
    renderPage(<DonorDashboardPage />, '/DonerDashboard');

    const claims = await screen.findByTestId('donor-claims');
    const rows = within(claims).getAllByRole('listitem');
    expect(rows.map((row) => row.textContent)).toEqual([
      'Nile Relief10 PortionsFulfilled9 received',
      'Hope Kitchen15 PortionsPending',
      'Giza Table5 PortionsCancelled',
    ]);
    expect(screen.getByTestId('donor-quantity-left')).toHaveTextContent('5 of 30 left');
  });

  it('hands over to the claim whose volunteer is at the door: Donate and its confirmation act on the one chosen', async () => {
    signInAs('donor', 7);
    const item = donorItem({
      id: 1,
      food_name: 'Koshari',
      quantity: 30,
      quantity_left: 0,
      status: 'claimed',
      request: { request_id: 51, quantity: 20, name: 'Hope Kitchen' },
      claims: [
        { request_id: 51, charity_user_id: 9, name: 'Hope Kitchen', quantity: 20, status: 'pending', created_at: '2030-05-01T10:05:00Z', received_quantity: null },
        { request_id: 52, charity_user_id: 10, name: 'Giza Table', quantity: 10, status: 'pending', created_at: '2030-05-01T10:10:00Z', received_quantity: null },
      ],
    });
    const fetchMock = mockApi({ 'GET /api/donor/7': { body: [item] }, 'PUT /updaterequeststatus/52': { body: { message: 'Request status updated' } } });
    renderPage(<DonorDashboardPage />, '/DonerDashboard');
    const user = userEvent.setup();
    const card = await screen.findByRole('article', { name: 'Koshari' });
    const choice = within(card).getByRole('group', { name: 'Handing over to' });
    // The first pending claim by default; the donor picks the other charity's.
    expect(within(choice).getByRole('radio', { name: /Hope Kitchen/ })).toBeChecked();
    await user.click(within(choice).getByRole('radio', { name: /Giza Table/ }));
    await user.type(within(card).getByTestId('donate-code'), '482913');
    await user.click(within(card).getByRole('button', { name: 'Donate' }));
    const dialog = screen.getByRole('dialog');
    expect(dialog).toHaveTextContent('Has Giza Table collected the food?');
    await user.click(within(dialog).getByRole('button', { name: 'Yes, donation handed over' }));
    await waitFor(() => expect(fetchMock.mock.calls.some(([url, init]) => String(url).endsWith('/updaterequeststatus/52') && init?.method === 'PUT')).toBe(true));
    expect(fetchMock.mock.calls.some(([url]) => String(url).endsWith('/updaterequeststatus/51'))).toBe(false);
  });

  it('keeps a claim of the whole listing as it was, without a claims list', async () => {
    signInAs('donor', 7);
    const item = donorItem({
      id: 1,
      quantity: 30,
      quantity_left: 0,
      status: 'claimed',
      request: { request_id: 50, quantity: 30 },
      claims: [{ request_id: 50, charity_user_id: 9, name: 'Hope Kitchen', quantity: 30, status: 'pending', created_at: '2030-05-01T10:00:00Z', received_quantity: null }],
    });
    mockApi({ 'GET /api/donor/7': { body: [item] } });
    renderPage(<DonorDashboardPage />, '/DonerDashboard');
    expect(await screen.findByText('Claimed by')).toBeInTheDocument();
    expect(screen.queryByTestId('donor-claims')).not.toBeInTheDocument();
    expect(screen.queryByTestId('donor-quantity-left')).not.toBeInTheDocument();
  });
});
