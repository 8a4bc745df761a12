import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { heldReply, mockApi, renderApp } from '../../test/render-app';
import SignUpCharityPage from './sign-up-charity-page';

vi.mock('socket.io-client', () => import('../../test/fake-socket'));

const routes = [{ path: '/SignUpCharity', element: <SignUpCharityPage /> }];

async function fillAndSubmit() {
  await userEvent.type(screen.getByLabelText('Charity name'), 'Resala');
  await userEvent.type(screen.getByLabelText('Email'), 'contact@resala.example');
  await userEvent.type(screen.getByLabelText('Password'), 'feeding-cairo');
  await userEvent.click(screen.getByRole('button', { name: 'Sign Up' }));
}

afterEach(() => vi.unstubAllGlobals());

describe('SignUpCharityPage', () => {
  it('shows the server message and the charity id, and clears the form', async () => {
    mockApi({
      'POST /api/registercharity': { status: 201, body: { message: 'Charity registered successfully', charity_id: 12, user_id: 40 } },
    });
    renderApp(routes, { path: '/SignUpCharity' });
    await fillAndSubmit();

    expect(await screen.findByText('Charity registered successfully')).toBeInTheDocument();
    expect(screen.getByText('Your Charity ID: 12')).toBeInTheDocument();
    expect(localStorage.getItem('charityId')).toBe('12');
    expect(screen.getByLabelText('Charity name')).toHaveValue('');
    expect(screen.getByLabelText('Password')).toHaveValue('');
  });

  it('shows the spec error when registration fails', async () => {
    mockApi({
      'POST /api/registercharity': { status: 409, body: { statusCode: 409, error: 'Conflict', message: 'Name taken' } },
    });
    renderApp(routes, { path: '/SignUpCharity' });
    await fillAndSubmit();

    expect(await screen.findByRole('alert')).toHaveTextContent('Error registering charity. Please try again.');
    expect(screen.queryByText(/Your Charity ID/)).not.toBeInTheDocument();
  });

  it('disables the button while sending', async () => {
    const register = heldReply();
    mockApi({ 'POST /api/registercharity': register.handler });
    renderApp(routes, { path: '/SignUpCharity' });
    await fillAndSubmit();

    expect(screen.getByRole('button', { name: 'Signing up...' })).toBeDisabled();
    register.release({ status: 201, body: { message: 'Charity registered successfully', charity_id: 1, user_id: 2 } });
    expect(await screen.findByRole('button', { name: 'Sign Up' })).toBeEnabled();
  });
});
