import type { OpsSearchResult } from '@food-link/contracts';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18next from 'i18next';
import { mockApi, renderPage, signInAs, type Reply } from '../../test/test-utils';
import { ModerationSection } from './moderation-section';

const bodyOf = (init?: RequestInit) => JSON.parse(String(init?.body)) as Record<string, unknown>;
const found: OpsSearchResult = {
  accounts: [{ user_id: 21, name: 'Nile Bakery', user_type: 'donor', suspended: false, email: 'nile@example.org', phone: '+201001234567' }],
  listings: [{ food_id: 67, food_name: 'Baladi bread', status: 'available', hidden: false, donor_user_id: 21, donor_name: 'Nile Bakery' }],
};

function show(routes: Parameters<typeof mockApi>[0]) {
  signInAs('operator', 1, 'Ops');
  const fetchMock = mockApi({ 'GET /api/ops/moderation/audit': { body: [] }, ...routes });
  renderPage(<ModerationSection operatorId={1} />, '/ops');
  return { fetchMock, user: userEvent.setup() };
}

describe('operator console: find and act', () => {
  afterEach(async () => {
    cleanup();
    await i18next.changeLanguage('en');
  });

  it('finds a listing and an account by a name, and hides the listing and suspends the account from the result', async () => {
    const { fetchMock, user } = show({
      'GET /api/ops/search?q=nile': { body: found },
      'POST /api/ops/food/67/hide': (init): Reply => ({ status: 201, body: { food_id: 67, hidden: true, hidden_reason: bodyOf(init).reason } }),
      'POST /api/ops/users/21/suspend': { status: 201, body: { user_id: 21, suspended: true, suspended_at: '2030-01-02T10:00:00.000Z' } },
    });
    const search = await screen.findByRole('search', { name: 'Find a listing or an account' });
    await user.type(within(search).getByLabelText('Name, e-mail or phone number'), 'nile');
    await user.click(within(search).getByRole('button', { name: 'Search' }));

    const listing = await within(search).findByTestId('found-listing');
    expect(listing).toHaveTextContent('Baladi bread · Listing 67 by Nile Bakery');
    await user.click(within(listing).getByRole('button', { name: 'Hide listing' }));
    expect(within(listing).getByLabelText('Reason for Baladi bread (the person is told)')).toHaveAccessibleDescription('Write the reason first.');
    await user.type(within(listing).getByLabelText('Reason for Baladi bread (the person is told)'), 'Wrong photo');
    await user.click(within(listing).getByRole('button', { name: 'Hide listing' }));
    await waitFor(() => expect(within(listing).getByRole('status')).toHaveTextContent('Listing 67 is hidden.'));
    expect(within(listing).getByText('hidden')).toBeInTheDocument();
    expect(bodyOf(fetchMock.mock.calls.find(([url]) => String(url) === '/api/ops/food/67/hide')?.[1])).toEqual({ reason: 'Wrong photo' });

    const account = within(search).getByTestId('found-account');
    expect(account).toHaveTextContent('Nile Bakery (donor), account 21: active');
    expect(account).toHaveTextContent('nile@example.org · +201001234567');
    await user.type(within(account).getByLabelText('Reason for Nile Bakery (the person is told)'), 'Fake listings');
    await user.click(within(account).getByRole('button', { name: 'Suspend account' }));
    await waitFor(() => expect(within(account).getByRole('status')).toHaveTextContent('Account 21 is suspended.'));
    expect(account).toHaveTextContent('Nile Bakery (donor), account 21: suspended');
  });

  it('asks for 2 characters before searching, and says when nothing is found', async () => {
    const { fetchMock, user } = show({ 'GET /api/ops/search?q=zz': { body: { accounts: [], listings: [] } } });
    const search = await screen.findByRole('search', { name: 'Find a listing or an account' });
    const field = within(search).getByLabelText('Name, e-mail or phone number');
    await user.type(field, 'z');
    await user.click(within(search).getByRole('button', { name: 'Search' }));
    expect(field).toHaveAccessibleDescription('Part of one is enough: a listing, its donor, a charity. Type at least 2 characters.');
    expect(fetchMock.mock.calls.some(([url]) => String(url).startsWith('/api/ops/search'))).toBe(false);
    await user.type(field, 'z');
    await user.click(within(search).getByRole('button', { name: 'Search' }));
    expect(await within(search).findByText('Nothing found for “zz”.')).toBeInTheDocument();
  });
});
