import { act, screen, within } from '@testing-library/react';
import i18next from 'i18next';
import userEvent from '@testing-library/user-event';
import { ERRORS, type UserType } from '@food-link/contracts';
import { heldReply, mockApi, renderApp } from '../../test/render-app';
import LoginPage from './login-page';

vi.mock('socket.io-client', () => import('../../test/fake-socket'));

const routes = [
  { path: '/Login', element: <LoginPage /> },
  { path: '/DonerDashboard', element: <h1>Donor area</h1> },
  { path: '/FoodDonationApp', element: <h1>Charity area</h1> },
  { path: '/ops', element: <h1>Operator console</h1> },
];

const loginAnswer = (user_type: UserType, name = 'Resala') => ({
  body: { message: 'Login successful', token: 'jwt-token', data: [{ name, user_id: 9, user_type }] },
});

async function logIn() {
  await userEvent.type(screen.getByLabelText('Email'), 'someone@example.com');
  await userEvent.type(screen.getByLabelText('Password'), 'a-good-password');
  await userEvent.click(screen.getByRole('button', { name: 'Login' }));
}

afterEach(() => vi.unstubAllGlobals());

describe('LoginPage', () => {
  it('sends a donor to the donor dashboard and stores the session', async () => {
    mockApi({ 'POST /api/login': loginAnswer('donor', 'Hassan Bakery') });
    const { router } = renderApp(routes, { path: '/Login' });
    await logIn();

    expect(await screen.findByRole('heading', { name: 'Donor area' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/DonerDashboard');
    expect(localStorage.getItem('token')).toBe('jwt-token');
    expect(localStorage.getItem('userId')).toBe('9');
    expect(localStorage.getItem('charityName')).toBe('Hassan Bakery');
  });

  it('sends a charity to the charity area', async () => {
    mockApi({ 'POST /api/login': loginAnswer('charity') });
    const { router } = renderApp(routes, { path: '/Login' });
    await logIn();

    expect(await screen.findByRole('heading', { name: 'Charity area' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/FoodDonationApp');
    expect(localStorage.getItem('charityName')).toBe('Resala');
  });

  it('sends an operator to the operator console', async () => {
    mockApi({ 'POST /api/login': loginAnswer('operator', 'Ops') });
    const { router } = renderApp(routes, { path: '/Login' });
    await logIn();

    await screen.findByRole('heading', { name: 'Operator console' });
    expect(router.state.location.pathname).toBe('/ops');
    expect(localStorage.getItem('userType')).toBe('operator');
  });

  it('shows the spec error and stores nothing when login fails', async () => {
    mockApi({
      'POST /api/login': { status: 401, body: { statusCode: 401, error: 'Unauthorized', message: 'Invalid email or password' } },
    });
    renderApp(routes, { path: '/Login' });
    await logIn();

    expect(await screen.findByRole('alert')).toHaveTextContent('Error logging in. Please try again.');
    expect(localStorage.getItem('token')).toBeNull();
  });

  it('says a wrong password in one line: the spec text, then the reason after it', async () => {
    mockApi({
      'POST /api/login': { status: 401, body: { statusCode: 401, error: 'Unauthorized', message: 'Invalid email or password' } },
    });
    renderApp(routes, { path: '/Login' });
    await logIn();

    const alert = await screen.findByRole('alert');
    const reason = within(alert).getByTestId('form-reason');
    expect(alert.textContent).toBe(`Error logging in. Please try again.${reason.textContent}`);
    // Inline, after the spec's words (a margin between them): not a second line under them.
    expect(getComputedStyle(reason).display).not.toBe('block');
    expect(reason).not.toHaveClass('block');
  });

  it("says a suspended account's refusal as such, with the operator's reason, in English and Arabic", async () => {
    const message = ERRORS.accountSuspended('Reselling donated food');
    mockApi({ 'POST /api/login': { status: 403, body: { statusCode: 403, error: 'Forbidden', message } } });
    renderApp(routes, { path: '/Login' });
    await logIn();

    expect(await screen.findByRole('alert')).toHaveTextContent('This account is suspended by a Food Link operator.');
    expect(screen.getByTestId('form-reason')).toHaveTextContent(/^Reason: Reselling donated food$/);
    expect(screen.queryByText('Error logging in. Please try again.')).not.toBeInTheDocument();
    expect(localStorage.getItem('token')).toBeNull();

    await act(() => i18next.changeLanguage('ar'));
    try {
      expect(screen.getByRole('alert')).toHaveTextContent('أوقف أحد مشرفي فود لينك هذا الحساب.');
      expect(screen.getByTestId('form-reason')).toHaveTextContent(/^السبب: Reselling donated food$/);
    } finally {
      await act(() => i18next.changeLanguage('en'));
    }
  });

  it('disables the button while sending', async () => {
    const login = heldReply();
    mockApi({ 'POST /api/login': login.handler });
    renderApp(routes, { path: '/Login' });
    await logIn();

    expect(screen.getByRole('button', { name: 'Logging in...' })).toBeDisabled();
    login.release(loginAnswer('donor'));
    await screen.findByRole('heading', { name: 'Donor area' });
  });

  it('links to both sign-up pages', () => {
    renderApp(routes, { path: '/Login' });
    expect(screen.getByRole('link', { name: 'Sign up as a donor' })).toHaveAttribute('href', '/SignUpDonor');
    expect(screen.getByRole('link', { name: 'Sign up as a charity' })).toHaveAttribute('href', '/SignUpCharity');
  });
});
