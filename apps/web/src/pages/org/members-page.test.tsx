import type { ActivityEntry, PickupPointView } from '@food-link/contracts';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18next from 'i18next';
import { org as orgTexts } from '../../i18n/resources/org';
import { charityOrg, donorOrg, invitation, member } from '../../test/org-test-utils';
import { failure, mockApi, renderPage, signInAs, textKeys } from '../../test/test-utils';
import MembersPage from './members-page';

const tahrir = { id: 3, label: 'Tahrir branch' } as PickupPointView;
const dokki = { id: 4, label: 'Dokki kitchen' } as PickupPointView;

function entry(id: number, overrides: Partial<ActivityEntry> = {}): ActivityEntry {
  return {
    id,
    at: '2030-05-01T10:00:00.000Z',
    action: 'listed',
    actor: { user_id: 21, name: 'Mona Adel' },
    subject: `Koshari ${id}`,
    food_id: id,
    request_id: null,
    member_id: null,
    pickup_point_id: 3,
    ...overrides,
  };
}

function showPage(routes: Parameters<typeof mockApi>[0], as: 'donor' | 'charity' = 'donor', userId = 7) {
  signInAs(as, userId);
  const fetchMock = mockApi({
    'GET /api/pickup-points': { body: [tahrir, dokki] },
    'GET /api/org/invitations': { body: { invitations: [] } },
    'GET /api/org/activity': { body: { entries: [], next_cursor: null } },
    ...routes,
  });
  renderPage(<MembersPage />, '/org');
  return { fetchMock, user: userEvent.setup() };
}

const sent = (fetchMock: ReturnType<typeof mockApi>, method: string, path: string) => {
  const call = fetchMock.mock.calls.find(([input, init]) => String(input) === path && init?.method === method);
  return call ? (JSON.parse((call[1]?.body as string | undefined) ?? 'null') as unknown) : undefined;
};

describe('the members page', () => {
  afterEach(async () => {
    cleanup();
    await i18next.changeLanguage('en');
  });

  it('shows an administrator the members with e-mails, roles and branches, and the controls', async () => {
    showPage({ 'GET /api/org': { body: donorOrg() } });
    expect(await screen.findByTestId('org-name')).toHaveTextContent('Nile Bakery');
    expect(screen.getByText('Donor · Your role: Administrator')).toBeInTheDocument();
    const list = screen.getByTestId('member-list');
    const mona = within(list).getByText('Mona Adel').closest('li') as HTMLElement;
    expect(within(mona).getByText('mona@example.com', { normalizer: (text) => text })).toBeInTheDocument();
    expect(within(mona).getByTestId('member-role')).toHaveTextContent('Staff');
    expect(await within(mona).findByText('Tahrir branch')).toBeInTheDocument();
    expect(within(mona).getByRole('button', { name: 'Remove: Mona Adel' })).toBeInTheDocument();
    // The administrator is not offered to remove themselves.
    const me = within(list).getByText('(you)').closest('li') as HTMLElement;
    expect(within(me).queryByTestId('member-remove')).not.toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Invite a member' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Pending invitations' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Activity' })).toBeInTheDocument();
  });

  it('shows a volunteer names and roles only: no invitation, no controls, no activity', async () => {
    const org = charityOrg({ my_role: 'volunteer', members: charityOrg().members.map(({ email: _email, ...rest }) => rest) });
    const { fetchMock } = showPage({ 'GET /api/org': { body: org } }, 'charity', 31);
    expect(await screen.findByText('Omar Said')).toBeInTheDocument();
    expect(screen.getByText('Only administrators change members.')).toBeInTheDocument();
    expect(screen.queryByText('omar@example.org')).not.toBeInTheDocument();
    expect(screen.queryByTestId('member-edit')).not.toBeInTheDocument();
    expect(screen.queryByTestId('member-remove')).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Invite a member' })).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Activity' })).not.toBeInTheDocument();
    expect(fetchMock.mock.calls.map(([input]) => String(input))).toEqual(['/api/org']);
  });

  it('invites a branch role with the branches chosen from the pickup points, after checking the form as the API would', async () => {
    const { fetchMock, user } = showPage({
      'GET /api/org': { body: donorOrg() },
      'POST /api/org/invitations': { status: 201, body: { invitation_id: 6, expires_at: '2030-05-08T10:00:00.000Z' } },
    });
    const form = await screen.findByTestId('invite-form');
    await user.type(within(form).getByTestId('invite-email'), 'not-an-email');
    await user.selectOptions(within(form).getByTestId('invite-role'), 'staff');
    await user.click(within(form).getByTestId('invite-submit'));
    expect(within(form).getByTestId('invite-email')).toHaveAccessibleDescription(expect.stringContaining('Enter a valid e-mail address'));
    expect(within(form).getByText('Choose at least one branch')).toBeInTheDocument();
    expect(sent(fetchMock, 'POST', '/api/org/invitations')).toBeUndefined();

    await user.clear(within(form).getByTestId('invite-email'));
    await user.type(within(form).getByTestId('invite-email'), ' Sara@Example.com ');
    await user.click(within(form).getByRole('checkbox', { name: 'Dokki kitchen' }));
    await user.click(within(form).getByTestId('invite-submit'));
    expect(await within(form).findByText('Invitation sent to sara@example.com.')).toBeInTheDocument();
    expect(sent(fetchMock, 'POST', '/api/org/invitations')).toEqual({ email: 'sara@example.com', role: 'staff', pickup_point_ids: [4] });
  });

  it("shows the server's 400 beside its field, and another refusal under the form", async () => {
    let answer = { status: 400, body: { statusCode: 400, error: 'Bad Request', message: ['email must be a valid e-mail address'] } };
    const { user } = showPage({ 'GET /api/org': { body: donorOrg() }, 'POST /api/org/invitations': () => answer });
    const form = await screen.findByTestId('invite-form');
    await user.type(within(form).getByTestId('invite-email'), 'sara@example.com');
    await user.click(within(form).getByTestId('invite-submit'));
    await waitFor(() => expect(within(form).getByTestId('invite-email')).toHaveAccessibleDescription(expect.stringContaining('Enter a valid e-mail address')));
    answer = { status: 409, body: { statusCode: 409, error: 'Conflict', message: ['Already a member'] } };
    await user.click(within(form).getByTestId('invite-submit'));
    expect(await within(form).findByRole('alert')).toHaveTextContent('The invitation was not sent. Already a member');
  });

  it('changes a member to a branch manager of two branches', async () => {
    const { fetchMock, user } = showPage({
      'GET /api/org': { body: donorOrg() },
      'PATCH /api/org/members/21': { body: member({ user_id: 21, name: 'Mona Adel', role: 'branch_manager', pickup_point_ids: [3, 4] }) },
    });
    await user.click(await screen.findByRole('button', { name: 'Change: Mona Adel' }));
    const editor = screen.getByTestId('member-editor');
    await user.selectOptions(within(editor).getByTestId('member-role-select'), 'branch_manager');
    expect(within(editor).getByText('Listings, handovers and reports of their branches')).toBeInTheDocument();
    await user.click(within(editor).getByRole('checkbox', { name: 'Dokki kitchen' }));
    await user.click(within(editor).getByTestId('member-save'));
    expect(await screen.findByText('Mona Adel is now Branch manager.')).toBeInTheDocument();
    expect(sent(fetchMock, 'PATCH', '/api/org/members/21')).toEqual({ role: 'branch_manager', pickup_point_ids: [3, 4] });
  });

  it('says why the last administrator cannot be demoted (409)', async () => {
    const { user } = showPage({ 'GET /api/org': { body: donorOrg() }, 'PATCH /api/org/members/7': failure(409) });
    await user.click(await screen.findByRole('button', { name: 'Change: Nile Bakery' }));
    await user.selectOptions(screen.getByTestId('member-role-select'), 'viewer');
    await user.click(screen.getByTestId('member-save'));
    expect(await screen.findByText(/at least one administrator/)).toBeInTheDocument();
  });

  it('removes a member only after the confirmation', async () => {
    let org = donorOrg();
    const { fetchMock, user } = showPage({
      'GET /api/org': () => ({ body: org }),
      'DELETE /api/org/members/21': () => {
        org = donorOrg({ members: [member()] });
        return { status: 204 };
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Remove: Mona Adel' }));
    const dialog = screen.getByRole('dialog', { name: 'Remove Mona Adel?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'DELETE')).toBe(false);
    await user.click(screen.getByRole('button', { name: 'Remove: Mona Adel' }));
    await user.click(within(screen.getByRole('dialog', { name: 'Remove Mona Adel?' })).getByTestId('ops-confirm'));
    expect(await screen.findByText('Mona Adel was removed.')).toBeInTheDocument();
    await waitFor(() => expect(within(screen.getByTestId('member-list')).queryByText('Mona Adel')).not.toBeInTheDocument());
  });

  it('lists the pending invitations and withdraws one', async () => {
    let invitations = [invitation()];
    const { user } = showPage({
      'GET /api/org': { body: donorOrg() },
      'GET /api/org/invitations': () => ({ body: { invitations } }),
      'DELETE /api/org/invitations/5': () => {
        invitations = [];
        return { status: 204 };
      },
    });
    const pending = await screen.findByTestId('pending-invitations');
    expect(within(pending).getByText('Viewer')).toBeInTheDocument();
    expect(within(pending).getByText('Invited by Nile Bakery')).toBeInTheDocument();
    await user.click(within(pending).getByRole('button', { name: 'Withdraw: sara@example.com' }));
    await user.click(within(screen.getByRole('dialog', { name: 'Withdraw the invitation to sara@example.com?' })).getByTestId('ops-confirm'));
    expect(await screen.findByText('The invitation to sara@example.com was withdrawn.')).toBeInTheDocument();
    expect(await screen.findByText('No pending invitations.')).toBeInTheDocument();
  });

  it('lists the activity newest first with who did it, and loads older entries by the cursor', async () => {
    const { user, fetchMock } = showPage({
      'GET /api/org': { body: donorOrg() },
      'GET /api/org/activity': { body: { entries: [entry(2), entry(1, { action: 'claimed', actor: null })], next_cursor: 'c1' } },
      'GET /api/org/activity?cursor=c1': { body: { entries: [entry(0, { action: 'removed', actor: { user_id: 7, name: 'Nile Bakery' }, subject: 'Ali' })], next_cursor: null } },
    });
    const list = await screen.findByTestId('activity-list');
    expect(within(list).getAllByRole('listitem').map((item) => item.firstChild?.textContent)).toEqual(['\u2068Mona Adel\u2069 listed \u2068Koshari 2\u2069', '\u2068Someone\u2069 claimed \u2068Koshari 1\u2069']);
    await user.click(screen.getByTestId('activity-older'));
    expect(await within(list).findByText('\u2068Nile Bakery\u2069 removed \u2068Ali\u2069')).toBeInTheDocument();
    expect(screen.queryByTestId('activity-older')).not.toBeInTheDocument();
    expect(screen.getByText('That is everything.')).toBeInTheDocument();
    expect(fetchMock.mock.calls.filter(([input]) => String(input).startsWith('/api/org/activity'))).toHaveLength(2);
  });

  it('says when the organisation cannot be loaded, and invites a visitor to log in', async () => {
    showPage({ 'GET /api/org': failure(500) });
    expect(await screen.findByText('Could not load your organisation.')).toBeInTheDocument();
    cleanup();
    localStorage.clear();
    mockApi({});
    renderPage(<MembersPage />, '/org');
    expect(screen.getByText('Log in to see your organisation.')).toBeInTheDocument();
  });

  it('reads in Arabic, with Arabic-Indic digits', async () => {
    await i18next.changeLanguage('ar');
    showPage({ 'GET /api/org': { body: donorOrg() } });
    expect(await screen.findByText('متبرّع · دورك: مسؤول')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'دعوة عضو' })).toBeInTheDocument();
    expect(screen.getByText(/يعمل ٧ أيام/)).toBeInTheDocument();
    expect(within(screen.getByTestId('member-list')).getAllByTestId('member-role').map((role) => role.textContent)).toEqual(['مسؤول', 'موظف']);
  });

  it('has every text in both languages', () => {
    expect(textKeys(orgTexts.ar)).toEqual(textKeys(orgTexts.en));
  });
});
