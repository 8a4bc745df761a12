import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18next from 'i18next';
import { cairoDate, type TransportOfferView, type TripDay, type TripStop, type TripState } from '@food-link/contracts';
import { charityOrg, member } from '../../test/org-test-utils';
import { LiveHub } from '../../live/live-hub';
import { charityRequest, claim, donorItem, liveEvent, mockApi, renderPage, signInAs } from '../../test/test-utils';
import CharityAreaPage from '../charity/charity-area-page';
import DonorDashboardPage from '../donor/donor-dashboard-page';

const volunteerOrg = charityOrg({ my_role: 'volunteer' });
const today = cairoDate();

function tripState(overrides: Partial<TripState> = {}): TripState {
  return { request_id: 50, stage: 'assigned', volunteer: { user_id: 31, name: 'Omar Said' }, on_the_way_at: null, eta: null, delivered_at: null, ...overrides };
}

function stop(overrides: Partial<TripStop> = {}): TripStop {
  const requestId = overrides.request_id ?? 50;
  return {
    request_id: requestId,
    food_id: 1,
    food_name: 'Koshari',
    donor_name: 'Nile Bakery',
    address: '12 Talaat Harb Street, Downtown',
    phone: '+201001234567',
    lat: 30.0478,
    lng: 31.2386,
    window_start: '2030-05-20T08:00:00.000Z',
    window_end: '2030-05-20T10:00:00.000Z',
    weight_kg: 20,
    pickup_code: '482913',
    status: 'pending',
    trip: tripState({ request_id: requestId }),
    over_capacity: false,
    ...overrides,
  };
}

function day(stops: TripStop[], overrides: Partial<TripDay> = {}): TripDay {
  return {
    date: today,
    start: null,
    order: 'suggested',
    stops,
    total_kg: stops.reduce((sum, s) => sum + (s.weight_kg ?? 0), 0),
    capacity_kg: 60,
    vehicle: 'car',
    warnings: [],
    route_url: 'https://www.google.com/maps/dir/?api=1&destination=30.0131%2C31.2089&waypoints=30.0478%2C31.2386&travelmode=driving',
    ...overrides,
  };
}

const offer: TransportOfferView = {
  offer_id: 7,
  request_id: 60,
  food_id: 3,
  food_name: 'Ful medames',
  weight_kg: 12,
  governorate: 'EG-C',
  area: 'Dokki',
  window_start: null,
  window_end: null,
  note: 'Back door',
  state: 'open',
  expires_at: '2030-05-20T09:30:00.000Z',
  told: 3,
  accepted_by: null,
};

const savedProfile = { saved: true, vehicle: 'car', capacity_kg: 60, governorates: ['EG-C'], hours: { from: '09:00', until: '21:00' } };
const tripsUrl = `GET /api/volunteer/trips?date=${today}`;

describe('transport on the web', () => {
  afterEach(async () => {
    cleanup();
    await i18next.changeLanguage('en');
  });

  it("gives a volunteer My trips: the route link, codes, weight against the vehicle, on the way with an ETA, and reordering", async () => {
    signInAs('charity', 31, 'Omar Said');
    const second = stop({ request_id: 51, food_name: 'Ful medames', pickup_code: '111222', weight_kg: 45, over_capacity: false });
    let current = day([stop(), second], { total_kg: 65, warnings: ['total_over_capacity'] });
    const fetchMock = mockApi({
      'GET /api/org': { body: volunteerOrg },
      'GET /api/org/my-pickups': { body: { pickups: [] } },
      'GET /api/volunteer/offers': { body: { offers: [] } },
      'GET /api/volunteer/profile': { body: savedProfile },
      [tripsUrl]: () => ({ body: current }),
      [`PUT /api/volunteer/trips/${today}/order`]: (init) => {
        const { request_ids } = JSON.parse(init?.body as string) as { request_ids: number[] };
        current = { ...current, order: 'volunteer', stops: request_ids.map((id) => current.stops.find((s) => s.request_id === id) as TripStop) };
        return { body: current };
      },
      'POST /api/requests/50/on-the-way': (init) => {
        const eta = new Date(Date.now() + 25 * 60_000).toISOString();
        expect(JSON.parse(init?.body as string)).toEqual({ eta_minutes: 25 });
        current = { ...current, stops: current.stops.map((s) => (s.request_id === 50 ? { ...s, trip: tripState({ stage: 'on_the_way', eta, on_the_way_at: eta }) } : s)) };
        return { body: tripState({ stage: 'on_the_way', eta }) };
      },
    });
    const user = userEvent.setup();
    renderPage(<CharityAreaPage />, '/FoodDonationApp?view=trips');
    const nav = await screen.findByRole('navigation', { name: 'Charity area' });
    expect(await within(nav).findByRole('button', { name: 'My trips' })).toHaveAttribute('aria-current', 'page');
    const stops = await screen.findByTestId('trip-stops');
    const cards = within(stops).getAllByRole('article');
    expect(cards.map((card) => within(card).getByRole('heading').textContent)).toEqual(['Koshari', 'Ful medames']);
    expect(within(cards[0]).getByTestId('trip-code')).toHaveTextContent('482913');
    expect(screen.getByTestId('trip-route')).toHaveAttribute('href', current.route_url as string);
    expect(screen.getByTestId('trip-total')).toHaveTextContent('Total 65 kg of 60 kg your vehicle carries');
    expect(screen.getByText(/heavier than your vehicle carries/)).toBeInTheDocument();
    // Every button is a 44 px target at least.
    for (const button of within(stops).getAllByRole('button')) expect(button.className).toMatch(/min-h-11/);

    await user.click(within(cards[1]).getByRole('button', { name: /^Move up · Ful medames$/ }));
    await waitFor(() => expect(within(screen.getByTestId('trip-stops')).getAllByRole('heading').map((h) => h.textContent)).toEqual(['Ful medames', 'Koshari']));
    expect(screen.getByText('Your own order.')).toBeInTheDocument();
    const put = fetchMock.mock.calls.find(([url]) => String(url).endsWith('/order'));
    expect(JSON.parse(put?.[1]?.body as string)).toEqual({ request_ids: [51, 50] });

    const koshari = within(screen.getByTestId('trip-stops')).getAllByRole('article')[1];
    const eta = within(koshari).getByLabelText('Minutes to arrive');
    await user.clear(eta);
    await user.type(eta, '25');
    await user.click(within(koshari).getByRole('button', { name: "I'm on the way" }));
    await waitFor(() => expect(within(screen.getByTestId('trip-stops')).getAllByTestId('trip-stage')[1]).toHaveTextContent(/On the way, arriving at/));
  });

  it('lets a volunteer accept a pickup offered to them, and marks one collected as delivered', async () => {
    signInAs('charity', 31, 'Omar Said');
    let offers = [offer];
    let current = day([stop({ status: 'fulfilled', trip: tripState({ stage: 'collected' }) })]);
    const fetchMock = mockApi({
      'GET /api/org': { body: volunteerOrg },
      'GET /api/org/my-pickups': { body: { pickups: [] } },
      'GET /api/volunteer/offers': () => ({ body: { offers } }),
      'GET /api/volunteer/profile': { body: savedProfile },
      [tripsUrl]: () => ({ body: current }),
      'POST /api/transport/7/accept': () => {
        offers = [];
        return { body: { ...offer, state: 'accepted', accepted_by: { user_id: 31, name: 'Omar Said' } } };
      },
      'POST /api/requests/50/delivered': () => {
        current = day([stop({ status: 'fulfilled', trip: tripState({ stage: 'delivered', delivered_at: '2030-05-20T10:00:00.000Z' }) })]);
        return { body: tripState({ stage: 'delivered' }) };
      },
    });
    const user = userEvent.setup();
    renderPage(<CharityAreaPage />, '/FoodDonationApp?view=trips');
    const offered = await screen.findByTestId('transport-offers');
    expect(within(offered).getByText('Ful medames · 12 kg')).toBeInTheDocument();
    expect(within(offered).getByText('Note: Back door')).toBeInTheDocument();
    await user.click(within(offered).getByRole('button', { name: 'I can take it' }));
    expect(await screen.findByText('It is yours: it is in your trips.')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByText('No pickups are offered to you right now.')).toBeInTheDocument());
    expect(fetchMock.mock.calls.some(([url, init]) => String(url) === '/api/transport/7/accept' && init?.method === 'POST')).toBe(true);

    const card = within(await screen.findByTestId('trip-stops')).getByRole('article');
    expect(within(card).queryByTestId('trip-code')).not.toBeInTheDocument();
    await user.click(within(card).getByRole('button', { name: 'Delivered to the charity' }));
    await waitFor(() => expect(within(screen.getByTestId('trip-stops')).getByTestId('trip-stage')).toHaveTextContent('Delivered'));
    expect(within(screen.getByTestId('trip-stops')).queryByRole('button', { name: 'Delivered to the charity' })).not.toBeInTheDocument();
  });

  it("saves the volunteer's vehicle, capacity, governorates and hours", async () => {
    signInAs('charity', 31, 'Omar Said');
    let sent: unknown = null;
    mockApi({
      'GET /api/org': { body: volunteerOrg },
      'GET /api/org/my-pickups': { body: { pickups: [] } },
      'GET /api/volunteer/offers': { body: { offers: [] } },
      'GET /api/volunteer/profile': { body: { saved: false, vehicle: null, capacity_kg: null, governorates: [], hours: null } },
      [tripsUrl]: { body: day([]) },
      'PUT /api/volunteer/profile': (init) => {
        sent = JSON.parse(init?.body as string);
        return { body: { saved: true, ...(sent as object) } };
      },
    });
    const user = userEvent.setup();
    renderPage(<CharityAreaPage />, '/FoodDonationApp?view=trips');
    const form = await screen.findByTestId('volunteer-profile');
    expect(within(form).getByText(/no pickup is offered to you until you do/)).toBeInTheDocument();
    expect(screen.getByText('No pickups on this day.')).toBeInTheDocument();
    await user.selectOptions(within(form).getByLabelText('How you travel'), 'tuk_tuk');
    await user.type(within(form).getByLabelText('What it carries (kg)'), '80');
    await user.click(within(form).getByLabelText('Giza'));
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await within(form).findByText('Saved.')).toBeInTheDocument();
    expect(sent).toEqual({ vehicle: 'tuk_tuk', capacity_kg: 80, governorates: ['EG-GZ'], hours: { from: '09:00', until: '21:00' } });
  });

  it('reads My trips in Arabic', async () => {
    await i18next.changeLanguage('ar');
    signInAs('charity', 31, 'Omar Said');
    mockApi({
      'GET /api/org': { body: volunteerOrg },
      'GET /api/org/my-pickups': { body: { pickups: [] } },
      'GET /api/volunteer/offers': { body: { offers: [] } },
      'GET /api/volunteer/profile': { body: savedProfile },
      [tripsUrl]: { body: day([stop({ over_capacity: true, weight_kg: 70 })], { warnings: ['pickup_over_capacity'] }) },
    });
    renderPage(<CharityAreaPage />, '/FoodDonationApp?view=trips');
    expect(await screen.findByRole('link', { name: 'افتح المسار كله في الخرائط' })).toBeInTheDocument();
    expect(screen.getByTestId('trip-over-capacity')).toHaveTextContent('أثقل مما تحمله مركبتك');
    expect(screen.getByRole('button', { name: 'أنا في الطريق' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'مركبتي ومنطقتي' })).toBeInTheDocument();
  });

  it("gives a coordinator “Offer to volunteers” beside the assignment, and says how many were told", async () => {
    signInAs('charity', 30, 'Laila Hassan');
    let body: unknown = null;
    mockApi({
      'GET /api/org': {
        body: charityOrg({
          my_role: 'coordinator',
          members: [member({ user_id: 30, name: 'Laila Hassan', role: 'coordinator' }), member({ user_id: 31, name: 'Omar Said', role: 'volunteer' })],
        }),
      },
      'GET /api/charity/30': { body: [charityRequest()] },
      'POST /api/requests/50/transport': (init) => {
        body = JSON.parse(init?.body as string);
        return { status: 201, body: { ...offer, request_id: 50, told: 2 } };
      },
    });
    const user = userEvent.setup();
    renderPage(<CharityAreaPage />, '/FoodDonationApp?view=requests');
    const item = await screen.findByRole('article', { name: 'Koshari' });
    const control = await within(item).findByTestId('offer-transport');
    await user.type(within(control).getByLabelText('Note for the volunteers (optional)'), 'Ask for Mona');
    await user.click(within(control).getByRole('button', { name: 'Offer to volunteers' }));
    expect(await within(control).findByText(/Offered to 2 volunteers until/)).toBeInTheDocument();
    expect(body).toEqual({ note: 'Ask for Mona' });
  });

  it("shows the donor who is coming and when, live", async () => {
    signInAs('donor', 7);
    const hub = new LiveHub();
    let trip = tripState();
    mockApi({
      'GET /api/donor/7': { body: [donorItem({ id: 1, food_name: 'Koshari', status: 'claimed', request: claim({ request_id: 50 }) })] },
      'GET /api/requests/50/trip': () => ({ body: trip }),
    });
    renderPage(<DonorDashboardPage />, '/DonerDashboard', { hub });
    const card = await screen.findByRole('article', { name: 'Koshari' });
    expect(await within(card).findByTestId('who-is-coming')).toHaveTextContent(/Omar Said\u2069 will collect it/);
    const eta = '2030-05-20T09:45:00.000Z';
    trip = tripState({ stage: 'on_the_way', eta, on_the_way_at: '2030-05-20T09:30:00.000Z' });
    act(() => hub.dispatch(liveEvent('request.trip', { foodId: 1, requestId: 50, stage: 'on_the_way', assigneeId: 31, eta })));
    await waitFor(() => expect(within(card).getByTestId('who-is-coming')).toHaveTextContent(/Omar Said\u2069 is on the way, arriving about/));
  });
});
