import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import CharityAreaPage from './charity-area-page';
import { failure, foodItem, heldReply, mockApi, renderPage, signInAs } from '../../test/test-utils';

const koshari = foodItem({ id: 1, food_name: 'Koshari', quantity: 40, expiration_date: '2030-05-20' });
const ful = foodItem({ id: 2, food_name: 'Ful medames' });

async function selectKoshari(routes: Parameters<typeof mockApi>[0]) {
  signInAs('charity', 9);
  const fetchMock = mockApi({ 'GET /api/available': { body: [koshari, ful] }, 'GET /api/food/1': { body: koshari }, ...routes });
  const user = userEvent.setup();
  renderPage(<CharityAreaPage />, '/FoodDonationApp');
  await user.click(await screen.findByRole('button', { name: 'Koshari' }));
  return { user, fetchMock };
}

const submit = () => screen.getByRole('button', { name: /Submit Request|Submitting/ });

describe('Request a Food Pickup', () => {
  it('shows the Food Item Details of the selected food', async () => {
    await selectKoshari({});
    expect(screen.getByRole('heading', { name: 'Request a Food Pickup' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Food Item Details' })).toBeInTheDocument();
    for (const label of ['Food Name', 'Quantity', 'Description', 'Expiration Date']) {
      expect(screen.getByText(label)).toBeInTheDocument();
    }
    expect(screen.getByText('Koshari')).toBeInTheDocument();
    expect(screen.getByText('20 May 2030')).toBeInTheDocument();
  });

  it('says "Error fetching food details." when the details cannot be fetched', async () => {
    signInAs('charity', 9);
    mockApi({ 'GET /api/food/5': failure(404) });
    renderPage(<CharityAreaPage />, '/FoodDonationApp?food=5');
    expect(await screen.findByText('Error fetching food details.')).toHaveAttribute('role', 'alert');
  });

  it('reads "Submitting..." and is disabled while sending, then confirms the request', async () => {
    const post = heldReply();
    const { user, fetchMock } = await selectKoshari({ 'POST /api/request': post.handler });
    await user.click(submit());
    expect(submit()).toHaveTextContent('Submitting...');
    expect(submit()).toBeDisabled();
    expect(JSON.parse(fetchMock.mock.calls.at(-1)?.[1]?.body as string)).toEqual({ food_id: 1 });
    post.release({ status: 201, body: { message: 'Pickup requested', request_id: 50, status: 'pending' } });

    expect(await screen.findByText('Pickup request submitted successfully!')).toHaveAttribute('role', 'status');
    expect(submit()).toHaveTextContent('Submit Request');
    expect(screen.queryByRole('alert')).toBeEmptyDOMElement();
  });

  it('says "Error submitting pickup request." when the food was claimed meanwhile (409), and clears it on success', async () => {
    let replies = [failure(409), { status: 201, body: { message: 'ok', request_id: 50, status: 'pending' } }];
    const { user } = await selectKoshari({
      'POST /api/request': () => {
        const [next, ...rest] = replies;
        replies = rest;
        return next;
      },
    });
    await user.click(submit());
    expect(await screen.findByText('Error submitting pickup request.')).toHaveAttribute('role', 'alert');
    await user.click(submit());
    expect(await screen.findByText('Pickup request submitted successfully!')).toBeInTheDocument();
    expect(screen.queryByText('Error submitting pickup request.')).not.toBeInTheDocument();
  });

  it('goes Back to Food List, where the claimed food is gone at once', async () => {
    let board = [koshari, ful];
    const { user, fetchMock } = await selectKoshari({
      'GET /api/available': () => ({ body: board }),
      'POST /api/request': () => {
        board = [ful];
        return { status: 201, body: { message: 'ok', request_id: 50, status: 'pending' } };
      },
    });
    await user.click(submit());
    await screen.findByText('Pickup request submitted successfully!');
    await user.click(screen.getByRole('button', { name: 'Back to Food List' }));
    expect(screen.getByRole('heading', { level: 1, name: 'Available Food Donations' })).toHaveFocus();
    expect(screen.getByRole('button', { name: 'Ful medames' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Koshari' })).not.toBeInTheDocument();
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(4));
    expect(screen.queryByRole('button', { name: 'Koshari' })).not.toBeInTheDocument();
  });
});
