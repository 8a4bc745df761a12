import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18next from 'i18next';
import type { PickupDetails } from '@food-link/contracts';
import { LiveHub } from '../../live/live-hub';
import { charityRequest, foodItem, liveEvent, mockApi, renderPage, signInAs } from '../../test/test-utils';
import CharityAreaPage from './charity-area-page';

const koshari = foodItem({ id: 1, food_name: 'Koshari' });

const details: PickupDetails = {
  request_id: 50,
  food_id: 1,
  status: 'pending',
  food_name: 'Koshari',
  category: 'cooked_meal',
  storage: 'hot',
  pickup_from: '2026-11-24T19:00:00.000Z',
  pickup_until: '2026-11-24T21:00:00.000Z',
  safe_until: '2026-11-24T22:00:00.000Z',
  serve_within_minutes: 90,
  point: {
    label: 'Tahrir branch',
    governorate: 'EG-C',
    area: 'Downtown',
    address_line: '12 Talaat Harb Street',
    landmark: 'Next to the Al-Nour mosque, green door',
    lat: 30.0478,
    lng: 31.2386,
    contact_name: 'Mona Adel',
    contact_phone: '+201001234567',
    notes: 'Ring the bell twice',
    map_url: 'https://www.google.com/maps/search/?api=1&query=30.0478,31.2386',
  },
  donor_name: 'Nile Bakery',
  charity_name: 'Hope Kitchen',
  pickup_code: '482913',
};

describe('claiming on the pickup view', () => {
  it('keeps the spec\'s error text and adds the server\'s reason under it', async () => {
    signInAs('charity', 9);
    mockApi({
      'GET /api/food/1': { body: koshari },
      'POST /api/request': { status: 409, body: { statusCode: 409, error: 'Conflict', message: 'This food item has already been claimed' } },
    });
    const user = userEvent.setup();
    renderPage(<CharityAreaPage />, '/FoodDonationApp?food=1');
    await user.click(await screen.findByRole('button', { name: 'Submit Request' }));
    expect(await screen.findByText('Error submitting pickup request.')).toHaveAttribute('role', 'alert');
    expect(screen.getByTestId('pickup-reason')).toHaveTextContent('This food item has already been claimed');
  });

  it('turns off Submit Request at once when the donor withdraws the food, and offers the board', async () => {
    signInAs('charity', 9);
    mockApi({ 'GET /api/food/1': { body: koshari } });
    const hub = new LiveHub();
    renderPage(<CharityAreaPage />, '/FoodDonationApp?food=1', { hub });
    const submit = await screen.findByRole('button', { name: 'Submit Request' });
    act(() => hub.dispatch(liveEvent('food.withdrawn', { foodId: 1, requestId: null, governorate: 'EG-C' })));
    expect(await screen.findByTestId('pickup-gone')).toHaveTextContent('This food is no longer available');
    expect(submit).toBeDisabled();
    expect(within(screen.getByTestId('pickup-gone')).getByRole('button', { name: 'See the other available food' })).toBeInTheDocument();
  });

  it('shows an edit live: the new details replace the old', async () => {
    signInAs('charity', 9);
    mockApi({ 'GET /api/food/1': { body: koshari } });
    const hub = new LiveHub();
    renderPage(<CharityAreaPage />, '/FoodDonationApp?food=1', { hub });
    await screen.findByText('Cooked this morning');
    act(() => hub.dispatch(liveEvent('food.updated', { foodId: 1, food: { ...koshari, description: 'Two more pots' } })));
    expect(await screen.findByText('Two more pots')).toBeInTheDocument();
  });
});

describe('Your Requests: after the claim', () => {
  it('shows a pending request\'s pickup details: address, landmark, map link, call link, window, the code and the 90-minute note', async () => {
    signInAs('charity', 9);
    mockApi({
      'GET /api/charity/9': { body: [charityRequest({ request_id: 50, food_name: 'Koshari' })] },
      'GET /api/requests/50/pickup': { body: details },
    });
    renderPage(<CharityAreaPage />, '/FoodDonationApp?view=requests');
    const card = await screen.findByRole('article', { name: 'Koshari' });
    const panel = await within(card).findByTestId('pickup-details');
    expect(await within(panel).findByTestId('pickup-address')).toHaveTextContent('12 Talaat Harb Street, Downtown, Cairo');
    expect(within(panel).getByText('Next to the Al-Nour mosque, green door')).toBeInTheDocument();
    expect(within(panel).getByTestId('pickup-call')).toHaveAttribute('href', 'tel:+201001234567');
    expect(within(panel).getByTestId('pickup-call')).toHaveTextContent(/^Call \u2068Mona Adel\u2069$/);
    // The donor branch's phone on WhatsApp too (docs/MESSAGING.md, "Talk to each other").
    expect(within(panel).getByTestId('pickup-whatsapp')).toHaveAttribute('href', 'https://wa.me/201001234567');
    expect(within(panel).getByTestId('pickup-whatsapp')).toHaveTextContent(/^WhatsApp \u2068Mona Adel\u2069$/);
    expect(within(panel).getByTestId('pickup-map')).toHaveAttribute('href', details.point?.map_url);
    expect(within(panel).getByTestId('pickup-code')).toHaveTextContent('482913');
    expect(within(panel).getByTestId('serve-within')).toHaveTextContent('Serve or chill cooked food within 90 minutes of collecting it.');
    expect(within(panel).getByText('24 Nov 2026, 9:00 pm – 11:00 pm')).toBeInTheDocument();
  });

  it('gives advice that follows what the food is and how it is kept: no cooked-food advice for bread, in both languages', async () => {
    signInAs('charity', 9);
    mockApi({
      'GET /api/charity/9': {
        body: [
          charityRequest({ request_id: 50, food_id: 1, food_name: 'Baladi bread' }),
          charityRequest({ request_id: 52, food_id: 2, food_name: 'Rayeb cups' }),
          charityRequest({ request_id: 53, food_id: 3, food_name: 'Frozen kofta' }),
        ],
      },
      'GET /api/requests/50/pickup': { body: { ...details, category: 'bakery', storage: 'ambient' } },
      'GET /api/requests/52/pickup': { body: { ...details, request_id: 52, category: 'dairy', storage: 'chilled' } },
      'GET /api/requests/53/pickup': { body: { ...details, request_id: 53, category: 'meat_fish', storage: 'frozen' } },
    });
    renderPage(<CharityAreaPage />, '/FoodDonationApp?view=requests');
    const advice = async (name: string) => within(await screen.findByRole('article', { name })).findByTestId('serve-within');
    expect(await advice('Baladi bread')).toHaveTextContent('Keep it dry, covered and out of the sun on the way.');
    expect(await advice('Baladi bread')).not.toHaveTextContent(/cooked|90/);
    expect(await advice('Rayeb cups')).toHaveTextContent('Keep it cold on the way (a cool box) and put it in a fridge as soon as you arrive.');
    expect(await advice('Frozen kofta')).toHaveTextContent('Keep it frozen on the way (a cool box) and put it in a freezer as soon as you arrive.');
    await act(() => i18next.changeLanguage('ar'));
    expect(await advice('Baladi bread')).toHaveTextContent('أبقِه جافًا ومغطًّى وبعيدًا عن الشمس في الطريق.');
    await act(() => i18next.changeLanguage('en'));
  });

  it('asks what arrived once fulfilled, sends it, and then shows the report', async () => {
    signInAs('charity', 9);
    const fetchMock = mockApi({
      'GET /api/charity/9': { body: [charityRequest({ request_id: 51, food_name: 'Ful medames', status: 'fulfilled' })] },
      'POST /api/requests/51/received': {
        status: 201,
        body: { received_quantity: 38, received_weight_kg: null, comment: 'Two boxes crushed', received_at: '2026-11-24T20:00:00Z' },
      },
    });
    const user = userEvent.setup();
    renderPage(<CharityAreaPage />, '/FoodDonationApp?view=requests');
    const card = await screen.findByRole('article', { name: 'Ful medames' });
    await user.click(within(card).getByTestId('received-submit'));
    expect(within(card).getByText('Give a quantity, a weight or a comment.')).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await user.type(within(card).getByTestId('received-quantity'), '38');
    await user.type(within(card).getByTestId('received-comment'), 'Two boxes crushed');
    await user.click(within(card).getByTestId('received-submit'));
    expect(await within(card).findByTestId('received-summary')).toHaveTextContent('Received: 38');
    expect(JSON.parse(fetchMock.mock.calls[1][1]?.body as string)).toEqual({ received_quantity: 38, comment: 'Two boxes crushed' });
    expect(within(card).queryByTestId('received-form')).not.toBeInTheDocument();
  });

  it('says plainly when the donor withdrew the food or nobody collected it, with nothing to press', async () => {
    signInAs('charity', 9);
    mockApi({
      'GET /api/charity/9': {
        body: [
          charityRequest({ request_id: 52, food_name: 'Baladi bread', status: 'withdrawn' }),
          charityRequest({ request_id: 53, food_name: 'Rice', status: 'not_collected' }),
        ],
      },
    });
    renderPage(<CharityAreaPage />, '/FoodDonationApp?view=requests');
    const withdrawn = await screen.findByRole('article', { name: 'Baladi bread' });
    expect(within(withdrawn).getByText('Withdrawn')).toHaveAttribute('data-state', 'withdrawn');
    expect(within(withdrawn).getByText(/The donor withdrew this food/)).toBeInTheDocument();
    expect(within(withdrawn).queryByRole('button')).not.toBeInTheDocument();
    const missed = screen.getByRole('article', { name: 'Rice' });
    expect(within(missed).getByText('Not collected')).toHaveAttribute('data-state', 'not_collected');
    expect(within(missed).queryByRole('button')).not.toBeInTheDocument();
  });
});

describe('the board and requests, live, with the new events', () => {
  it('takes a withdrawn item off a filtered board, and marks the charity\'s request withdrawn', async () => {
    localStorage.setItem('boardFilters', JSON.stringify({ governorate: 'EG-C' }));
    signInAs('charity', 9);
    const hub = new LiveHub();
    mockApi({
      'GET /api/available?governorate=EG-C': { body: [koshari, foodItem({ id: 2, food_name: 'Ful' })] },
    });
    renderPage(<CharityAreaPage />, '/FoodDonationApp', { hub });
    await screen.findByRole('article', { name: 'Koshari' });
    expect(hub.watching).toEqual(['board:EG-C']);
    act(() => hub.dispatch(liveEvent('food.withdrawn', { foodId: 1, governorate: 'EG-C' })));
    await waitFor(() => expect(screen.queryByRole('article', { name: 'Koshari' })).not.toBeInTheDocument());
    expect(screen.getByText('Koshari was withdrawn by its donor')).toBeInTheDocument();
    // An edit that moves an item out of the chosen governorate takes it off this board too.
    act(() => hub.dispatch(liveEvent('food.updated', { foodId: 2, food: foodItem({ id: 2, food_name: 'Ful', governorate: 'EG-GZ' }) })));
    await waitFor(() => expect(screen.queryByRole('article', { name: 'Ful' })).not.toBeInTheDocument());
  });

  it('puts an item nobody collected back on the board when the server relisted it', async () => {
    signInAs('charity', 9);
    const hub = new LiveHub();
    let board: ReturnType<typeof foodItem>[] = [];
    mockApi({ 'GET /api/available': () => ({ body: board }), 'GET /api/food/1': { body: koshari } });
    renderPage(<CharityAreaPage />, '/FoodDonationApp', { hub });
    await screen.findByText('No available food donations');
    board = [koshari];
    act(() => hub.dispatch(liveEvent('request.not_collected', { foodId: 1, requestId: 50, relisted: true, governorate: 'EG-C' })));
    expect(await screen.findByRole('article', { name: 'Koshari' })).toBeInTheDocument();
  });

  it('marks the charity\'s request not collected, live', async () => {
    signInAs('charity', 9);
    const hub = new LiveHub();
    mockApi({
      'GET /api/charity/9': { body: [charityRequest({ request_id: 50, food_id: 1, food_name: 'Koshari' })] },
      'GET /api/requests/50/pickup': { body: details },
    });
    renderPage(<CharityAreaPage />, '/FoodDonationApp?view=requests', { hub });
    const request = await screen.findByRole('article', { name: 'Koshari' });
    act(() => hub.dispatch(liveEvent('request.not_collected', { foodId: 1, requestId: 50, relisted: false, governorate: 'EG-C' })));
    expect(await within(request).findByText('Not collected')).toHaveAttribute('data-state', 'not_collected');
    expect(within(request).queryByTestId('pickup-details')).not.toBeInTheDocument();
  });

  describe('the received report', () => {
    const bread = charityRequest({ request_id: 52, food_name: 'Baladi bread', status: 'fulfilled', quantity: 30, unit: 'item' });
    const sent = (fetchMock: ReturnType<typeof mockApi>) => fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST');

    it('names the unit and what was handed over, and asks before sending more than that', async () => {
      signInAs('charity', 9);
      const fetchMock = mockApi({
        'GET /api/charity/9': { body: [bread] },
        'POST /api/requests/52/received': (init) => ({
          status: 201,
          body: { received_quantity: JSON.parse(init?.body as string).received_quantity, received_weight_kg: null, comment: null, received_at: new Date().toISOString() },
        }),
      });
      const user = userEvent.setup();
      renderPage(<CharityAreaPage />, '/FoodDonationApp?view=requests');
      const card = await screen.findByRole('article', { name: 'Baladi bread' });
      const quantity = within(card).getByLabelText('Quantity received (Items)');
      expect(quantity).toHaveAccessibleDescription('Handed over: 30 (Items)');
      await user.type(quantity, '300');
      await user.click(within(card).getByTestId('received-submit'));
      const dialog = await screen.findByRole('dialog', { name: 'More than was handed over?' });
      expect(dialog).toHaveTextContent('You report 300, but 30 (Items) were handed over. Send it all the same?');
      expect(sent(fetchMock)).toHaveLength(0);
      await user.click(within(dialog).getByRole('button', { name: 'Correct the number' }));
      expect(sent(fetchMock)).toHaveLength(0);
      await user.clear(quantity);
      await user.type(quantity, '30');
      await user.click(within(card).getByTestId('received-submit'));
      expect(await within(card).findByTestId('received-summary')).toHaveTextContent('Received: 30');
      expect(sent(fetchMock)).toHaveLength(1);
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    });

    it('sends more than was handed over once the charity confirms it', async () => {
      signInAs('charity', 9);
      const fetchMock = mockApi({
        'GET /api/charity/9': { body: [bread] },
        'POST /api/requests/52/received': { status: 201, body: { received_quantity: 32, received_weight_kg: null, comment: null, received_at: new Date().toISOString() } },
      });
      const user = userEvent.setup();
      renderPage(<CharityAreaPage />, '/FoodDonationApp?view=requests');
      const card = await screen.findByRole('article', { name: 'Baladi bread' });
      await user.type(within(card).getByTestId('received-quantity'), '32');
      await user.click(within(card).getByTestId('received-submit'));
      await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Yes, 32 arrived' }));
      expect(await within(card).findByTestId('received-summary')).toHaveTextContent('Received: 32');
      expect(JSON.parse(sent(fetchMock)[0][1]?.body as string)).toEqual({ received_quantity: 32 });
    });

    it('offers "Edit report" while corrections are taken, starting from the report sent, and replaces it', async () => {
      signInAs('charity', 9);
      const report = { received_quantity: 28, received_weight_kg: null, comment: 'Two were burnt', received_at: new Date().toISOString() };
      const fetchMock = mockApi({
        'GET /api/charity/9': { body: [{ ...bread, received: report }] },
        'POST /api/requests/52/received': { status: 201, body: { ...report, received_quantity: 29 } },
      });
      const user = userEvent.setup();
      renderPage(<CharityAreaPage />, '/FoodDonationApp?view=requests');
      const card = await screen.findByRole('article', { name: 'Baladi bread' });
      expect(within(card).getByTestId('received-summary')).toHaveTextContent('Received: 28');
      await user.click(within(card).getByRole('button', { name: 'Edit report' }));
      expect(within(card).getByRole('heading', { name: 'Correct your report' })).toBeInTheDocument();
      expect(within(card).getByTestId('received-quantity')).toHaveValue(28);
      expect(within(card).getByTestId('received-comment')).toHaveValue('Two were burnt');
      await user.clear(within(card).getByTestId('received-quantity'));
      await user.type(within(card).getByTestId('received-quantity'), '29');
      await user.click(within(card).getByRole('button', { name: 'Send the correction' }));
      expect(await within(card).findByTestId('received-summary')).toHaveTextContent('Received: 29');
      expect(JSON.parse(sent(fetchMock)[0][1]?.body as string)).toEqual({ received_quantity: 29, comment: 'Two were burnt' });
      expect(within(card).queryByTestId('received-form')).not.toBeInTheDocument();
    });

    it('offers no "Edit report" once corrections can no longer be taken', async () => {
      signInAs('charity', 9);
      const report = { received_quantity: 28, received_weight_kg: null, comment: null, received_at: '2026-01-02T10:00:00Z' };
      mockApi({ 'GET /api/charity/9': { body: [{ ...bread, received: report }] } });
      renderPage(<CharityAreaPage />, '/FoodDonationApp?view=requests');
      const card = await screen.findByRole('article', { name: 'Baladi bread' });
      expect(within(card).getByTestId('received-summary')).toHaveTextContent('Received: 28');
      expect(within(card).queryByRole('button', { name: 'Edit report' })).not.toBeInTheDocument();
    });
  });
});
