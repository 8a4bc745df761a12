import { cleanup, screen, within } from '@testing-library/react';
import i18next from 'i18next';
import { charity } from '../../i18n/resources/charity';
import CharityAreaPage from './charity-area-page';
import { foodItem, mockApi, renderPage, signInAs, textKeys } from '../../test/test-utils';

describe('the charity screens in Arabic', () => {
  afterEach(async () => {
    // Unmount first: switching back must not re-render a screen the test has finished with.
    cleanup();
    await i18next.changeLanguage('en');
  });

  it('has an Arabic text for every English one', () => {
    expect(textKeys(charity.ar)).toEqual(textKeys(charity.en));
  });

  it('shows the board with Arabic labels and digits', async () => {
    await i18next.changeLanguage('ar');
    signInAs('charity', 9, 'Hope Kitchen');
    mockApi({ 'GET /api/available': { body: [foodItem({ quantity: 40 })] } });
    renderPage(<CharityAreaPage />, '/FoodDonationApp');
    expect(screen.getByRole('button', { name: 'قائمة الطعام المتاح' })).toBeInTheDocument();
    const card = await screen.findByRole('article', { name: 'Koshari' });
    expect(within(card).getByText('الكمية')).toBeInTheDocument();
    expect(within(card).getByText('٤٠')).toBeInTheDocument();
    expect(within(card).getByText('متاح')).toBeInTheDocument();
  });

  it('says a cancellation in its own words rather than the server\'s English', () => {
    expect(i18next.t('requests.cancelled', { ns: 'charity', lng: 'ar', message: 'Request cancelled' })).toBe('تم إلغاء الطلب.');
    expect(i18next.t('requests.cancelled', { ns: 'charity', lng: 'en', message: 'Request cancelled' })).toBe('Request cancelled');
  });
});
