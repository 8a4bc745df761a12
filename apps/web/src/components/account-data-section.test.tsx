import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { vi } from 'vitest';
import { readSession } from '../session/session';
import { mockApi, renderPage, signInAs } from '../test/test-utils';
import { AccountDataSection } from './account-data-section';

const exported = {
  exported_at: '2026-11-24T10:00:00.000Z',
  account: { user_id: 7, name: 'Nile Bakery', email: 'bakery@example.com', user_type: 'donor', created_at: '2026-11-01T10:00:00.000Z' },
  charity: null,
  donations: [],
  pickup_requests: [],
};

describe('your data: download and delete the account', () => {
  it('downloads the export as a JSON file named after the account', async () => {
    signInAs('donor', 7);
    const fetchMock = mockApi({ 'GET /api/account/export': { body: exported } });
    const createObjectURL = vi.fn((_blob: Blob) => 'blob:export');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    const clicked: string[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this.download);
    });
    const user = userEvent.setup();
    renderPage(<AccountDataSection />, '/DonerDashboard');

    await user.click(screen.getByRole('button', { name: 'Download my data' }));
    await waitFor(() => expect(clicked).toEqual(['foodlink-data-7.json']));
    const blob = createObjectURL.mock.calls[0][0];
    const text = await new Promise<string>((resolve) => {
      const reader = new FileReader();
      reader.onload = () => resolve(String(reader.result));
      reader.readAsText(blob);
    });
    expect(JSON.parse(text)).toEqual(exported);
    expect(fetchMock.mock.calls[0][1]?.headers).toMatchObject({ authorization: 'token-7' });
    click.mockRestore();
  });

  it('deletes the account only after the password is given, then signs out and goes home', async () => {
    signInAs('donor', 7);
    const fetchMock = mockApi({ 'POST /api/account/delete': { body: { message: 'Your account has been deleted' } } });
    const user = userEvent.setup();
    renderPage(<AccountDataSection />, '/DonerDashboard');

    await user.click(screen.getByRole('button', { name: 'Delete my account' }));
    const confirm = screen.getByRole('button', { name: 'Delete my account for good' });
    expect(confirm).toBeDisabled();
    await user.type(screen.getByLabelText('Your password, to confirm'), 'my password');
    await user.click(confirm);

    expect(await screen.findByText('Home page')).toBeInTheDocument();
    expect(readSession()).toBeNull();
    const [, init] = fetchMock.mock.calls[0];
    expect(JSON.parse(String(init?.body))).toEqual({ password: 'my password' });
    expect(init?.headers).toMatchObject({ 'idempotency-key': expect.any(String) });
  });

  it("shows the server's reason when the password is wrong, and keeps the session", async () => {
    signInAs('charity', 9);
    mockApi({
      'POST /api/account/delete': { status: 403, body: { statusCode: 403, error: 'Forbidden', message: 'The password is not correct' } },
    });
    const user = userEvent.setup();
    renderPage(<AccountDataSection />, '/FoodDonationApp');
    await user.click(screen.getByRole('button', { name: 'Delete my account' }));
    await user.type(screen.getByLabelText('Your password, to confirm'), 'wrong');
    await user.click(screen.getByRole('button', { name: 'Delete my account for good' }));
    expect(await screen.findByText('Your account could not be deleted. Please try again. The password is not correct')).toBeInTheDocument();
    expect(readSession()?.userId).toBe(9);
    await user.click(screen.getByRole('button', { name: 'Keep my account' }));
    expect(screen.queryByLabelText('Your password, to confirm')).not.toBeInTheDocument();
  });
});
