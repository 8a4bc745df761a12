import type { TrustAuditEntry } from '@food-link/contracts';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18next from 'i18next';
import { mockApi, renderPage, signInAs, type Reply } from '../../test/test-utils';
import { ModerationSection } from './moderation-section';

const AUDIT = 'GET /api/ops/moderation/audit';
const entry = (overrides: Partial<TrustAuditEntry> = {}): TrustAuditEntry => ({
  id: 1,
  actor_id: 1,
  actor_name: 'Ops',
  action: 'hide',
  subject_id: 7,
  subject_name: 'Nile Bakery',
  food_id: 12,
  reason: 'The photo shows something else',
  status_before: null,
  status_after: null,
  created_at: '2030-01-02T10:00:00.000Z',
  ...overrides,
});
const bodyOf = (init?: RequestInit) => JSON.parse(String(init?.body)) as Record<string, unknown>;
const conflict = (message: string): Reply => ({ status: 409, body: { statusCode: 409, error: 'Conflict', message } });

function show(routes: Parameters<typeof mockApi>[0]) {
  signInAs('operator', 1, 'Ops');
  const fetchMock = mockApi(routes);
  renderPage(<ModerationSection operatorId={1} />, '/ops');
  return { fetchMock, user: userEvent.setup() };
}

describe('operator console: moderation', () => {
  afterEach(async () => {
    cleanup();
    await i18next.changeLanguage('en');
  });

  it('shows the audit trail as the server orders it, with action, whose, listing, when, who and why', async () => {
    show({
      [AUDIT]: {
        body: [
          entry({ id: 3, action: 'suspend_account', subject_id: 21, subject_name: 'Ahl Masr Foundation', food_id: null, reason: 'Reselling donated food' }),
          entry({ id: 2 }),
          entry({ id: 1, actor_id: null, actor_name: null, action: 'auto_suspend', subject_name: 'Hope Kitchen', food_id: null, reason: null, created_at: '2030-01-01T10:00:00.000Z' }),
        ],
      },
    });
    const lines = await screen.findAllByTestId('moderation-audit-entry');
    expect(lines.map((line) => line.querySelector('p')?.textContent)).toEqual([
      'Account suspended · Ahl Masr Foundation',
      'Listing hidden · Nile Bakery · listing 12',
      'Claiming suspended (no-shows) · Hope Kitchen',
    ]);
    expect(lines[0]).toHaveTextContent('Reselling donated food');
    expect(lines[0]).toHaveTextContent('Ops');
    expect(lines[2]).toHaveTextContent('Food Link (automatic)');
    expect(within(screen.getByRole('list', { name: 'Every trust action, newest first' })).getAllByRole('listitem')).toHaveLength(3);
  });

  it('hides a listing only with a reason, sends it, says so and refreshes the trail; puts it back without one', async () => {
    let trail: TrustAuditEntry[] = [];
    const { fetchMock, user } = show({
      [AUDIT]: () => ({ body: trail }),
      'POST /api/ops/food/12/hide': (init): Reply => {
        trail = [entry({ reason: String(bodyOf(init).reason) })];
        return { status: 201, body: { food_id: 12, hidden: true, hidden_reason: bodyOf(init).reason } };
      },
      'POST /api/ops/food/12/unhide': { status: 201, body: { food_id: 12, hidden: false, hidden_reason: null } },
    });
    const listing = await screen.findByRole('group', { name: 'A listing' });
    await user.click(within(listing).getByRole('button', { name: 'Hide listing' }));
    expect(within(listing).getByLabelText('Listing number')).toHaveAccessibleDescription('Enter the listing number.');
    await user.type(within(listing).getByLabelText('Listing number'), '12');
    await user.click(within(listing).getByRole('button', { name: 'Hide listing' }));
    expect(within(listing).getByLabelText('Reason (the person is told)')).toHaveAccessibleDescription('Write the reason first.');
    expect(fetchMock.mock.calls.filter(([url]) => String(url).includes('/hide'))).toHaveLength(0);

    await user.type(within(listing).getByLabelText('Reason (the person is told)'), 'The photo shows something else');
    await user.click(within(listing).getByRole('button', { name: 'Hide listing' }));
    expect(await within(listing).findByRole('status')).toHaveTextContent('Listing 12 is hidden.');
    const hide = fetchMock.mock.calls.find(([url]) => String(url) === '/api/ops/food/12/hide');
    expect(bodyOf(hide?.[1])).toEqual({ reason: 'The photo shows something else' });
    expect((hide?.[1]?.headers as Record<string, string>).authorization).toBe('token-1');
    expect(await screen.findByTestId('moderation-audit-entry')).toHaveTextContent('The photo shows something else');

    await user.click(within(listing).getByRole('button', { name: 'Put listing back' }));
    await waitFor(() => expect(within(listing).getByRole('status')).toHaveTextContent('Listing 12 is back on the board.'));
    const unhide = fetchMock.mock.calls.find(([url]) => String(url) === '/api/ops/food/12/unhide');
    expect(unhide?.[1]?.body).toBeUndefined();
  });

  it('shows the server refusal beside the field it concerns', async () => {
    const { user } = show({
      [AUDIT]: { body: [] },
      'POST /api/ops/food/12/hide': conflict('This listing is already hidden'),
      'POST /api/ops/food/13/hide': { status: 400, body: { statusCode: 400, error: 'Bad Request', message: ['reason: must be at most 500 characters'] } },
    });
    const listing = await screen.findByRole('group', { name: 'A listing' });
    const number = within(listing).getByLabelText('Listing number');
    const reason = within(listing).getByLabelText('Reason (the person is told)');
    await user.type(number, '12');
    await user.type(reason, 'Spam');
    await user.click(within(listing).getByRole('button', { name: 'Hide listing' }));
    await waitFor(() => expect(number).toHaveAccessibleDescription('This listing is already hidden'));
    expect(number).toHaveAttribute('aria-invalid', 'true');

    await user.clear(number);
    await user.type(number, '13');
    await user.click(within(listing).getByRole('button', { name: 'Hide listing' }));
    await waitFor(() => expect(reason).toHaveAccessibleDescription('reason: must be at most 500 characters'));
    expect(number).not.toHaveAttribute('aria-invalid');
  });

  it('finds an account by e-mail, suspends it with a reason and reinstates it', async () => {
    const { fetchMock, user } = show({
      [AUDIT]: { body: [] },
      'GET /api/ops/users?email=ahl.masr%40example.org': { body: { user_id: 21, name: 'Ahl Masr Foundation', user_type: 'charity', suspended: false } },
      'GET /api/ops/users?email=nobody%40example.org': { status: 404, body: { statusCode: 404, error: 'Not Found', message: 'No such account' } },
      'POST /api/ops/users/21/suspend': {
        status: 201,
        body: { user_id: 21, suspended: true, suspension_reason: 'Reselling donated food', suspended_at: '2030-01-02T10:00:00.000Z' },
      },
      'POST /api/ops/users/21/reinstate': { status: 201, body: { user_id: 21, suspended: false, suspension_reason: null, suspended_at: null } },
    });
    const account = await screen.findByRole('group', { name: 'An account' });
    const email = within(account).getByLabelText('Find by e-mail');
    await user.type(email, 'nobody@example.org');
    await user.click(within(account).getByRole('button', { name: 'Find' }));
    await waitFor(() => expect(email).toHaveAccessibleDescription('No such account'));

    await user.clear(email);
    await user.type(email, 'ahl.masr@example.org{Enter}');
    expect(await within(account).findByTestId('moderation-found')).toHaveTextContent('Ahl Masr Foundation (charity), account 21: active');
    expect(within(account).getByLabelText('Account number')).toHaveValue('21');

    await user.click(within(account).getByRole('button', { name: 'Suspend account' }));
    expect(within(account).getByLabelText('Reason (the person is told)')).toHaveAccessibleDescription('Write the reason first.');
    await user.type(within(account).getByLabelText('Reason (the person is told)'), 'Reselling donated food');
    await user.click(within(account).getByRole('button', { name: 'Suspend account' }));
    await waitFor(() => expect(within(account).getByRole('status')).toHaveTextContent('Account 21 is suspended.'));
    expect(within(account).getByTestId('moderation-found')).toHaveTextContent('account 21: suspended');
    const suspend = fetchMock.mock.calls.find(([url]) => String(url) === '/api/ops/users/21/suspend');
    expect(bodyOf(suspend?.[1])).toEqual({ reason: 'Reselling donated food' });

    await user.click(within(account).getByRole('button', { name: 'Reinstate account' }));
    await waitFor(() => expect(within(account).getByRole('status')).toHaveTextContent('Account 21 is reinstated.'));
  });

  it('speaks Arabic', async () => {
    await i18next.changeLanguage('ar');
    show({ [AUDIT]: { body: [entry()] } });
    expect(await screen.findByRole('heading', { name: 'الإشراف' })).toBeInTheDocument();
    expect(await screen.findByTestId('moderation-audit-entry')).toHaveTextContent('أُخفي الإعلان');
    expect(screen.getByRole('button', { name: 'إخفاء الإعلان' })).toBeInTheDocument();
  });
});
