import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, vi } from 'vitest';
import CharityAreaPage from './charity-area-page';
import { foodItem, mockApi, renderPage, signInAs } from '../../test/test-utils';

const unsaved = { saved: false, governorates: [], categories: [], storage: [], base_lat: null, base_lng: null, radius_km: null, phone: null, quiet_hours: null };

/** A viewport as wide as `px`: `(min-width: 40rem)` (640 px) holds on a tablet or desktop, not on a 390 px phone. */
function viewportOf(px: number) {
  vi.stubGlobal(
    'matchMedia',
    vi.fn((query: string) => {
      const min = /min-width:\s*([\d.]+)rem/.exec(query);
      return { matches: min ? px >= Number(min[1]) * 16 : false, media: query, addEventListener: vi.fn(), removeEventListener: vi.fn() };
    }),
  );
}

afterEach(() => vi.unstubAllGlobals());

describe("the board's notices", () => {
  it('fold into one line on a 390 px phone, the food first in sight, and open when tapped', async () => {
    viewportOf(390);
    signInAs('charity', 9);
    mockApi({ 'GET /api/charity/profile': { body: unsaved }, 'GET /api/available': { body: [foodItem({ id: 4, food_name: 'Koshari' })] } });
    const user = userEvent.setup();
    renderPage(<CharityAreaPage />, '/FoodDonationApp');
    const notice = await screen.findByTestId('profile-not-saved');
    const notices = screen.getByTestId('board-notices');
    expect(notices).not.toHaveAttribute('open');
    expect(notice).not.toBeVisible();
    expect(await screen.findByRole('article', { name: 'Koshari' })).toBeVisible();

    await user.click(within(notices).getByText('Notices about your charity'));
    expect(notices).toHaveAttribute('open');
    expect(notice).toBeVisible();
    expect(within(notice).getByRole('link', { name: 'Save your profile' })).toBeVisible();
  });

  it('stay open on a wider screen', async () => {
    viewportOf(1280);
    signInAs('charity', 9);
    mockApi({ 'GET /api/charity/profile': { body: unsaved }, 'GET /api/available': { body: [] } });
    renderPage(<CharityAreaPage />, '/FoodDonationApp');
    expect(await screen.findByTestId('profile-not-saved')).toBeVisible();
    expect(screen.getByTestId('board-notices')).toHaveAttribute('open');
  });
});
