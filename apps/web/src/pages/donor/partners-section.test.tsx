import type { CharitySummary, PartnersView } from '@food-link/contracts';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18next from 'i18next';
import { donorItem, mockApi, renderPage, signInAs } from '../../test/test-utils';
import DonorDashboardPage from './donor-dashboard-page';

const ahlMasr: CharitySummary = { user_id: 21, charity_id: 3, name: 'Ahl Masr Foundation' };
const hope: CharitySummary = { user_id: 22, charity_id: 4, name: 'Hope Kitchen' };
const misr: CharitySummary = { user_id: 23, charity_id: 5, name: 'Misr El Kheir' };

function showDashboard(routes: Parameters<typeof mockApi>[0], items = [donorItem({ id: 1, food_name: 'Koshari' })]) {
  signInAs('donor', 7);
  const fetchMock = mockApi({ 'GET /api/donor/7': { body: items }, 'GET /api/pickup-points': { body: [] }, ...routes });
  renderPage(<DonorDashboardPage />, '/DonerDashboard');
  return { fetchMock, user: userEvent.setup() };
}

describe('partner charities on the donor dashboard', () => {
  afterEach(async () => {
    cleanup();
    await i18next.changeLanguage('en');
  });

  it('lists the partners, finds charities by name, and saves the whole list with each addition and removal', async () => {
    let saved: PartnersView = { charities: [ahlMasr] };
    const puts: unknown[] = [];
    const { fetchMock, user } = showDashboard({
      'GET /api/donor/partners': () => ({ body: saved }),
      'GET /api/charities?search=kh&limit=10': { body: { items: [hope, misr], total: 2 } },
      'GET /api/charities?search=k&limit=10': { body: { items: [hope, misr], total: 2 } },
      'PUT /api/donor/partners': (init) => {
        const body = JSON.parse(init?.body as string) as { charity_ids: number[] };
        puts.push(body);
        const all = [ahlMasr, hope, misr];
        saved = { charities: body.charity_ids.map((id) => all.find((charity) => charity.user_id === id) as CharitySummary) };
        return { body: saved };
      },
    });
    const section = await screen.findByRole('region', { name: 'Partner charities' });
    const chosen = await within(section).findByRole('list', { name: 'Your partner charities' });
    expect(within(chosen).getByText('Ahl Masr Foundation')).toBeInTheDocument();

    await user.type(within(section).getByLabelText('Find a charity by name'), 'kh');
    const results = await within(section).findByRole('list', { name: 'Charities found' });
    await user.click(within(results).getByRole('button', { name: 'Add Hope Kitchen as a partner' }));
    await waitFor(() => expect(puts).toEqual([{ charity_ids: [21, 22] }]));
    expect(await within(section).findByText('Partner charities saved.')).toBeInTheDocument();
    expect(within(within(section).getByRole('list', { name: 'Your partner charities' })).getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      'Ahl Masr FoundationRemove',
      'Hope KitchenRemove',
    ]);
    // Already a partner: it cannot be added twice.
    expect(within(results).getByRole('button', { name: 'Add Hope Kitchen as a partner' })).toBeDisabled();

    await user.click(within(section).getByRole('button', { name: 'Remove Ahl Masr Foundation from your partners' }));
    await waitFor(() => expect(puts).toEqual([{ charity_ids: [21, 22] }, { charity_ids: [22] }]));
    // The search and the saves are the donor's own calls.
    const partnerCalls = fetchMock.mock.calls.filter(([url]) => String(url).startsWith('/api/donor/partners') || String(url).startsWith('/api/charities'));
    expect(partnerCalls.every(([, init]) => (init?.headers as Record<string, string>).authorization)).toBe(true);
  });

  it('says when there are none yet, and refuses an eleventh', async () => {
    const ten = Array.from({ length: 10 }, (_, i) => ({ user_id: 100 + i, charity_id: i + 1, name: `Charity ${i}` }));
    const { user } = showDashboard({
      'GET /api/donor/partners': { body: { charities: ten } },
      'GET /api/charities?search=m&limit=10': { body: { items: [misr], total: 1 } },
    });
    const section = await screen.findByRole('region', { name: 'Partner charities' });
    await within(section).findByRole('list', { name: 'Your partner charities' });
    expect(within(section).getByText('You have named 10 partners, the most allowed.')).toBeInTheDocument();
    await user.type(within(section).getByLabelText('Find a charity by name'), 'm');
    const results = await within(section).findByRole('list', { name: 'Charities found' });
    expect(within(results).getByRole('button', { name: 'Add Misr El Kheir as a partner' })).toBeDisabled();
  });

  it('shows the server\'s refusal when a save fails, in Arabic too', async () => {
    await i18next.changeLanguage('ar');
    const { user } = showDashboard({
      'GET /api/donor/partners': { body: { charities: [] } },
      'GET /api/charities?search=m&limit=10': { body: { items: [misr], total: 1 } },
      'PUT /api/donor/partners': {
        status: 400,
        body: { statusCode: 400, error: 'Bad Request', message: ["charity_ids must each be a charity's account (not: 23)"] },
      },
    });
    const section = await screen.findByRole('region', { name: 'الجمعيات الشريكة' });
    expect(await within(section).findByText(/لا جمعيات شريكة بعد/)).toBeInTheDocument();
    await user.type(within(section).getByLabelText('ابحث عن جمعية بالاسم'), 'm');
    await user.click(await within(section).findByRole('button', { name: 'إضافة Misr El Kheir جمعيةً شريكة' }));
    expect(await within(section).findByRole('alert')).toHaveTextContent('تعذّر حفظ الجمعيات الشريكة.');
  });
});

describe("the offer stage on the donor's card", () => {
  afterEach(async () => {
    cleanup();
    await i18next.changeLanguage('en');
  });

  const offered = donorItem({
    id: 1,
    food_name: 'Koshari',
    offer_stage: 'partners',
    offer_open_at: '2030-05-20T12:30:00Z',
    offer_partner_ids: [21],
  });
  const open = donorItem({ id: 2, food_name: 'Ful medames' });
  const claimed = donorItem({ id: 3, food_name: 'Baladi bread', status: 'claimed', request: { request_id: 50, status: 'pending' } });

  it('says until when (Cairo time) an item is offered to the partners alone, or that it is on the open board', async () => {
    showDashboard({ 'GET /api/donor/partners': { body: { charities: [] } } }, [offered, open, claimed]);
    const offeredCard = await screen.findByRole('article', { name: 'Koshari' });
    // 12:30 UTC is 3:30 pm in Cairo (summer time, UTC+3).
    expect(within(offeredCard).getByTestId('offer-stage')).toHaveTextContent('Offered to your partners until 3:30 pm');
    expect(within(screen.getByRole('article', { name: 'Ful medames' })).getByTestId('offer-stage')).toHaveTextContent('On the open board');
    expect(within(screen.getByRole('article', { name: 'Baladi bread' })).queryByTestId('offer-stage')).not.toBeInTheDocument();
  });

  it('says it in Arabic', async () => {
    await i18next.changeLanguage('ar');
    showDashboard({ 'GET /api/donor/partners': { body: { charities: [] } } }, [offered]);
    const card = await screen.findByRole('article', { name: 'Koshari' });
    expect(within(card).getByTestId('offer-stage').textContent).toMatch(/^معروض على الجمعيات الشريكة حتى .*٣:٣٠/);
  });
});
