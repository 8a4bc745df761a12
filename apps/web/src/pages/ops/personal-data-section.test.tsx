import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { vi } from 'vitest';
import { mockApi, renderPage, signInAs } from '../../test/test-utils';
import { PersonalDataSection } from './personal-data-section';

describe("operator console: a user's personal data request", () => {
  beforeEach(() => signInAs('operator', 1, 'Operator'));

  it('deletes an account only after the operator confirms, and says so', async () => {
    const fetchMock = mockApi({ 'DELETE /api/ops/users/12': { status: 204 } });
    const user = userEvent.setup();
    renderPage(<PersonalDataSection />, '/ops');
    const remove = screen.getByRole('button', { name: 'Delete account' });
    expect(remove).toBeDisabled();
    await user.type(screen.getByLabelText('Account id'), '12');
    await user.click(remove);
    const dialog = screen.getByRole('dialog', { name: 'Delete account 12?' });
    expect(fetchMock).not.toHaveBeenCalled();
    await user.click(within(dialog).getByRole('button', { name: 'Delete account' }));
    expect(await screen.findByText('Account 12 was deleted.')).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('downloads the data of an account, and explains an unknown one', async () => {
    mockApi({
      'GET /api/ops/users/12/export': { body: { account: { user_id: 12 } } },
      'GET /api/ops/users/13/export': { status: 404, body: { statusCode: 404, error: 'Not Found', message: 'User not found' } },
    });
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:x'), revokeObjectURL: vi.fn() }));
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    const user = userEvent.setup();
    renderPage(<PersonalDataSection />, '/ops');
    const field = screen.getByLabelText('Account id');
    await user.type(field, '12');
    await user.click(screen.getByRole('button', { name: 'Download data' }));
    expect(await screen.findByText('The data of account 12 was downloaded.')).toBeInTheDocument();
    await waitFor(() => expect(click).toHaveBeenCalledTimes(1));
    await user.clear(field);
    await user.type(field, '13');
    await user.click(screen.getByRole('button', { name: 'Download data' }));
    expect(await screen.findByText('There is no account 13, or it is already deleted.')).toBeInTheDocument();
    click.mockRestore();
  });
});
