import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { STORAGE_KEYS } from '../../session/session';
import CharityAreaPage from './charity-area-page';
import { charityRequest, failure, heldReply, mockApi, renderPage, signInAs } from '../../test/test-utils';

const pending = charityRequest({ request_id: 50, food_name: 'Koshari', quantity: 40, name: 'Nile Bakery', email: 'bakery@example.com' });
const fulfilled = charityRequest({ request_id: 51, food_name: 'Ful medames', status: 'fulfilled' });
const cancelled = charityRequest({ request_id: 52, food_name: 'Baladi bread', status: 'cancelled' });

const showRequests = () => renderPage(<CharityAreaPage />, '/FoodDonationApp?view=requests');

/** A session as an older login left it: a token and the charity name, but no user id. */
function signInWithoutUserId() {
  localStorage.setItem(STORAGE_KEYS.token, 'token-9');
  localStorage.setItem(STORAGE_KEYS.charityName, 'Hope Kitchen');
}

describe('Your Food Pickup Requests', () => {
  it('shows "Loading..." and then each request with its food, donor and status', async () => {
    signInAs('charity', 9);
    const list = heldReply();
    mockApi({ 'GET /api/charity/9': list.handler });
    showRequests();
    expect(screen.getByText('Loading...')).toHaveAttribute('role', 'status');
    list.release({ body: [pending, fulfilled] });

    const item = await screen.findByRole('article', { name: 'Koshari' });
    expect(item).toHaveAttribute('data-request-id', '50');
    expect(within(item).getByText('Nile Bakery')).toBeInTheDocument();
    expect(within(item).getByText('Donor Email').nextElementSibling).toHaveTextContent('bakery@example.com');
    for (const label of ['Quantity', 'Donor Name', 'Donor Email', 'Status']) {
      expect(within(item).getByText(label)).toBeInTheDocument();
    }
    expect(within(item).getByText('Pending')).toHaveAttribute('data-state', 'pending');
    expect(within(item).getByRole('button', { name: 'Cancel Request' })).toHaveAccessibleDescription('Koshari');
    expect(within(screen.getByRole('article', { name: 'Ful medames' })).getByText('Fulfilled')).toHaveAttribute('data-state', 'fulfilled');
  });

  it('draws the fulfilled request\'s Cancel Request grey, not as a red warning; a pending one stays red', async () => {
    signInAs('charity', 9);
    mockApi({ 'GET /api/charity/9': { body: [pending, fulfilled] } });
    showRequests();
    const off = within(await screen.findByRole('article', { name: 'Ful medames' })).getByRole('button', { name: 'Cancel Request' });
    expect(off.className).not.toMatch(/red/);
    expect(off).toHaveClass('text-stone-500');
    expect(within(screen.getByRole('article', { name: 'Koshari' })).getByRole('button', { name: 'Cancel Request' })).toHaveClass('text-red-700');
  });

  it('keeps Cancel Request off on a fulfilled request, saying why', async () => {
    signInAs('charity', 9);
    mockApi({ 'GET /api/charity/9': { body: [pending, fulfilled] } });
    showRequests();
    const done = await screen.findByRole('article', { name: 'Ful medames' });
    const button = within(done).getByRole('button', { name: 'Cancel Request' });
    expect(button).toBeDisabled();
    expect(button).toHaveAccessibleDescription('Ful medames This request is fulfilled, so it can no longer be cancelled.');
    expect(within(screen.getByRole('article', { name: 'Koshari' })).getByRole('button', { name: 'Cancel Request' })).toBeEnabled();
  });

  it('asks before cancelling, and keeps the request when the charity changes its mind', async () => {
    signInAs('charity', 9);
    const fetchMock = mockApi({ 'GET /api/charity/9': { body: [pending] } });
    const user = userEvent.setup();
    showRequests();
    const item = await screen.findByRole('article', { name: 'Koshari' });
    await user.click(within(item).getByRole('button', { name: 'Cancel Request' }));
    const dialog = screen.getByRole('dialog', { name: 'Cancel this pickup request?' });
    expect(dialog).toHaveTextContent('Koshari goes back on the board');
    await user.click(within(dialog).getByRole('button', { name: 'Keep the request' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'PUT')).toBe(false);
    expect(screen.getByRole('article', { name: 'Koshari' })).toBeInTheDocument();
  });

  it('leaves cancelled requests out of the list', async () => {
    signInAs('charity', 9);
    mockApi({ 'GET /api/charity/9': { body: [pending, cancelled] } });
    showRequests();
    await screen.findByRole('article', { name: 'Koshari' });
    expect(screen.queryByText('Baladi bread')).not.toBeInTheDocument();
  });

  it('shows "No pickup requests found" when there are none left to show', async () => {
    signInAs('charity', 9);
    mockApi({ 'GET /api/charity/9': { body: [cancelled] } });
    showRequests();
    expect(await screen.findByText('No pickup requests found')).toBeInTheDocument();
  });

  it('cancels a request: the server\'s message shows and the request leaves the list', async () => {
    signInAs('charity', 9);
    const put = heldReply();
    const fetchMock = mockApi({ 'GET /api/charity/9': { body: [pending, fulfilled] }, 'PUT /api/updaterequest/50': put.handler });
    const user = userEvent.setup();
    showRequests();
    const item = await screen.findByRole('article', { name: 'Koshari' });
    await user.click(within(item).getByRole('button', { name: 'Cancel Request' }));
    await user.click(screen.getByRole('button', { name: 'Yes, cancel the request' }));
    expect(within(item).getByRole('button', { name: 'Cancel Request' })).toBeDisabled();
    expect(JSON.parse(fetchMock.mock.calls.at(-1)?.[1]?.body as string)).toEqual({ status: 'cancelled' });
    put.release({ body: { message: 'Request cancelled successfully' } });

    const notice = await screen.findByText('Request cancelled successfully');
    expect(notice).toHaveFocus();
    expect(screen.queryByRole('article', { name: 'Koshari' })).not.toBeInTheDocument();
    expect(screen.getByRole('article', { name: 'Ful medames' })).toBeInTheDocument();
  });

  it('says "Error cancelling the request." when the cancel fails, keeping the request', async () => {
    signInAs('charity', 9);
    mockApi({ 'GET /api/charity/9': { body: [pending] }, 'PUT /api/updaterequest/50': failure(409) });
    const user = userEvent.setup();
    showRequests();
    await user.click(await screen.findByRole('button', { name: 'Cancel Request' }));
    await user.click(screen.getByRole('button', { name: 'Yes, cancel the request' }));
    expect(await screen.findByText('Error cancelling the request.')).toHaveAttribute('role', 'alert');
    expect(screen.getByRole('article', { name: 'Koshari' })).toBeInTheDocument();
  });

  it('says "Error fetching requests." when the list cannot be fetched', async () => {
    signInAs('charity', 9);
    mockApi({ 'GET /api/charity/9': failure(503) });
    showRequests();
    expect(await screen.findByText('Error fetching requests.')).toHaveAttribute('role', 'alert');
  });

  it('asks the server who is signed in when the session holds no user id', async () => {
    signInWithoutUserId();
    mockApi({
      'GET /api/auth/me': { body: { user_id: 9, name: 'Hope Kitchen', email: 'hope@example.org', user_type: 'charity' } },
      'GET /api/charity/9': { body: [pending] },
    });
    showRequests();
    expect(await screen.findByRole('article', { name: 'Koshari' })).toBeInTheDocument();
  });

  it('says "Error fetching requests." when the session lookup fails', async () => {
    signInWithoutUserId();
    mockApi({ 'GET /api/auth/me': failure(401) });
    showRequests();
    expect(await screen.findByText('Error fetching requests.')).toBeInTheDocument();
  });

  it('falls back to the lookup by charity name, and says "Charity not found." when it finds none', async () => {
    signInWithoutUserId();
    mockApi({
      'GET /api/auth/me': { body: { name: 'Hope Kitchen', email: 'hope@example.org', user_type: 'charity' } },
      'GET /api/charityid/Hope%20Kitchen': failure(404),
    });
    showRequests();
    expect(await screen.findByText('Charity not found.')).toHaveAttribute('role', 'alert');
  });

  it('finds the requests through the lookup by charity name', async () => {
    signInWithoutUserId();
    mockApi({
      'GET /api/auth/me': { body: { name: 'Hope Kitchen', email: 'hope@example.org', user_type: 'charity' } },
      'GET /api/charityid/Hope%20Kitchen': { body: { user_id: 9, charity_id: 3, name: 'Hope Kitchen' } },
      'GET /api/charity/9': { body: [pending] },
    });
    showRequests();
    expect(await screen.findByRole('article', { name: 'Koshari' })).toBeInTheDocument();
  });

  it('invites a visitor who is not signed in to log in, without calling the API', () => {
    const fetchMock = mockApi({});
    showRequests();
    expect(screen.getByRole('link', { name: 'Go to Login' })).toHaveAttribute('href', '/Login');
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
