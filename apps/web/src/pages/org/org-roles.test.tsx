import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18next from 'i18next';
import type { MyPickup } from '@food-link/contracts';
import { charityOrg, donorOrg, member, pickup } from '../../test/org-test-utils';
import { LiveHub } from '../../live/live-hub';
import { charityRequest, donorItem, failure, liveEvent, mockApi, renderPage, signInAs } from '../../test/test-utils';
import CharityAreaPage from '../charity/charity-area-page';
import DonorDashboardPage from '../donor/donor-dashboard-page';

const coordinatorOrg = charityOrg({
  my_role: 'coordinator',
  members: [
    member({ user_id: 9, name: 'Hope Kitchen', role: 'admin' }),
    member({ user_id: 30, name: 'Laila Hassan', role: 'coordinator' }),
    member({ user_id: 31, name: 'Omar Said', role: 'volunteer' }),
  ],
});

const CANCELLED = { requestId: 50, foodId: 1, governorate: 'EG-C' };

describe('what each role of a charity sees', () => {
  afterEach(async () => {
    cleanup();
    await i18next.changeLanguage('en');
  });

  it('lands a volunteer on their pickups, phone first, with the code, address and window, and nothing else to press', async () => {
    signInAs('charity', 31, 'Omar Said');
    mockApi({
      'GET /api/org': { body: charityOrg({ my_role: 'volunteer' }) },
      'GET /api/org/my-pickups': {
        body: { pickups: [pickup({ window_start: '2030-05-20T15:00:00.000Z', window_end: '2030-05-20T17:00:00.000Z' })] },
      },
      'GET /api/available': { body: [] },
    });
    renderPage(<CharityAreaPage />, '/FoodDonationApp');
    const card = await screen.findByRole('article', { name: 'Koshari · 40' });
    const call = within(card).getByTestId('my-pickup-call');
    expect(call).toHaveAttribute('href', 'tel:+201001234567');
    expect(call).toHaveTextContent('Call \u2066+20 100 123 4567\u2069');
    expect(within(card).getByTestId('my-pickup-code')).toHaveTextContent('482913');
    expect(within(card).getByTestId('my-pickup-address')).toHaveTextContent('12 Talaat Harb Street, Downtown');
    expect(within(card).getByText(/20 May 2030/)).toBeInTheDocument();
    // The phone comes before the code in the card: the first thing at hand at the door.
    expect(call.compareDocumentPosition(within(card).getByTestId('my-pickup-code')) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    const nav = screen.getByRole('navigation', { name: 'Charity area' });
    expect(within(nav).getByRole('button', { name: 'My pickups' })).toHaveAttribute('aria-current', 'page');
    for (const name of ['Available Food List', 'Your Requests', 'Profile']) expect(within(nav).queryByRole('button', { name })).not.toBeInTheDocument();
    expect(within(nav).getByRole('link', { name: 'Members' })).toHaveAttribute('href', '/org');
  });

  it('keeps a volunteer on their pickups whatever view the address names', async () => {
    signInAs('charity', 31, 'Omar Said');
    mockApi({ 'GET /api/org': { body: charityOrg({ my_role: 'volunteer' }) }, 'GET /api/org/my-pickups': { body: { pickups: [] } } });
    renderPage(<CharityAreaPage />, '/FoodDonationApp?view=requests');
    expect(await screen.findByText('Nothing assigned to you right now. New pickups appear here by themselves.')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Your Food Pickup Requests' })).not.toBeInTheDocument();
  });

  it('fetches the pickups again when a claim changes live, and says when they cannot be loaded', async () => {
    signInAs('charity', 31, 'Omar Said');
    const hub = new LiveHub();
    let pickups = [pickup()];
    let fail = false;
    mockApi({
      'GET /api/org': { body: charityOrg({ my_role: 'volunteer' }) },
      'GET /api/org/my-pickups': () => (fail ? failure(500) : { body: { pickups } }),
    });
    renderPage(<CharityAreaPage />, '/FoodDonationApp', { hub });
    await screen.findByTestId('my-pickup-code');
    pickups = [];
    act(() => hub.dispatch(liveEvent('request.cancelled', CANCELLED)));
    expect(await screen.findByText(/Nothing assigned to you right now/)).toBeInTheDocument();
    fail = true;
    act(() => hub.dispatch(liveEvent('request.cancelled', CANCELLED)));
    expect(await screen.findByText('Could not load your pickups.')).toBeInTheDocument();
  });

  it('shows a pickup assigned to the volunteer the moment the assignment is made, and drops one taken away', async () => {
    signInAs('charity', 31, 'Omar Said');
    const hub = new LiveHub();
    let pickups: ReturnType<typeof pickup>[] = [];
    mockApi({
      'GET /api/org': { body: charityOrg({ my_role: 'volunteer' }) },
      'GET /api/org/my-pickups': () => ({ body: { pickups } }),
    });
    renderPage(<CharityAreaPage />, '/FoodDonationApp', { hub });
    expect(await screen.findByText(/Nothing assigned to you right now/)).toBeInTheDocument();
    pickups = [pickup()];
    act(() => hub.dispatch(liveEvent('request.assigned', { foodId: 1, requestId: 50, assigneeId: 31, previousAssigneeId: null })));
    expect(await screen.findByTestId('my-pickup-code')).toBeInTheDocument();
    pickups = [];
    act(() => hub.dispatch(liveEvent('request.assigned', { foodId: 1, requestId: 50, assigneeId: 32, previousAssigneeId: 31 })));
    expect(await screen.findByText(/Nothing assigned to you right now/)).toBeInTheDocument();
  });

  it('gives a coordinator the requests with who claimed them and the assign control, and no verification', async () => {
    signInAs('charity', 30, 'Laila Hassan');
    let assignee: { user_id: number; name: string } | null = null;
    const fetchMock = mockApi({
      'GET /api/org': { body: coordinatorOrg },
      'GET /api/charity/30': () => ({ body: [charityRequest({ claimed_by: { user_id: 30, name: 'Laila Hassan' }, assignee })] }),
      'PUT /api/requests/50/assignee': (init) => {
        const { user_id } = JSON.parse(init?.body as string) as { user_id: number };
        assignee = { user_id, name: 'Omar Said' };
        return { body: { request_id: 50, assignee } };
      },
      'DELETE /api/requests/50/assignee': () => {
        assignee = null;
        return { body: { request_id: 50, assignee: null } };
      },
    });
    const user = userEvent.setup();
    renderPage(<CharityAreaPage />, '/FoodDonationApp?view=requests');
    const item = await screen.findByRole('article', { name: 'Koshari' });
    expect(within(item).getByTestId('claimed-by')).toHaveTextContent('Laila Hassan');
    const control = await within(item).findByTestId('assign-control');
    expect(within(control).getByTestId('assignee')).toHaveTextContent('Nobody yet');
    await user.selectOptions(within(control).getByTestId('assign-select'), '31');
    await user.click(within(control).getByTestId('assign-submit'));
    expect(await within(control).findByText('Assigned to Omar Said.')).toBeInTheDocument();
    await waitFor(() => expect(within(control).getByTestId('assignee')).toHaveTextContent('Omar Said'));
    const put = fetchMock.mock.calls.find(([, init]) => init?.method === 'PUT');
    expect(JSON.parse(put?.[1]?.body as string)).toEqual({ user_id: 31 });
    await user.click(within(control).getByTestId('assign-remove'));
    await waitFor(() => expect(within(control).getByTestId('assignee')).toHaveTextContent('Nobody yet'));
    expect(within(item).getByRole('button', { name: 'Cancel Request' })).toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: 'Charity area' });
    expect(within(nav).getByRole('button', { name: 'Profile' })).toBeInTheDocument();
    expect(within(nav).queryByRole('button', { name: 'Verification' })).not.toBeInTheDocument();
    expect(within(nav).getByRole('button', { name: 'Impact' })).toBeInTheDocument();
  });

  it('says an assignment the server refused did not change', async () => {
    signInAs('charity', 30, 'Laila Hassan');
    mockApi({
      'GET /api/org': { body: coordinatorOrg },
      'GET /api/charity/30': { body: [charityRequest()] },
      'PUT /api/requests/50/assignee': failure(400),
    });
    const user = userEvent.setup();
    renderPage(<CharityAreaPage />, '/FoodDonationApp?view=requests');
    const control = await screen.findByTestId('assign-control');
    await user.click(within(control).getByTestId('assign-submit'));
    expect(await within(control).findByRole('alert')).toHaveTextContent('The assignment did not change.');
  });

  it('lets the volunteer report what arrived from My pickups once collected, and then shows the report', async () => {
    signInAs('charity', 31, 'Omar Said');
    let received: MyPickup['received'] = null;
    const fetchMock = mockApi({
      'GET /api/org': { body: charityOrg({ my_role: 'volunteer' }) },
      'GET /api/org/my-pickups': () => ({ body: { pickups: [pickup({ status: 'fulfilled', received })] } }),
      'POST /api/requests/50/received': () => {
        received = { received_quantity: 38, received_weight_kg: null, comment: null, received_at: '2026-11-24T20:00:00Z' };
        return { status: 201, body: received };
      },
    });
    const user = userEvent.setup();
    renderPage(<CharityAreaPage />, '/FoodDonationApp');
    const card = await screen.findByRole('article', { name: 'Koshari · 40' });
    expect(within(card).getByText('Collected')).toBeInTheDocument();
    expect(within(card).queryByTestId('my-pickup-code')).not.toBeInTheDocument();
    await user.type(within(card).getByTestId('received-quantity'), '38');
    await user.click(within(card).getByTestId('received-submit'));
    expect(await within(card).findByTestId('received-summary')).toHaveTextContent('Received: 38');
    const post = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST');
    expect(JSON.parse(post?.[1]?.body as string)).toEqual({ received_quantity: 38 });
    expect(within(card).queryByTestId('received-form')).not.toBeInTheDocument();
  });

  it('asks what arrived in Arabic on My pickups', async () => {
    await i18next.changeLanguage('ar');
    signInAs('charity', 31, 'عمر سعيد');
    mockApi({ 'GET /api/org': { body: charityOrg({ my_role: 'volunteer' }) }, 'GET /api/org/my-pickups': { body: { pickups: [pickup({ status: 'fulfilled' })] } } });
    renderPage(<CharityAreaPage />, '/FoodDonationApp');
    const card = await screen.findByRole('article', { name: 'Koshari · ٤٠' });
    expect(within(card).getByText('أبلغ عمّا استلمته')).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'إرسال البلاغ' })).toBeInTheDocument();
  });

  it('names who claimed a request and who collects it in Arabic', async () => {
    await i18next.changeLanguage('ar');
    signInAs('charity', 30, 'ليلى حسن');
    mockApi({
      'GET /api/org': { body: coordinatorOrg },
      'GET /api/charity/30': {
        body: [charityRequest({ claimed_by: { user_id: 30, name: 'ليلى حسن' }, assignee: { user_id: 31, name: 'عمر سعيد' } })],
      },
    });
    renderPage(<CharityAreaPage />, '/FoodDonationApp?view=requests');
    const item = await screen.findByRole('article', { name: 'Koshari' });
    expect(within(item).getByText('طلبه')).toBeInTheDocument();
    expect(within(item).getByTestId('claimed-by')).toHaveTextContent('ليلى حسن');
    expect(within(await within(item).findByTestId('assign-control')).getByTestId('assignee')).toHaveTextContent('عمر سعيد');
  });

  it('reads My pickups in Arabic, with Arabic-Indic digits', async () => {
    await i18next.changeLanguage('ar');
    signInAs('charity', 31, 'Omar Said');
    mockApi({ 'GET /api/org': { body: charityOrg({ my_role: 'volunteer' }) }, 'GET /api/org/my-pickups': { body: { pickups: [pickup()] } } });
    renderPage(<CharityAreaPage />, '/FoodDonationApp');
    expect(await screen.findByRole('article', { name: 'Koshari · ٤٠' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'استلاماتي' })).toBeInTheDocument();
    expect(screen.getByTestId('my-pickup-call')).toHaveTextContent('اتصل بالرقم');
    expect(screen.getByText('رمز الاستلام')).toBeInTheDocument();
  });
});

describe('what each role of a donor sees', () => {
  afterEach(async () => {
    cleanup();
    await i18next.changeLanguage('en');
  });

  it('shows a viewer the reports only', async () => {
    signInAs('donor', 22);
    const fetchMock = mockApi({ 'GET /api/org': { body: donorOrg({ my_role: 'viewer' }) } });
    renderPage(<DonorDashboardPage />, '/DonerDashboard');
    const notice = await screen.findByTestId('viewer-notice');
    expect(within(notice).getByRole('link', { name: 'Open the reports' })).toHaveAttribute('href', '/DonerDashboard/impact');
    expect(screen.queryByRole('button', { name: /Add Food|Close Form/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Pickup points' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Your impact' })).toBeInTheDocument();
    // The list is asked for while the role is on its way (issue 30; a viewer may read it), never shown.
    expect(fetchMock.mock.calls.map(([input]) => String(input)).sort()).toEqual(['/api/donor/22', '/api/org']);
    expect(screen.queryByRole('article')).not.toBeInTheDocument();
  });

  it('gives staff the listings with who listed each, and no reports or settings', async () => {
    signInAs('donor', 21, 'Mona Adel');
    mockApi({
      'GET /api/org': { body: donorOrg({ my_role: 'staff', my_pickup_point_ids: [3] }) },
      'GET /api/donor/21': { body: [donorItem({ listed_by: { user_id: 21, name: 'Mona Adel' } })] },
    });
    renderPage(<DonorDashboardPage />, '/DonerDashboard');
    const card = await screen.findByRole('article', { name: 'Koshari' });
    expect(within(card).getByTestId('listed-by')).toHaveTextContent('Mona Adel');
    // Editing and withdrawing are a branch manager's and an administrator's.
    expect(within(card).queryByTestId('food-edit')).not.toBeInTheDocument();
    expect(within(card).queryByTestId('food-withdraw')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Members' })).toHaveAttribute('href', '/org');
    expect(screen.queryByRole('link', { name: 'Your impact' })).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Pickup points' })).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Partner charities' })).not.toBeInTheDocument();
  });

  it('names who listed each item in Arabic', async () => {
    await i18next.changeLanguage('ar');
    signInAs('donor', 21, 'منى عادل');
    mockApi({
      'GET /api/org': { body: donorOrg({ my_role: 'staff', my_pickup_point_ids: [3] }) },
      'GET /api/donor/21': { body: [donorItem({ listed_by: { user_id: 21, name: 'منى عادل' } })] },
    });
    renderPage(<DonorDashboardPage />, '/DonerDashboard');
    const card = await screen.findByRole('article', { name: 'Koshari' });
    expect(within(card).getByText('عرضه')).toBeInTheDocument();
    expect(within(card).getByTestId('listed-by')).toHaveTextContent('منى عادل');
  });

  it('gives a branch manager the listings to edit and withdraw, and their reports, but not the settings', async () => {
    signInAs('donor', 23, 'Karim Nabil');
    mockApi({
      'GET /api/org': { body: donorOrg({ my_role: 'branch_manager', my_pickup_point_ids: [3] }) },
      'GET /api/donor/23': { body: [donorItem()] },
    });
    renderPage(<DonorDashboardPage />, '/DonerDashboard');
    const card = await screen.findByRole('article', { name: 'Koshari' });
    expect(within(card).getByTestId('food-edit')).toBeInTheDocument();
    expect(within(card).getByTestId('food-withdraw')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add Food' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Your impact' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Pickup points' })).not.toBeInTheDocument();
  });

  it('keeps an administrator\'s dashboard as it was, with the members link', async () => {
    signInAs('donor', 7);
    mockApi({ 'GET /api/org': { body: donorOrg() }, 'GET /api/donor/7': { body: [] }, 'GET /api/pickup-points': { body: [] } });
    renderPage(<DonorDashboardPage />, '/DonerDashboard');
    expect(await screen.findByRole('region', { name: 'Pickup points' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Members' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Your impact' })).toBeInTheDocument();
  });
});
