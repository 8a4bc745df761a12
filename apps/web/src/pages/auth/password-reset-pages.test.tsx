import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18next from 'i18next';
import { mockApi, renderApp } from '../../test/render-app';
import ForgotPasswordPage from './forgot-password-page';
import LoginPage from './login-page';
import ResetPasswordPage from './reset-password-page';

vi.mock('socket.io-client', () => import('../../test/fake-socket'));

const routes = [
  { path: '/Login', element: <LoginPage /> },
  { path: '/forgot-password', element: <ForgotPasswordPage /> },
  { path: '/reset-password', element: <ResetPasswordPage /> },
];
const SENT = 'If an account uses this address, a link to reset its password is on its way. Check your inbox (and your spam folder).';
const answer = { status: 202, body: { message: 'If an account uses this e-mail address, a link to reset its password is on its way' } };

afterEach(async () => {
  await i18next.changeLanguage('en');
});

describe('forgot password', () => {
  it('is linked from the login screen, whose own texts stay as they were', async () => {
    const { router } = renderApp(routes, { path: '/Login' });
    expect(screen.getByRole('heading', { name: 'Login' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Login' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('link', { name: 'Forgot password?' }));
    expect(router.state.location.pathname).toBe('/forgot-password');
    expect(await screen.findByRole('heading', { name: 'Forgot your password?' })).toBeInTheDocument();
  });

  it('sends the e-mail (lower-cased) and the page language, and confirms the same way whatever the answer says', async () => {
    await i18next.changeLanguage('ar');
    const fetchMock = mockApi({ 'POST /api/auth/forgot-password': answer });
    renderApp(routes, { path: '/forgot-password' });
    await userEvent.type(screen.getByLabelText('البريد الإلكتروني'), 'Someone@Example.com');
    await userEvent.click(screen.getByRole('button', { name: 'أرسل الرابط' }));
    expect(await screen.findByText(/إن كان هناك حساب بهذا البريد/)).toBeInTheDocument();
    expect(JSON.parse(String(fetchMock.mock.calls[0][1]?.body))).toEqual({ email: 'someone@example.com', language: 'ar' });
  });

  it('refuses an address that is not one before sending anything', async () => {
    const fetchMock = mockApi({});
    renderApp(routes, { path: '/forgot-password' });
    await userEvent.type(screen.getByLabelText('Email'), 'not-an-address');
    await userEvent.click(screen.getByRole('button', { name: 'Send the link' }));
    expect(await screen.findByText('Enter a valid e-mail address')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
    expect(screen.queryByText(SENT)).not.toBeInTheDocument();
  });
});

describe('reset password', () => {
  it('sets the new password with the token from the link, then offers Login', async () => {
    localStorage.setItem('token', 'an-old-session');
    const fetchMock = mockApi({ 'POST /api/auth/reset-password': { body: { message: 'Your password has been changed; sign in with it' } } });
    renderApp(routes, { path: '/reset-password?token=abc_DEF-123' });
    await userEvent.type(screen.getByLabelText('New password'), 'a new passphrase');
    await userEvent.type(screen.getByLabelText('Confirm the new password'), 'a new passphrase');
    await userEvent.click(screen.getByRole('button', { name: 'Set the password' }));
    const done = await screen.findByText(/Your password has been changed/);
    expect(JSON.parse(String(fetchMock.mock.calls[0][1]?.body))).toEqual({ token: 'abc_DEF-123', password: 'a new passphrase' });
    // Every session of the account ended, this browser's too.
    expect(localStorage.getItem('token')).toBeNull();
    expect(within(done).getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/Login');
  });

  it('checks the rules and the confirmation before sending', async () => {
    const fetchMock = mockApi({});
    renderApp(routes, { path: '/reset-password?token=abc' });
    await userEvent.type(screen.getByLabelText('New password'), 'short');
    await userEvent.click(screen.getByRole('button', { name: 'Set the password' }));
    expect(await screen.findByText('Use at least 8 characters')).toBeInTheDocument();
    await userEvent.clear(screen.getByLabelText('New password'));
    await userEvent.type(screen.getByLabelText('New password'), 'a new passphrase');
    await userEvent.type(screen.getByLabelText('Confirm the new password'), 'another passphrase');
    await userEvent.click(screen.getByRole('button', { name: 'Set the password' }));
    expect(await screen.findByText('The two passwords are not the same')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('explains a used or expired link in the reader\'s language and offers a new one', async () => {
    await i18next.changeLanguage('ar');
    mockApi({
      'POST /api/auth/reset-password': {
        status: 409,
        body: { statusCode: 409, error: 'Conflict', message: 'token has already been used, or another link sent to this account was used; ask for a new one if you need it' },
      },
    });
    renderApp(routes, { path: '/reset-password?token=abc' });
    await userEvent.type(screen.getByLabelText(/^كلمة المرور الجديدة/), 'a new passphrase');
    await userEvent.type(screen.getByLabelText('تأكيد كلمة المرور الجديدة'), 'a new passphrase');
    await userEvent.click(screen.getByRole('button', { name: 'احفظ كلمة المرور' }));
    expect(await screen.findByText('استُخدم هذا الرابط من قبل، أو استُخدم رابط آخر أُرسل إلى هذا الحساب؛ اطلب رابطًا جديدًا إن احتجت إليه')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'اطلب رابطًا جديدًا' })).toHaveAttribute('href', '/forgot-password');
  });

  it('without a token, says the page needs the e-mailed link', () => {
    renderApp(routes, { path: '/reset-password' });
    expect(screen.getByRole('alert')).toHaveTextContent('This page needs the link from the e-mail.');
    expect(screen.queryByLabelText('New password')).not.toBeInTheDocument();
  });
});
