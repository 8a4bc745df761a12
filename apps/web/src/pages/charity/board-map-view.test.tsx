import { GOVERNORATE_POSITIONS } from '@food-link/contracts';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18next from 'i18next';
import { foodItem, mockApi, renderPage, signInAs } from '../../test/test-utils';
import CharityAreaPage from './charity-area-page';
import { BOARD_VIEW_KEY } from './board-view-toggle';

const MAP_CONFIG = { tileUrl: 'http://127.0.0.1:9/{z}/{x}/{y}.png', attribution: 'Test tiles' };
// The board carries governorate and area only; these listings' pickup points are elsewhere in Cairo.
const board = [
  foodItem({ id: 1, food_name: 'Koshari', governorate: 'EG-C', area: 'Shubra' }),
  foodItem({ id: 2, food_name: 'Baladi bread', governorate: 'EG-C', area: 'Maadi' }),
  foodItem({ id: 3, food_name: 'Feteer', governorate: 'EG-ASN', area: 'Downtown' }),
];

/** The markers Leaflet drew. */
const markerElements = () => [...document.querySelectorAll<HTMLElement>('[data-testid="map-cluster"], [data-testid="map-marker"]')];

describe("the board's map view", () => {
  // jsdom lays nothing out: give the map a phone's size, as Leaflet reads it, so it can place markers.
  const sizes = { clientWidth: 390, clientHeight: 500 };
  const original = Object.fromEntries(Object.keys(sizes).map((name) => [name, Object.getOwnPropertyDescriptor(HTMLElement.prototype, name)]));
  beforeAll(() => {
    for (const [name, value] of Object.entries(sizes)) Object.defineProperty(HTMLElement.prototype, name, { configurable: true, get: () => value });
  });
  afterAll(() => {
    for (const [name, descriptor] of Object.entries(original)) if (descriptor) Object.defineProperty(HTMLElement.prototype, name, descriptor);
  });
  afterEach(async () => {
    cleanup();
    await i18next.changeLanguage('en');
  });

  it('switches the board to a map of clustered markers, remembers it, and shows the cards of a tapped marker', async () => {
    signInAs('charity', 9);
    const fetchMock = mockApi({ 'GET /api/available': { body: board }, 'GET /api/map/config': { body: MAP_CONFIG }, 'GET /api/food/1': { body: board[0] } });
    const user = userEvent.setup();
    renderPage(<CharityAreaPage />, '/FoodDonationApp');
    await screen.findByRole('article', { name: 'Koshari' });
    const views = screen.getByRole('group', { name: 'Show the food as' });
    expect(within(views).getByRole('button', { name: 'List' })).toHaveAttribute('aria-pressed', 'true');
    // The list view never fetches the map's settings (nor its code).
    expect(fetchMock.mock.calls.map(([url]) => String(url))).not.toContain('/api/map/config');

    await user.click(within(views).getByRole('button', { name: 'Map' }));
    expect(localStorage.getItem(BOARD_VIEW_KEY)).toBe('map');
    expect(await screen.findByRole('region', { name: 'Map of available food' })).toBeInTheDocument();
    await waitFor(() => expect(markerElements()).toHaveLength(2));
    expect(screen.queryByRole('article')).not.toBeInTheDocument();
    expect(screen.getByText('Test tiles')).toBeInTheDocument();

    // Two Cairo listings share Cairo's public position: one cluster of two; Aswan's is a marker of its own.
    // The view fits both places first (markers are drawn again at the new zoom): look them up after it.
    expect(await screen.findByRole('button', { name: '2 listings around here' })).toHaveAttribute('data-testid', 'map-cluster');
    await user.click(screen.getByRole('button', { name: '1 listing in Aswan' }));
    const chosen = within(screen.getByTestId('map-chosen'));
    expect(await chosen.findByRole('article', { name: 'Feteer' })).toBeInTheDocument();
    expect(chosen.getByRole('heading', { name: '1 listing here' })).toBeInTheDocument();

    // Apart enough that Leaflet does not take the two taps for a double tap (a zoom, which jsdom cannot place).
    await new Promise((resolve) => setTimeout(resolve, 400));
    await user.click(screen.getByRole('button', { name: '2 listings around here' }));
    expect(await chosen.findByRole('article', { name: 'Koshari' })).toBeInTheDocument();
    expect(chosen.getByRole('article', { name: 'Baladi bread' })).toBeInTheDocument();
    expect(chosen.queryByRole('article', { name: 'Feteer' })).not.toBeInTheDocument();

    // The card selects the food as it does in the list.
    await user.click(chosen.getByRole('button', { name: 'Koshari' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Request a Food Pickup' })).toBeInTheDocument();
  });

  it('puts markers at the public positions only, and speaks Arabic with Arabic digits', async () => {
    localStorage.setItem(BOARD_VIEW_KEY, 'map');
    await i18next.changeLanguage('ar');
    signInAs('charity', 9);
    mockApi({ 'GET /api/available': { body: board }, 'GET /api/map/config': { body: MAP_CONFIG } });
    renderPage(<CharityAreaPage />, '/FoodDonationApp');
    expect(await screen.findByRole('region', { name: 'خريطة الطعام المتاح' })).toBeInTheDocument();
    await waitFor(() => expect(markerElements()).toHaveLength(2));
    expect(screen.getByRole('button', { name: 'إعلانان قريبان من هنا' })).toHaveTextContent('٢');
    expect(screen.getByRole('button', { name: 'إعلان واحد في أسوان' })).toHaveTextContent('١');
    expect(screen.getByRole('group', { name: 'اعرض الطعام' })).toBeInTheDocument();
    // Cairo's two sit at Cairo's public position (at this zoom, with no other governorate near), Aswan's at Aswan's.
    const at = ({ lat, lng }: { lat: number; lng: number }) => `${lat},${lng}`;
    expect(markerElements().map((element) => element.dataset.position).sort()).toEqual([at(GOVERNORATE_POSITIONS['EG-C']), at(GOVERNORATE_POSITIONS['EG-ASN'])].sort());
  });

  it('says when the map cannot be loaded, and the list still works', async () => {
    localStorage.setItem(BOARD_VIEW_KEY, 'map');
    signInAs('charity', 9);
    mockApi({ 'GET /api/available': { body: board }, 'GET /api/map/config': { status: 503, body: { statusCode: 503, message: 'down' } } });
    const user = userEvent.setup();
    renderPage(<CharityAreaPage />, '/FoodDonationApp');
    expect(await screen.findByText('The map could not be loaded. The list still shows every listing.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'List' }));
    expect(await screen.findByRole('article', { name: 'Koshari' })).toBeInTheDocument();
  });
});
