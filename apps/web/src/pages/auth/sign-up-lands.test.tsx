import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { readSession } from '../../session/session';
import { mockApi, renderApp } from '../../test/render-app';
import CharityAreaPage from '../charity/charity-area-page';
import DonorDashboardPage from '../donor/donor-dashboard-page';
import SignUpCharityPage from './sign-up-charity-page';
import SignUpDonorPage from './sign-up-donor-page';

vi.mock('socket.io-client', () => import('../../test/fake-socket'));

const routes = [
  { path: '/SignUpDonor', element: <SignUpDonorPage /> },
  { path: '/SignUpCharity', element: <SignUpCharityPage /> },
  { path: '/DonerDashboard', element: <DonorDashboardPage /> },
  { path: '/FoodDonationApp', element: <CharityAreaPage /> },
];

async function fillAndSubmit(name: string) {
  await userEvent.type(screen.getByLabelText(/^(Name|Charity name)$/), name);
  await userEvent.type(screen.getByLabelText('Email'), 'new@example.com');
  await userEvent.type(screen.getByLabelText('Password'), 'koshari-2026');
  await userEvent.click(screen.getByRole('button', { name: 'Sign Up' }));
}

afterEach(() => vi.unstubAllGlobals());

describe('sign-up ends signed in, in the new account\'s area', () => {
  it('a donor lands on the dashboard, signed in, with the spec\'s message', async () => {
    const fetchMock = mockApi({
      'POST /api/registerdonor': { status: 201, body: { message: 'Donor registered successfully', user_id: 3 } },
      'POST /api/login': { body: { message: 'Login successful', token: 'token-3', data: [{ name: 'Hassan Bakery', user_id: 3, user_type: 'donor' }] } },
      'GET /api/donor/3': { body: [] },
      'GET /api/pickup-points': { body: [] },
    });
    renderApp(routes, { path: '/SignUpDonor' });
    await fillAndSubmit('Hassan Bakery');
    expect(await screen.findByRole('heading', { level: 1, name: 'Donor Dashboard' })).toBeInTheDocument();
    expect(screen.getByTestId('welcome')).toHaveTextContent('Donor registered successfully');
    expect(readSession()?.token).toBe('token-3');
    expect(JSON.parse(fetchMock.mock.calls.find(([url]) => url === '/api/login')?.[1]?.body as string)).toEqual({
      email: 'new@example.com',
      password: 'koshari-2026',
    });
  });

  it('a charity lands in the charity area with "Your Charity ID: {id}" and what it is for', async () => {
    mockApi({
      'POST /api/registercharity': { status: 201, body: { message: 'Charity registered successfully', charity_id: 12, user_id: 4 } },
      'POST /api/login': { body: { message: 'Login successful', token: 'token-4', data: [{ name: 'Hope Kitchen', user_id: 4, user_type: 'charity' }] } },
      'GET /api/available': { body: [] },
    });
    renderApp(routes, { path: '/SignUpCharity' });
    await fillAndSubmit('Hope Kitchen');
    const welcome = await screen.findByTestId('welcome');
    expect(welcome).toHaveTextContent('Charity registered successfully');
    expect(welcome).toHaveTextContent('Your Charity ID: 12');
    expect(welcome).toHaveTextContent(/public number on Food Link/);
  });

  it('says the welcome once: it leaves the history entry (so a reload or Back cannot bring it back) and goes with the view', async () => {
    mockApi({
      'POST /api/registercharity': { status: 201, body: { message: 'Charity registered successfully', charity_id: 12, user_id: 4 } },
      'POST /api/login': { body: { message: 'Login successful', token: 'token-4', data: [{ name: 'Hope Kitchen', user_id: 4, user_type: 'charity' }] } },
      'GET /api/available': { body: [] },
      'GET /api/charity/4': { body: [] },
    });
    const { router } = renderApp(routes, { path: '/SignUpCharity' });
    await fillAndSubmit('Hope Kitchen');
    expect(await screen.findByTestId('welcome')).toHaveTextContent('Your Charity ID: 12');
    // Still shown, but no longer in the entry the browser keeps for a reload.
    await vi.waitFor(() => expect(router.state.location.state).toBeNull());
    expect(router.state.location.pathname).toBe('/FoodDonationApp');
    expect(screen.getByTestId('welcome')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Your Requests' }));
    await vi.waitFor(() => expect(screen.queryByTestId('welcome')).not.toBeInTheDocument());
    await act(() => router.navigate(-1));
    expect(router.state.location.search).toBe('');
    expect(screen.queryByTestId('welcome')).not.toBeInTheDocument();
  });

  it('keeps the spec\'s error text and adds the server\'s reason under it', async () => {
    mockApi({
      'POST /api/registerdonor': {
        status: 409,
        body: { statusCode: 409, error: 'Conflict', message: 'This e-mail address is already registered' },
      },
    });
    renderApp(routes, { path: '/SignUpDonor' });
    await fillAndSubmit('Hassan Bakery');
    expect(await screen.findByRole('alert')).toHaveTextContent('Error registering donor. Please try again.');
    expect(screen.getByTestId('form-reason')).toHaveTextContent('This e-mail address is already registered');
  });
});
