import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18next from 'i18next';
import { donorItem, failure, mockApi, renderPage, signInAs } from '../../test/test-utils';
import DonorDashboardPage from './donor-dashboard-page';

function showDashboard(routes: Parameters<typeof mockApi>[0], items = [donorItem({ id: 1, food_name: 'Koshari' })]) {
  signInAs('donor', 7);
  const fetchMock = mockApi({ 'GET /api/donor/7': { body: items }, 'GET /api/pickup-points': { body: [] }, 'GET /api/donor/partners': { body: { charities: [] } }, ...routes });
  renderPage(<DonorDashboardPage />, '/DonerDashboard');
  return { fetchMock, user: userEvent.setup() };
}

describe('the donor’s verified-only setting', () => {
  afterEach(async () => {
    cleanup();
    await i18next.changeLanguage('en');
  });

  it('shows the saved setting with what it means, and saves each flip', async () => {
    let saved = { verified_only: false };
    const puts: unknown[] = [];
    const { fetchMock, user } = showDashboard({
      'GET /api/donor/settings': () => ({ body: saved }),
      'PUT /api/donor/settings': (init) => {
        saved = JSON.parse(String(init?.body)) as typeof saved;
        puts.push(saved);
        return { body: saved };
      },
    });
    const section = await screen.findByRole('region', { name: 'Who may claim' });
    const toggle = await within(section).findByRole('switch', { name: 'Only verified charities may claim my food' });
    expect(toggle).not.toBeChecked();
    expect(toggle).toHaveAccessibleDescription(/only charities that Food Link has checked .* can claim your listings/);

    await user.click(toggle);
    await waitFor(() => expect(puts).toEqual([{ verified_only: true }]));
    expect(await within(section).findByRole('status')).toHaveTextContent('Saved: only verified charities may claim your food.');
    expect(toggle).toBeChecked();

    await user.click(toggle);
    await waitFor(() => expect(puts).toEqual([{ verified_only: true }, { verified_only: false }]));
    await waitFor(() => expect(within(section).getByRole('status')).toHaveTextContent('Saved: any charity may claim your food.'));
    expect(toggle).not.toBeChecked();
    const put = fetchMock.mock.calls.find(([url, init]) => String(url) === '/api/donor/settings' && init?.method === 'PUT');
    expect((put?.[1]?.headers as Record<string, string>).authorization).toBe('token-7');
  });

  it('starts on when saved on, says when a save fails and keeps the saved value', async () => {
    const { user } = showDashboard({
      'GET /api/donor/settings': { body: { verified_only: true } },
      'PUT /api/donor/settings': failure(400),
    });
    const toggle = await screen.findByRole('switch', { name: 'Only verified charities may claim my food' });
    expect(toggle).toBeChecked();
    await user.click(toggle);
    expect(await screen.findByRole('alert')).toHaveTextContent('The setting could not be saved.');
    expect(toggle).toBeChecked();
  });

  it('speaks Arabic', async () => {
    showDashboard({ 'GET /api/donor/settings': { body: { verified_only: false } } });
    await screen.findByRole('switch', { name: 'Only verified charities may claim my food' });
    await act(() => i18next.changeLanguage('ar'));
    expect(await screen.findByRole('switch', { name: 'الجمعيات الموثّقة فقط يمكنها طلب طعامي' })).toBeInTheDocument();
  });
});
