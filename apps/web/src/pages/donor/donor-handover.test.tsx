import { ERRORS, LIMITS } from '@food-link/contracts';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import i18n from 'i18next';
import userEvent from '@testing-library/user-event';
import { LiveHub } from '../../live/live-hub';
import { donorItem, foodItem, inDays, liveEvent, mockApi, renderPage, signInAs, type Reply } from '../../test/test-utils';
import DonorDashboardPage from './donor-dashboard-page';

const claimed = donorItem({
  id: 2,
  food_name: 'Ful medames',
  status: 'claimed',
  category: 'cooked_meal',
  storage: 'hot',
  pickup_from: '2020-01-01T10:00:00Z',
  pickup_until: '2020-01-01T12:00:00Z',
  request: { request_id: 50, name: 'Hope Kitchen', reliability: { completed: 12, no_shows: 1, late_cancellations: 0, score: 0.92 } },
});
const available = donorItem({ id: 1, food_name: 'Koshari', quantity: 40, expiration_date: inDays(3) });

async function showCards(items: ReturnType<typeof donorItem>[], routes: Record<string, Reply | ((init?: RequestInit) => Reply)> = {}, hub?: LiveHub) {
  signInAs('donor', 7);
  const fetchMock = mockApi({ 'GET /api/donor/7': { body: items }, 'GET /api/pickup-points': { body: [] }, ...routes });
  renderPage(<DonorDashboardPage />, '/DonerDashboard', { hub });
  await screen.findAllByRole('article');
  return { fetchMock, user: userEvent.setup() };
}

const sent = (fetchMock: ReturnType<typeof mockApi>, method: string) => fetchMock.mock.calls.filter(([, init]) => init?.method === method);

describe('the donor card: listing facts and the handover', () => {
  it('shows category and storage badges, the window and the safe time', async () => {
    await showCards([claimed]);
    const card = screen.getByRole('article', { name: 'Ful medames' });
    expect(within(card).getByText('Cooked meal')).toBeInTheDocument();
    expect(within(card).getByText('Kept hot')).toBeInTheDocument();
    expect(within(card).getByTestId('pickup-window')).toHaveTextContent('1 Jan 2020, 12:00 pm – 2:00 pm');
    // The end of 20 May: that day's midnight, not "21 May, 12:00 am".
    expect(within(card).getByTestId('safe-until')).toHaveTextContent('20 May 2030, midnight');
  });

  it('shows the claiming charity\'s reliability, or "New charity" without history', async () => {
    const fresh = donorItem({ id: 3, food_name: 'Rice', status: 'claimed', request: { request_id: 51 } });
    await showCards([claimed, fresh]);
    expect(within(screen.getByRole('article', { name: 'Ful medames' })).getByTestId('reliability')).toHaveTextContent('92% reliable · 12 collected');
    expect(within(screen.getByRole('article', { name: 'Rice' })).getByTestId('reliability')).toHaveTextContent('New charity');
  });

  it('Donate sends the pickup code when given, and a wrong code (409) says the server\'s reason', async () => {
    const { fetchMock, user } = await showCards([claimed], {
      'PUT /updaterequeststatus/50': { status: 409, body: { statusCode: 409, error: 'Conflict', message: 'The pickup code does not match' } },
    });
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const card = screen.getByRole('article', { name: 'Ful medames' });
    await user.type(within(card).getByTestId('donate-code'), '482913');
    await user.click(within(card).getByRole('button', { name: 'Donate' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Yes, donation handed over' }));
    expect(await within(card).findByTestId('donate-error')).toHaveTextContent('The donation was not marked completed: The pickup code does not match');
    expect(JSON.parse(sent(fetchMock, 'PUT')[0][1]?.body as string)).toEqual({ status: 'fulfilled', pickup_code: '482913' });
    expect(within(card).getByRole('button', { name: 'Donate' })).toBeEnabled();
  });

  it('says why when the request takes no more codes after too many wrong ones (429), in English and Arabic', async () => {
    const locked = ERRORS.pickupCodeLocked(LIMITS.pickupCodeTries);
    const { user } = await showCards([claimed], {
      'PUT /updaterequeststatus/50': { status: 429, body: { statusCode: 429, error: 'Too Many Requests', message: locked } },
    });
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const card = screen.getByRole('article', { name: 'Ful medames' });
    await user.type(within(card).getByTestId('donate-code'), '482913');
    await user.click(within(card).getByRole('button', { name: 'Donate' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Yes, donation handed over' }));
    expect(await within(card).findByTestId('donate-error')).toHaveTextContent(`The donation was not marked completed: ${locked}`);
    await act(() => i18n.changeLanguage('ar'));
    expect(within(card).getByTestId('donate-error')).toHaveTextContent('فلم تعد الرموز مقبولة له');
    await act(() => i18n.changeLanguage('en'));
  });

  it('opens the pickup details from the card', async () => {
    const { user } = await showCards([claimed], {
      'GET /api/requests/50/pickup': {
        body: {
          request_id: 50, food_id: 2, status: 'pending', food_name: 'Ful medames', pickup_from: null, pickup_until: null,
          category: 'cooked_meal', storage: 'hot', safe_until: '2030-05-20T21:00:00Z', serve_within_minutes: 90, point: null, donor_name: 'Nile Bakery', charity_name: 'Hope Kitchen', pickup_code: null,
        },
      },
    });
    const card = screen.getByRole('article', { name: 'Ful medames' });
    await user.click(within(card).getByTestId('donor-pickup-details-toggle'));
    expect(await within(card).findByText(/The donor gave no pickup point/)).toBeInTheDocument();
    expect(within(card).queryByTestId('pickup-code')).not.toBeInTheDocument();
  });

  it('reports a no-show once the window has started, after asking', async () => {
    const { fetchMock, user } = await showCards([claimed], {
      'POST /api/requests/50/no-show': { body: { message: 'No-show recorded', status: 'not_collected', food_status: 'available' } },
    });
    const card = screen.getByRole('article', { name: 'Ful medames' });
    await user.click(within(card).getByTestId('report-no-show'));
    await user.click(within(screen.getByRole('dialog', { name: 'Did Hope Kitchen not come?' })).getByRole('button', { name: 'Yes, nobody came' }));
    await waitFor(() => expect(sent(fetchMock, 'POST').map(([url]) => url)).toContain('/api/requests/50/no-show'));
  });

  it('has no no-show button before the window starts', async () => {
    await showCards([{ ...claimed, pickup_from: '2030-05-20T10:00:00Z' }]);
    expect(within(screen.getByRole('article', { name: 'Ful medames' })).queryByTestId('report-no-show')).not.toBeInTheDocument();
  });

  it('withdraws a listing after asking, and shows it withdrawn', async () => {
    const { fetchMock, user } = await showCards([available], { 'DELETE /api/food/1': { body: { message: 'Food item withdrawn' } } });
    const card = screen.getByRole('article', { name: 'Koshari' });
    await user.click(within(card).getByTestId('food-withdraw'));
    const dialog = screen.getByRole('dialog', { name: 'Withdraw Koshari?' });
    expect(sent(fetchMock, 'DELETE')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Yes, withdraw it' }));
    expect(await within(card).findByText('Withdrawn')).toHaveAttribute('data-state', 'withdrawn');
    expect(within(card).queryByTestId('food-withdraw')).not.toBeInTheDocument();
  });

  it('edits an available listing, sending only what changed', async () => {
    const { fetchMock, user } = await showCards([available], {
      'PATCH /api/food/1': (init) => ({ body: { ...available, ...JSON.parse(init?.body as string) } }),
    });
    await user.click(within(screen.getByRole('article', { name: 'Koshari' })).getByTestId('food-edit'));
    const form = screen.getByRole('form', { name: 'Edit Koshari' });
    fireEvent.change(within(form).getByLabelText(/^Quantity/), { target: { value: '30' } });
    await user.click(within(form).getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(sent(fetchMock, 'PATCH')).toHaveLength(1));
    expect(JSON.parse(sent(fetchMock, 'PATCH')[0][1]?.body as string)).toEqual({ quantity: 30 });
    const card = await screen.findByRole('article', { name: 'Koshari' });
    expect(within(card).getByText('30')).toBeInTheDocument();
  });

  it('shows what the charity reported it received', async () => {
    const done = {
      ...claimed,
      request: { ...claimed.request!, status: 'fulfilled' as const, received: { received_quantity: 38, received_weight_kg: 11.8, comment: 'Two boxes crushed', received_at: '2030-05-20T12:00:00Z' } },
    };
    await showCards([done]);
    expect(screen.getByTestId('received-summary')).toHaveTextContent('Received: 38 · 11.8 kg');
    expect(screen.getByTestId('received-summary')).toHaveTextContent('Two boxes crushed');
  });

  it('applies live edits and withdrawals to the list', async () => {
    const hub = new LiveHub();
    await showCards([available, claimed], {}, hub);
    act(() => hub.dispatch(liveEvent('food.updated', { foodId: 1, food: foodItem({ id: 1, food_name: 'Koshari', description: 'Now with salad' }) })));
    expect(await screen.findByText('Now with salad')).toBeInTheDocument();
    act(() => hub.dispatch(liveEvent('food.withdrawn', { foodId: 2, requestId: 50, governorate: null })));
    const card = screen.getByRole('article', { name: 'Ful medames' });
    expect(await within(card).findByText('Withdrawn')).toHaveAttribute('data-state', 'withdrawn');
  });
});

describe('editing a listing whose window has begun', () => {
  it('does not refuse the unchanged window', async () => {
    signInAs('donor', 7);
    const started = donorItem({
      id: 5,
      food_name: 'Bread',
      expiration_date: inDays(2),
      pickup_from: new Date(Date.now() - 3_600_000).toISOString(),
      pickup_until: new Date(Date.now() + 3_600_000).toISOString(),
    });
    const fetchMock = mockApi({
      'GET /api/donor/7': { body: [started] },
      'GET /api/pickup-points': { body: [] },
      'PATCH /api/food/5': (init) => ({ body: { ...started, ...JSON.parse(init?.body as string) } }),
    });
    const user = userEvent.setup();
    renderPage(<DonorDashboardPage />, '/DonerDashboard');
    await user.click(within(await screen.findByRole('article', { name: 'Bread' })).getByTestId('food-edit'));
    const form = screen.getByRole('form', { name: 'Edit Bread' });
    fireEvent.change(within(form).getByLabelText(/Description/), { target: { value: 'Baladi bread, 120 loaves' } });
    await user.click(within(form).getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(sent(fetchMock, 'PATCH')).toHaveLength(1));
    expect(JSON.parse(sent(fetchMock, 'PATCH')[0][1]?.body as string)).toEqual({ description: 'Baladi bread, 120 loaves' });
  });
});

describe('photos of a listing being edited', () => {
  it('removes one by its index, and the form offers its place for a new one', async () => {
    signInAs('donor', 7);
    const pictured = donorItem({
      id: 6,
      food_name: 'Cake',
      expiration_date: inDays(2),
      photo_count: 3,
      photo_urls: ['/p/a.webp', '/p/b.webp', '/p/c.webp'],
      thumbnail_urls: ['/p/a-t.webp', '/p/b-t.webp', '/p/c-t.webp'],
    });
    mockApi({
      'GET /api/donor/7': { body: [pictured] },
      'GET /api/pickup-points': { body: [] },
      'DELETE /api/food/6/photos/1': { body: { photo_urls: ['/p/a.webp', '/p/c.webp'], thumbnail_urls: ['/p/a-t.webp', '/p/c-t.webp'] } },
    });
    const user = userEvent.setup();
    renderPage(<DonorDashboardPage />, '/DonerDashboard');
    await user.click(within(await screen.findByRole('article', { name: 'Cake' })).getByTestId('food-edit'));
    const form = screen.getByRole('form', { name: 'Edit Cake' });
    expect(within(form).queryByTestId('food-photos')).not.toBeInTheDocument();
    await user.click(within(within(form).getByTestId('food-existing-photos')).getByRole('button', { name: 'Remove 2' }));
    await waitFor(() => expect(within(form).getAllByRole('img')).toHaveLength(2));
    expect(within(form).getByTestId('food-photos')).toBeInTheDocument();
  });
});
