import { cleanup, screen, waitFor } from '@testing-library/react';
import i18next from 'i18next';
import { routes } from './router';
import { mockApi, renderApp } from '../test/render-app';

vi.mock('socket.io-client', () => import('../test/fake-socket'));

const api = {
  'GET /api/request/totalmeals': { body: { totalMeals: 0 } },
  'GET /api/request/totalcharities': { body: { totalCharities: 0 } },
  'GET /api/available': { body: [] },
  'GET /api/food/1': { body: { id: 1, food_id: 1, food_name: 'Koshari', quantity: 4, description: 'x', expiration_date: '2030-05-20', status: 'available' } },
};

/** Each screen and the title its tab shows, in English and in Arabic. */
const SCREENS: [path: string, en: string, ar: string][] = [
  ['/', 'Surplus food shared across Egypt · Food Link', 'فائض الطعام يصل إلى مستحقيه في كل أنحاء مصر · فود لينك'],
  ['/DonerDashboard', 'Donor Dashboard · Food Link', 'لوحة المتبرع · فود لينك'],
  ['/FoodDonationApp', 'Available Food Donations · Food Link', 'التبرعات الغذائية المتاحة · فود لينك'],
  ['/FoodDonationApp?food=1', 'Request a Food Pickup · Food Link', 'طلب استلام طعام · فود لينك'],
  ['/FoodDonationApp?view=requests', 'Your Food Pickup Requests · Food Link', 'طلبات الاستلام الخاصة بك · فود لينك'],
  ['/FoodDonationApp?view=profile', 'Charity profile · Food Link', 'ملف الجمعية · فود لينك'],
  ['/notifications', 'Notifications · Food Link', 'الإشعارات · فود لينك'],
  ['/notifications/settings', 'Notification settings · Food Link', 'إعدادات الإشعارات · فود لينك'],
  ['/DonerDashboard/schedules', 'Standing collections · Food Link', 'الاستلامات الدائمة · فود لينك'],
  ['/FoodDonationApp/week', 'Your week · Food Link', 'أسبوعك · فود لينك'],
  ['/no-such-page', 'Page Not Found · Food Link', 'الصفحة غير موجودة · فود لينك'],
  ['/contact', 'Contact us · Food Link', 'تواصل معنا · فود لينك'],
  ['/privacy', 'Privacy · Food Link', 'الخصوصية · فود لينك'],
  ['/terms', 'Terms of use · Food Link', 'شروط الاستخدام · فود لينك'],
  ['/food-safety', 'Food-safety guidance · Food Link', 'إرشادات سلامة الغذاء · فود لينك'],
];

describe('document titles', () => {
  beforeEach(() => {
    document.title = 'Food Link';
  });
  afterEach(async () => {
    cleanup();
    await i18next.changeLanguage('en');
  });

  it.each(SCREENS)('%s has its own title in English', async (path, en) => {
    mockApi(api);
    renderApp(routes, { path });
    // The first test of a screen imports its lazy chunk, transformed on the spot: slower than a second on a busy machine.
    await waitFor(() => expect(document.title).toBe(en), { timeout: 5000 });
  });

  it.each(SCREENS)('%s has its own title in Arabic', async (path, _en, ar) => {
    await i18next.changeLanguage('ar');
    mockApi(api);
    renderApp(routes, { path });
    await waitFor(() => expect(document.title).toBe(ar));
  });
});

describe('the pages behind the footer', () => {
  afterEach(async () => {
    cleanup();
    await i18next.changeLanguage('en');
  });

  it('tells users on the privacy page that they can download their data and delete their account', async () => {
    renderApp(routes, { path: '/privacy' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Privacy' })).toBeInTheDocument();
    expect(screen.getByText(/You can download your data and delete your account from your dashboard\./)).toBeInTheDocument();
  });

  it('says the same in Arabic', async () => {
    await i18next.changeLanguage('ar');
    renderApp(routes, { path: '/privacy' });
    expect(await screen.findByRole('heading', { level: 1, name: 'الخصوصية' })).toBeInTheDocument();
    expect(screen.getByText(/يمكنك تنزيل بياناتك وحذف حسابك من لوحتك/)).toBeInTheDocument();
  });

  it('gives a contact address as a mail link', async () => {
    renderApp(routes, { path: '/contact' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Contact us' })).toBeInTheDocument();
    const mail = screen.getAllByRole('link', { name: /support.*foodlink/ })[0];
    expect(mail).toHaveAttribute('href', 'mailto:support@foodlink.eg');
    expect(mail).toHaveTextContent('support@foodlink.eg');
  });

  it('gives food-safety guidance for donors and charities, with its source', async () => {
    renderApp(routes, { path: '/food-safety' });
    expect(await screen.findByRole('heading', { level: 2, name: 'Before you list food' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'When you collect and hand out food' })).toBeInTheDocument();
    expect(screen.getByText(/Five Keys to Safer Food/, { selector: 'section p' })).toBeInTheDocument();
  });
});
