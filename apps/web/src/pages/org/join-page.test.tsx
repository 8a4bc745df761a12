import type { AcceptedInvitation, InvitationPreview } from '@food-link/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18next from 'i18next';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { readSession } from '../../session/session';
import { failure, mockApi, signInAs } from '../../test/test-utils';
import JoinPage, { landingOf } from './join-page';

const PREVIEW = '/api/org/invitations/preview?token=tok-1';

function preview(overrides: Partial<InvitationPreview> = {}): InvitationPreview {
  return {
    organisation: 'Hope Kitchen',
    kind: 'charity',
    role: 'volunteer',
    email: 'omar@example.org',
    has_account: false,
    expires_at: '2030-05-08T10:00:00.000Z',
    ...overrides,
  };
}

const joined: AcceptedInvitation = { token: 'member-token', user_id: 31, user_type: 'charity', name: 'Omar Said', organisation_id: 2, role: 'volunteer' };

function Landed() {
  const location = useLocation();
  return <p>Landed on {location.pathname + location.search}</p>;
}

function showJoin(routes: Parameters<typeof mockApi>[0], url = '/join?token=tok-1') {
  const fetchMock = mockApi(routes);
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[url]}>
        <Routes>
          <Route path="/join" element={<JoinPage />} />
          <Route path="*" element={<Landed />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return { fetchMock, user: userEvent.setup() };
}

const bodyOf = (fetchMock: ReturnType<typeof mockApi>, path: string) => {
  const call = fetchMock.mock.calls.find(([input]) => String(input) === path);
  return { body: JSON.parse(call?.[1]?.body as string) as unknown, headers: call?.[1]?.headers as Record<string, string> };
};

describe('the invitation page', () => {
  afterEach(async () => {
    cleanup();
    await i18next.changeLanguage('en');
  });

  it('shows the organisation and role, then signs up with the invited e-mail and lands the volunteer on their pickups', async () => {
    const { fetchMock, user } = showJoin({ [`GET ${PREVIEW}`]: { body: preview() }, 'POST /api/org/invitations/accept': { body: joined } });
    expect(await screen.findByText('Hope Kitchen invites omar@example.org to join as Volunteer.')).toBeInTheDocument();
    expect(screen.getByText('Create your account with this e-mail to join.')).toBeInTheDocument();
    expect(screen.getByLabelText('E-mail')).toHaveValue('omar@example.org');
    await user.click(screen.getByRole('button', { name: 'Sign up and join' }));
    expect(screen.getByTestId('join-name')).toHaveAccessibleDescription('This field is required');
    await user.type(screen.getByTestId('join-name'), 'Omar Said');
    await user.type(screen.getByTestId('join-password'), 'short');
    await user.click(screen.getByRole('button', { name: 'Sign up and join' }));
    expect(screen.getByTestId('join-password')).toHaveAccessibleDescription('Use at least 8 characters');
    await user.type(screen.getByTestId('join-password'), '-enough');
    await user.click(screen.getByRole('button', { name: 'Sign up and join' }));
    expect(await screen.findByText('Landed on /FoodDonationApp?view=pickups')).toBeInTheDocument();
    const sent = bodyOf(fetchMock, '/api/org/invitations/accept');
    expect(sent.body).toEqual({ token: 'tok-1', name: 'Omar Said', password: 'short-enough' });
    expect(sent.headers.authorization).toBeUndefined();
    expect(readSession()).toEqual({ token: 'member-token', userId: 31, userType: 'charity' });
  });

  it('signs an existing account in with its password, then joins with the new session', async () => {
    const { fetchMock, user } = showJoin({
      [`GET ${PREVIEW}`]: { body: preview({ has_account: true, kind: 'donor', role: 'staff', organisation: 'Nile Bakery' }) },
      'POST /api/login': { body: { message: 'Login successful', token: 'login-token', data: [{ user_id: 31, user_type: 'donor', name: 'Omar Said' }] } },
      'POST /api/org/invitations/accept': { body: { ...joined, user_type: 'donor', role: 'staff', token: 'member-token' } },
    });
    expect(await screen.findByText('An account with this e-mail exists: log in with its password to join.')).toBeInTheDocument();
    await user.type(screen.getByTestId('join-password'), 'password123');
    await user.click(screen.getByRole('button', { name: 'Log in and join' }));
    expect(await screen.findByText('Landed on /DonerDashboard')).toBeInTheDocument();
    expect(bodyOf(fetchMock, '/api/login').body).toEqual({ email: 'omar@example.org', password: 'password123' });
    const accept = bodyOf(fetchMock, '/api/org/invitations/accept');
    expect(accept.body).toEqual({ token: 'tok-1' });
    expect(accept.headers.authorization).toBe('login-token');
    expect(readSession()?.token).toBe('member-token');
  });

  it('says a wrong password as the login does', async () => {
    const { user } = showJoin({ [`GET ${PREVIEW}`]: { body: preview({ has_account: true }) }, 'POST /api/login': failure(401) });
    await user.type(await screen.findByTestId('join-password'), 'password123');
    await user.click(screen.getByRole('button', { name: 'Log in and join' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid email or password');
  });

  it('says an expired, used or withdrawn link no longer works (410)', async () => {
    showJoin({ [`GET ${PREVIEW}`]: failure(410) });
    expect(await screen.findByTestId('join-gone')).toHaveTextContent('This invitation no longer works');
    expect(screen.queryByTestId('join-form')).not.toBeInTheDocument();
  });

  it('says so when the link was used meanwhile (410 on joining) and when the account is in another organisation (409)', async () => {
    let answer = failure(410);
    const { user } = showJoin({ [`GET ${PREVIEW}`]: { body: preview() }, 'POST /api/org/invitations/accept': () => answer });
    await user.type(await screen.findByTestId('join-name'), 'Omar Said');
    await user.type(screen.getByTestId('join-password'), 'password123');
    await user.click(screen.getByRole('button', { name: 'Sign up and join' }));
    expect(await screen.findByText(/This invitation no longer works/)).toBeInTheDocument();
    answer = { status: 409, body: { statusCode: 409, error: 'Conflict', message: 'You are already a member of an organisation; leave it first' } };
    await user.click(screen.getByRole('button', { name: 'Sign up and join' }));
    expect(await screen.findByText('This account already belongs to another organisation. Leave it first, or use another e-mail.')).toBeInTheDocument();
    answer = { status: 409, body: { statusCode: 409, error: 'Conflict', message: 'This e-mail address is already registered' } };
    await user.click(screen.getByRole('button', { name: 'Sign up and join' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Joining did not work. Try again. This e-mail address is already registered');
    expect(readSession()).toBeNull();
  });

  it('joins at once when signed in with the invited e-mail, and refuses another account', async () => {
    signInAs('charity', 31, 'Omar Said');
    localStorage.removeItem('userId');
    const { user, fetchMock } = showJoin({
      [`GET ${PREVIEW}`]: { body: preview({ has_account: true }) },
      'GET /api/auth/me': { body: { user_id: 31, name: 'Omar Said', email: 'omar@example.org', user_type: 'charity' } },
      'POST /api/org/invitations/accept': { body: joined },
    });
    await user.click(await screen.findByRole('button', { name: 'Join Hope Kitchen' }));
    expect(await screen.findByText('Landed on /FoodDonationApp?view=pickups')).toBeInTheDocument();
    expect(bodyOf(fetchMock, '/api/org/invitations/accept').body).toEqual({ token: 'tok-1' });
    cleanup();

    signInAs('charity', 40, 'Someone Else');
    localStorage.removeItem('userId');
    showJoin({
      [`GET ${PREVIEW}`]: { body: preview({ has_account: true }) },
      'GET /api/auth/me': { body: { user_id: 40, name: 'Someone Else', email: 'else@example.org', user_type: 'charity' } },
    });
    expect(await screen.findByText('You are signed in with another e-mail. Log out, then open the link again.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Join Hope Kitchen' })).not.toBeInTheDocument();
  });

  it('says a link without a token has no invitation', () => {
    showJoin({}, '/join');
    expect(screen.getByRole('alert')).toHaveTextContent('This link has no invitation in it.');
  });

  it('reads in Arabic', async () => {
    await i18next.changeLanguage('ar');
    showJoin({ [`GET ${PREVIEW}`]: { body: preview() } });
    expect(await screen.findByText('تدعو Hope Kitchen صاحب البريد omar@example.org للانضمام بدور متطوّع.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'إنشاء الحساب والانضمام' })).toBeInTheDocument();
    expect(screen.getByText(/يعمل الرابط حتى .*٢٠٣٠/)).toBeInTheDocument();
  });

  it('says a refusal in Arabic with the server\'s words translated', async () => {
    await i18next.changeLanguage('ar');
    const { user } = showJoin({
      [`GET ${PREVIEW}`]: { body: preview() },
      'POST /api/org/invitations/accept': { status: 409, body: { statusCode: 409, error: 'Conflict', message: 'This e-mail address is already registered' } },
    });
    await user.type(await screen.findByTestId('join-name'), 'عمر');
    await user.type(screen.getByTestId('join-password'), 'password123');
    await user.click(screen.getByRole('button', { name: 'إنشاء الحساب والانضمام' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('لم ينجح الانضمام. حاول مرة أخرى. هذا البريد الإلكتروني مسجّل بالفعل');
  });

  it('lands each role where its work is', () => {
    expect(landingOf({ user_type: 'charity', role: 'coordinator' })).toBe('/FoodDonationApp');
    expect(landingOf({ user_type: 'donor', role: 'viewer' })).toBe('/DonerDashboard/impact');
    expect(landingOf({ user_type: 'donor', role: 'branch_manager' })).toBe('/DonerDashboard');
  });
});
