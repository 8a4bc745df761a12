import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18next from 'i18next';
import { heldReply, mockApi, renderApp } from '../../test/render-app';
import SignUpDonorPage from './sign-up-donor-page';

vi.mock('socket.io-client', () => import('../../test/fake-socket'));

const routes = [{ path: '/SignUpDonor', element: <SignUpDonorPage /> }];

async function fillAndSubmit() {
  await userEvent.type(screen.getByLabelText('Name'), 'Hassan Bakery');
  await userEvent.type(screen.getByLabelText('Email'), 'hassan@example.com');
  await userEvent.type(screen.getByLabelText('Password'), 'koshari-2026');
  await userEvent.click(screen.getByRole('button', { name: 'Sign Up' }));
}

afterEach(() => vi.unstubAllGlobals());

describe('SignUpDonorPage', () => {
  it('registers the donor, shows the server message and clears the form', async () => {
    const fetch = mockApi({
      'POST /api/registerdonor': { status: 201, body: { message: 'Donor registered successfully', user_id: 3 } },
    });
    renderApp(routes, { path: '/SignUpDonor' });
    await fillAndSubmit();

    expect(await screen.findByText('Donor registered successfully')).toBeInTheDocument();
    expect(JSON.parse(fetch.mock.calls[0][1]?.body as string)).toEqual({
      name: 'Hassan Bakery',
      email: 'hassan@example.com',
      password: 'koshari-2026',
    });
    expect(screen.getByLabelText('Name')).toHaveValue('');
    expect(screen.getByLabelText('Email')).toHaveValue('');
    expect(screen.getByLabelText('Password')).toHaveValue('');
  });

  it('shows the spec error when registration fails, keeping what was typed', async () => {
    mockApi({
      'POST /api/registerdonor': { status: 409, body: { statusCode: 409, error: 'Conflict', message: 'Email already registered' } },
    });
    renderApp(routes, { path: '/SignUpDonor' });
    await fillAndSubmit();

    expect(await screen.findByRole('alert')).toHaveTextContent('Error registering donor. Please try again.');
    expect(screen.getByLabelText('Email')).toHaveValue('hassan@example.com');
  });

  it("refuses what the API would refuse, with the API's words, and sends nothing", async () => {
    const fetch = mockApi({});
    renderApp(routes, { path: '/SignUpDonor' });
    // A blank name passes the browser's `required`; trimmed, the API finds it empty.
    await userEvent.type(screen.getByLabelText('Name'), '   ');
    await userEvent.type(screen.getByLabelText('Email'), 'hassan@example.com');
    // 16 code points: enough for the API's minimum of 8, so the password shows no error.
    await userEvent.type(screen.getByLabelText('Password'), 'a\uFE0F'.repeat(8));
    await userEvent.click(screen.getByRole('button', { name: 'Sign Up' }));

    expect(screen.getByLabelText('Name')).toHaveAccessibleDescription('This field is required');
    expect(screen.getByLabelText('Password')).toHaveAccessibleDescription('At least 8 characters.');
    expect(screen.getByLabelText('Email')).not.toHaveAttribute('aria-invalid');
    expect(fetch.mock.calls.filter(([url]) => String(url).includes('/api/registerdonor'))).toEqual([]);
  });

  it('disables the button while sending', async () => {
    const register = heldReply();
    mockApi({ 'POST /api/registerdonor': register.handler });
    renderApp(routes, { path: '/SignUpDonor' });
    await fillAndSubmit();

    expect(screen.getByRole('button', { name: 'Signing up...' })).toBeDisabled();
    register.release({ status: 201, body: { message: 'Donor registered successfully', user_id: 3 } });
    expect(await screen.findByRole('button', { name: 'Sign Up' })).toBeEnabled();
  });

  it('requires every field and checks the email the browser way', () => {
    renderApp(routes, { path: '/SignUpDonor' });
    for (const label of ['Name', 'Email', 'Password']) expect(screen.getByLabelText(label)).toBeRequired();
    expect(screen.getByLabelText('Email')).toHaveAttribute('type', 'email');
    expect(within(screen.getByRole('main')).getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/Login');
  });

  it('signs up in the language the app is in, so the account gets its e-mail and push in it', async () => {
    const fetch = mockApi({
      'POST /api/registerdonor': { status: 201, body: { message: 'Donor registered successfully', user_id: 3 } },
    });
    await i18next.changeLanguage('ar');
    try {
      renderApp(routes, { path: '/SignUpDonor' });
      await userEvent.type(screen.getByLabelText('الاسم'), 'مخبز حسن');
      await userEvent.type(screen.getByLabelText('البريد الإلكتروني'), 'hassan@example.com');
      await userEvent.type(screen.getByLabelText('كلمة المرور'), 'koshari-2026');
      await userEvent.click(screen.getByRole('button', { name: 'إنشاء الحساب' }));
      await vi.waitFor(() => expect(fetch).toHaveBeenCalled());
      const [url, init] = fetch.mock.calls[0];
      expect(url).toBe('/api/registerdonor');
      expect(new Headers(init?.headers).get('accept-language')).toBe('ar');
    } finally {
      await i18next.changeLanguage('en');
    }
  });
});
