import { cleanup, screen, within } from '@testing-library/react';
import i18next from 'i18next';
import { donor } from '../../i18n/resources/donor';
import { donorItem, mockApi, renderPage, signInAs, textKeys } from '../../test/test-utils';
import DonorDashboardPage from './donor-dashboard-page';

describe('the donor screens in Arabic', () => {
  afterEach(async () => {
    // Unmount first: switching back must not re-render a screen the test has finished with.
    cleanup();
    await i18next.changeLanguage('en');
  });

  it('has an Arabic text for every English one', () => {
    expect(textKeys(donor.ar)).toEqual(textKeys(donor.en));
  });

  it('reads right to left with Arabic labels, digits and dates', async () => {
    await i18next.changeLanguage('ar');
    signInAs('donor', 7);
    mockApi({ 'GET /api/donor/7': { body: [donorItem({ quantity: 1250, status: 'claimed', request: { request_id: 50, status: 'pending', name: 'Hope Kitchen', email: 'hope@example.org' } })] } });
    renderPage(<DonorDashboardPage />, '/DonerDashboard');
    expect(document.documentElement).toHaveAttribute('dir', 'rtl');
    expect(screen.getByRole('heading', { level: 1, name: 'لوحة المتبرع' })).toBeInTheDocument();
    const card = await screen.findByRole('article', { name: 'Koshari' });
    expect(within(card).getByText('١٬٢٥٠')).toBeInTheDocument();
    expect(within(card).getAllByText(/٢٠/).length).toBeGreaterThan(0);
    expect(within(card).getByText('محجوز')).toHaveClass('text-indigo-900');
    expect(within(card).getByRole('button', { name: 'تبرّع' })).toBeInTheDocument();
  });
});
