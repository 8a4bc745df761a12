import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import i18next from 'i18next';
import { LiveHub } from '../../live/live-hub';
import CharityAreaPage from './charity-area-page';
import { choosePickup } from '../../test/charity-pickup';
import { charityRequest, failure, foodItem, heldReply, liveEvent, mockApi, renderPage, signInAs } from '../../test/test-utils';

const koshari = foodItem({ id: 1, food_name: 'Koshari', quantity: 40, expiration_date: '2030-05-20' });
const ful = foodItem({ id: 2, food_name: 'Ful medames' });

const selectKoshari = (routes: Parameters<typeof mockApi>[0], hub?: LiveHub) => choosePickup(koshari, [ful], routes, hub);

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

describe('the pickup view, live', () => {
  afterEach(async () => {
    cleanup();
    await i18next.changeLanguage('en');
  });

  it('turns Submit Request off at once when another charity claims the food, and offers the board', async () => {
    const hub = new LiveHub();
    let board = [koshari, ful];
    const { user } = await selectKoshari({ 'GET /api/available': () => ({ body: board }) }, hub);
    expect(submit()).toBeEnabled();
    board = [ful];
    act(() => hub.dispatch(liveEvent('food.claimed', { foodId: 1, requestId: 77, governorate: null })));
    expect(await screen.findByText('This food was just claimed by another charity.')).toBeInTheDocument();
    expect(screen.getByText('This food was just claimed by another charity.').closest('[role="alert"]')).not.toBeNull();
    expect(submit()).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'See the other available food' }));
    expect(screen.getByRole('heading', { level: 1, name: 'Available Food Donations' })).toHaveFocus();
    expect(screen.queryByRole('button', { name: 'Koshari' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Ful medames' })).toBeInTheDocument();
  });

  it('says so in Arabic too', async () => {
    await i18next.changeLanguage('ar');
    const hub = new LiveHub();
    signInAs('charity', 9);
    mockApi({ 'GET /api/food/1': { body: koshari } });
    renderPage(<CharityAreaPage />, '/FoodDonationApp?food=1', { hub });
    await screen.findByText('Koshari');
    act(() => hub.dispatch(liveEvent('food.claimed', { foodId: 1, requestId: 77, governorate: null })));
    expect(await screen.findByText('حجزت جمعية أخرى هذا الطعام للتو.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'إرسال الطلب' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'تصفّح الطعام المتاح الآخر' })).toBeInTheDocument();
  });

  it('keeps its own claim a success when the live event of that claim arrives', async () => {
    const hub = new LiveHub();
    const { user } = await selectKoshari({ 'POST /api/request': { status: 201, body: { message: 'ok', request_id: 50, status: 'pending' } } }, hub);
    await user.click(submit());
    await screen.findByText('Pickup request submitted successfully!');
    act(() => hub.dispatch(liveEvent('food.claimed', { foodId: 1, requestId: 50, governorate: null })));
    expect(screen.queryByText('This food was just claimed by another charity.')).not.toBeInTheDocument();
  });

  it('ignores claims of other food', async () => {
    const hub = new LiveHub();
    await selectKoshari({}, hub);
    act(() => hub.dispatch(liveEvent('food.claimed', { foodId: 2, requestId: 78, governorate: null })));
    expect(screen.queryByText('This food was just claimed by another charity.')).not.toBeInTheDocument();
    expect(submit()).toBeEnabled();
  });
});

describe('the pickup view for a visitor who is not signed in', () => {
  it('asks them to log in instead of offering a Submit Request that can only fail', async () => {
    const fetchMock = mockApi({ 'GET /api/food/1': { body: koshari } });
    renderPage(<CharityAreaPage />, '/FoodDonationApp?food=1');
    await screen.findByText('Koshari');
    expect(screen.queryByRole('button', { name: 'Submit Request' })).not.toBeInTheDocument();
    expect(screen.getByText('Log in with your charity account to request this pickup.')).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: /Go to Login|Log In/ })[0]).toHaveAttribute('href', '/Login');
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);
  });
});

describe('what comes after Submit Request, and the claim limit before it', () => {
  const holding = (count: number) => Array.from({ length: count }, (_, index) => charityRequest({ request_id: 60 + index, food_id: 10 + index }));

  it('shows the pickup code, where to collect and a link to Your Requests once the claim is made', async () => {
    const { user } = await selectKoshari({ 'POST /api/request': { status: 201, body: { message: 'ok', request_id: 50, status: 'pending' } } });
    await user.click(submit());
    const next = await screen.findByTestId('pickup-next');
    expect(await within(next).findByTestId('pickup-code')).toHaveTextContent('482913');
    expect(within(next).getByText('Show this code at the door when you collect. Where and when:')).toBeInTheDocument();
    await user.click(within(next).getByRole('link', { name: 'Go to Your Requests' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Your Food Pickup Requests' })).toBeInTheDocument();
  });

  it('says how many active requests the charity holds of its limit before Submit Request', async () => {
    await selectKoshari({ 'GET /api/charity/9': { body: [...holding(2), charityRequest({ request_id: 70, status: 'fulfilled' })] } });
    expect(await screen.findByTestId('claim-allowance')).toHaveTextContent('Active requests: 2 of the 5 your charity may hold at once.');
    expect(submit()).toBeEnabled();
  });

  it('turns Submit Request off at the claim limit, before anything is sent, and says why', async () => {
    const { fetchMock } = await selectKoshari({ 'GET /api/charity/9': { body: holding(5) } });
    const reason = 'Your charity already holds 5 active requests, its limit: collect or cancel one first to request more.';
    expect(await screen.findByTestId('claim-allowance')).toHaveTextContent(reason);
    expect(submit()).toHaveAccessibleDescription(reason);
    // Off before any press, with the reason beside it: a press could only be refused.
    expect(submit()).toBeDisabled();
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);
  });
});

