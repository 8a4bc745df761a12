import { screen, waitFor, within } from '@testing-library/react';
import CharityAreaPage from '../charity/charity-area-page';
import DonorDashboardPage from '../donor/donor-dashboard-page';
import { donorItem, mockApi, renderPage, signInAs } from '../../test/test-utils';

describe('where notifications lead', () => {
  beforeEach(() => {
    // jsdom lays nothing out, so it has no scrolling.
    Element.prototype.scrollIntoView = () => undefined;
  });
  afterEach(() => {
    Reflect.deleteProperty(Element.prototype, 'scrollIntoView');
  });

  it('brings a donor from "Was it collected?" to that donation\'s card, with Donate on it', async () => {
    signInAs('donor', 7);
    mockApi({
      'GET /api/donor/7': {
        body: [donorItem({ id: 1 }), donorItem({ id: 2, food_name: 'Ful medames', status: 'claimed', request: { request_id: 50, status: 'pending' } })],
      },
    });
    renderPage(<DonorDashboardPage />, '/DonerDashboard#food-2');
    const card = await screen.findByRole('article', { name: 'Ful medames' });
    await waitFor(() => expect(card).toHaveFocus());
    expect(within(card).getByRole('button', { name: 'Donate' })).toBeInTheDocument();
  });

  it('puts the bell in the donor\'s and the charity\'s own headers', async () => {
    signInAs('donor', 7);
    mockApi({ 'GET /api/donor/7': { body: [] }, 'GET /api/notifications': { body: { unread: 4, items: [] } } });
    const donor = renderPage(<DonorDashboardPage />, '/DonerDashboard');
    await waitFor(() => expect(screen.getByTestId('notification-bell')).toHaveAccessibleName('Notifications, 4 unread'));
    donor.unmount();

    signInAs('charity', 9);
    mockApi({ 'GET /api/available': { body: [] }, 'GET /api/notifications': { body: { unread: 1, items: [] } } });
    renderPage(<CharityAreaPage />, '/FoodDonationApp');
    const nav = screen.getByRole('navigation', { name: 'Charity area' });
    await waitFor(() => expect(within(nav).getByRole('link', { name: 'Notifications, 1 unread' })).toHaveAttribute('href', '/notifications'));
  });
});
