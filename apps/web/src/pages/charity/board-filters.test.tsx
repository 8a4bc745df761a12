import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18next from 'i18next';
import { LiveHub } from '../../live/live-hub';
import { foodItem, mockApi, renderPage, signInAs, stubGeolocation } from '../../test/test-utils';
import CharityAreaPage from './charity-area-page';
import { BOARD_FILTERS_KEY } from './use-board-filters';

const koshari = foodItem({
  id: 1,
  food_name: 'Koshari',
  governorate: 'EG-GZ',
  area: 'Dokki',
  category: 'cooked_meal',
  storage: 'hot',
  allergens: ['gluten', 'unknown'],
  photo_urls: ['/api/photos/a.webp'],
  thumbnail_urls: ['/api/photos/a-thumb.webp'],
  distance_km: 2.44,
});

describe('the board filters', () => {
  afterEach(async () => {
    cleanup();
    await i18next.changeLanguage('en');
  });

  it('asks the server for the chosen governorate, remembers it, and watches that governorate\'s board', async () => {
    signInAs('charity', 9);
    const fetchMock = mockApi({
      'GET /api/available': { body: [koshari] },
      'GET /api/available?governorate=EG-GZ': { body: [koshari] },
      'GET /api/available?governorate=EG-GZ&category=cooked_meal': { body: [] },
    });
    const hub = new LiveHub();
    const user = userEvent.setup();
    renderPage(<CharityAreaPage />, '/FoodDonationApp', { hub });
    await screen.findByRole('article', { name: 'Koshari' });
    expect(hub.watching).toEqual(['board']);

    await user.selectOptions(screen.getByTestId('filter-governorate'), 'EG-GZ');
    await screen.findByRole('article', { name: 'Koshari' });
    expect(fetchMock.mock.calls.map(([url]) => String(url))).toContain('/api/available?governorate=EG-GZ');
    expect(hub.watching).toEqual(['board:EG-GZ']);
    expect(JSON.parse(localStorage.getItem(BOARD_FILTERS_KEY) ?? '{}')).toMatchObject({ governorate: 'EG-GZ' });

    await user.selectOptions(screen.getByTestId('filter-category'), 'cooked_meal');
    expect(await screen.findByText('No food matches these filters.')).toBeInTheDocument();
    await user.click(within(screen.getByTestId('board-empty')).getByRole('button', { name: 'Clear filters' }));
    await screen.findByRole('article', { name: 'Koshari' });
    expect(hub.watching).toEqual(['board']);
  });

  it('starts from the remembered filters, and ignores stored values that are not valid', async () => {
    localStorage.setItem(BOARD_FILTERS_KEY, JSON.stringify({ governorate: 'EG-C', storage: 'lukewarm', window: 'today' }));
    signInAs('charity', 9);
    mockApi({ 'GET /api/available?governorate=EG-C&window=today': { body: [koshari] } });
    renderPage(<CharityAreaPage />, '/FoodDonationApp');
    await screen.findByRole('article', { name: 'Koshari' });
    expect(screen.getByTestId('filter-governorate')).toHaveValue('EG-C');
    expect(screen.getByTestId('filter-storage')).toHaveValue('');
    expect(screen.getByTestId('filter-window')).toHaveValue('today');
  });

  it('sorts by distance from the browser\'s position with "Near me", and says so when the position is refused', async () => {
    signInAs('charity', 9);
    const fetchMock = mockApi({
      'GET /api/available': { body: [koshari] },
      'GET /api/available?near=30.044%2C31.236': { body: [koshari] },
    });
    let answer: 'allow' | 'refuse' = 'refuse';
    stubGeolocation(() => (answer === 'allow' ? { latitude: 30.0444, longitude: 31.2357 } : null));
    const user = userEvent.setup();
    renderPage(<CharityAreaPage />, '/FoodDonationApp');
    await screen.findByRole('article', { name: 'Koshari' });
    await user.click(screen.getByTestId('filter-near'));
    expect(screen.getByText(/Your position is not available/)).toBeInTheDocument();
    answer = 'allow';
    await user.click(screen.getByTestId('filter-near'));
    expect(screen.getByTestId('filter-near')).toHaveAttribute('aria-pressed', 'true');
    await waitFor(() => expect(fetchMock.mock.calls.map(([url]) => String(url))).toEqual(['/api/available', '/api/available?near=30.044%2C31.236']));
    expect(JSON.parse(localStorage.getItem(BOARD_FILTERS_KEY) ?? '{}')).toMatchObject({ near: { lat: 30.0444, lng: 31.2357 } });
  });

  it('offers a retry when the board cannot be fetched ("Error fetching food data")', async () => {
    signInAs('charity', 9);
    let fail = true;
    mockApi({ 'GET /api/available': () => (fail ? { status: 500, body: null } : { body: [koshari] }) });
    const user = userEvent.setup();
    renderPage(<CharityAreaPage />, '/FoodDonationApp');
    expect(await screen.findByText('Error fetching food data')).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByTestId('board-retry'));
    expect(await screen.findByRole('article', { name: 'Koshari' })).toBeInTheDocument();
  });
});

describe('a card on the board', () => {
  it('shows where (governorate and area, distance), what (category, storage, allergens) and photos', async () => {
    signInAs('charity', 9);
    mockApi({ 'GET /api/available': { body: [koshari] } });
    renderPage(<CharityAreaPage />, '/FoodDonationApp');
    const card = await screen.findByRole('article', { name: 'Koshari' });
    expect(within(card).getByTestId('place')).toHaveTextContent('Giza · Dokki');
    expect(within(card).getByTestId('distance')).toHaveTextContent('2.4 km away');
    expect(within(card).getByText('Cooked meal')).toBeInTheDocument();
    expect(within(card).getByText('Kept hot')).toBeInTheDocument();
    expect(within(card).getByText('Gluten')).toBeInTheDocument();
    expect(within(card).getByText('Not known')).toBeInTheDocument();
    expect(within(card).getByRole('img', { name: 'Photo 1 of Koshari' })).toHaveAttribute('src', '/api/photos/a-thumb.webp');
  });

  it('reads the place in Arabic', async () => {
    await i18next.changeLanguage('ar');
    signInAs('charity', 9);
    mockApi({ 'GET /api/available': { body: [koshari] } });
    renderPage(<CharityAreaPage />, '/FoodDonationApp');
    const card = await screen.findByRole('article', { name: 'Koshari' });
    expect(within(card).getByTestId('place')).toHaveTextContent('الجيزة · Dokki');
    expect(within(card).getByText('وجبة مطبوخة')).toBeInTheDocument();
    cleanup();
    await i18next.changeLanguage('en');
  });
});
