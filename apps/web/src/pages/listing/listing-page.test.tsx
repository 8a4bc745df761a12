import { screen, within } from '@testing-library/react';
import { foodItem } from '../../test/test-utils';
import { failure, mockApi, renderApp } from '../../test/render-app';
import ListingPage from './listing-page';

vi.mock('socket.io-client', () => import('../../test/fake-socket'));

const routes = [{ path: '/food/:id', element: <ListingPage /> }];

describe('the public listing page', () => {
  it('shows a visitor without an account the public view and a WhatsApp share link', async () => {
    mockApi({ 'GET /api/food/57': { body: foodItem({ id: 57, food_name: 'Koshari boxes', governorate: 'EG-GZ', area: 'Dokki' }) } });
    renderApp(routes, { path: '/food/57' });
    expect(await screen.findByRole('heading', { name: 'Koshari boxes', level: 1 })).toBeInTheDocument();
    expect(screen.getByTestId('place')).toHaveTextContent('Giza · Dokki');
    const share = screen.getByRole('link', { name: 'Share on WhatsApp: Koshari boxes' });
    expect(share.getAttribute('href')).toMatch(/^https:\/\/wa\.me\/\?text=/);
    expect(decodeURIComponent(share.getAttribute('href') ?? '')).toContain(`${window.location.origin}/food/57`);
    expect(within(screen.getByRole('article')).getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/Login');
  });

  it('answers an unknown item, a withdrawn one and a malformed id with the not-found page', async () => {
    mockApi({ 'GET /api/food/8': failure(404) });
    const unknown = renderApp(routes, { path: '/food/8' });
    expect(await screen.findByRole('heading', { name: 'Page Not Found' })).toBeInTheDocument();
    unknown.unmount();

    mockApi({ 'GET /api/food/9': { body: foodItem({ id: 9, status: 'withdrawn' }) } });
    const withdrawn = renderApp(routes, { path: '/food/9' });
    expect(await screen.findByRole('heading', { name: 'Page Not Found' })).toBeInTheDocument();
    withdrawn.unmount();

    renderApp(routes, { path: '/food/abc' });
    expect(screen.getByRole('heading', { name: 'Page Not Found' })).toBeInTheDocument();
  });

  it('says when the food is no longer available, and offers no share', async () => {
    mockApi({ 'GET /api/food/10': { body: foodItem({ id: 10, food_name: 'Bread', status: 'claimed' }) } });
    renderApp(routes, { path: '/food/10' });
    expect(await screen.findByText('This food is no longer available.')).toBeInTheDocument();
    expect(screen.queryByTestId('share-whatsapp')).not.toBeInTheDocument();
  });
});
