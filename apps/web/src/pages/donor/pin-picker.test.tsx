import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18next from 'i18next';
import { mockApi, renderPage, signInAs, stubGeolocation } from '../../test/test-utils';
import DonorDashboardPage from './donor-dashboard-page';

const MAP_CONFIG = { tileUrl: 'http://127.0.0.1:9/{z}/{x}/{y}.png', attribution: 'Test tiles' };
const SIZE = { width: 390, height: 256 };

async function openForm() {
  signInAs('donor', 7);
  const fetchMock = mockApi({ 'GET /api/donor/7': { body: [] }, 'GET /api/pickup-points': { body: [] }, 'GET /api/map/config': { body: MAP_CONFIG } });
  const user = userEvent.setup();
  renderPage(<DonorDashboardPage />, '/DonerDashboard');
  await user.click(await screen.findByTestId('point-add'));
  const form = within(screen.getByTestId('pickup-point-form'));
  await waitFor(() => expect(document.querySelector('[data-testid="pin-map"] .leaflet-tile-pane')).not.toBeNull());
  return { fetchMock, user, form };
}

/** The position the form holds, as numbers (a tap lands within a pixel of where it is aimed: about 10 m at zoom 13). */
function formPosition(form: ReturnType<typeof within>): [number, number] | null {
  const match = /Set: ([\d.]+), ([\d.]+)/.exec(form.getByTestId('point-position').textContent ?? '');
  return match ? [Number(match[1]), Number(match[2])] : null;
}

function expectNear(position: [number, number] | null, lat: number, lng: number) {
  expect(position).not.toBeNull();
  expect(Math.abs(position![0] - lat)).toBeLessThan(0.001);
  expect(Math.abs(position![1] - lng)).toBeLessThan(0.001);
}

/** A tap in the middle of the map: Leaflet reads the tap's place against the map's own size. */
function tapMapCentre() {
  const map = screen.getByTestId('pin-map');
  fireEvent.click(map, { clientX: SIZE.width / 2, clientY: SIZE.height / 2 });
}

describe('the pickup point pin picker', () => {
  const original = {
    clientWidth: Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'clientWidth'),
    clientHeight: Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'clientHeight'),
  };
  beforeAll(() => {
    Object.defineProperty(HTMLElement.prototype, 'clientWidth', { configurable: true, get: () => SIZE.width });
    Object.defineProperty(HTMLElement.prototype, 'clientHeight', { configurable: true, get: () => SIZE.height });
  });
  afterAll(() => {
    for (const [name, descriptor] of Object.entries(original)) if (descriptor) Object.defineProperty(HTMLElement.prototype, name, descriptor);
  });
  afterEach(async () => {
    await i18next.changeLanguage('en');
  });

  it('moves the map to a searched city, drops the pin where the map is tapped, and Enter in the search saves nothing', async () => {
    const { fetchMock, user, form } = await openForm();
    expect(form.getByTestId('point-position')).toHaveTextContent('Not set');
    const search = form.getByRole('searchbox', { name: 'Search an area' });
    await user.type(search, 'mansou');
    await user.click(form.getByRole('button', { name: 'Mansoura' }));
    expect(search).toHaveValue('');
    tapMapCentre();
    // The map's centre is now Mansoura's (31.04 N, 31.38 E): the pin drops there, the form holds it.
    await waitFor(() => expectNear(formPosition(form), 31.04, 31.38));
    expect(screen.getByTestId('pickup-pin')).toBeInTheDocument();

    await user.type(search, 'port sa{Enter}');
    expect(search).toHaveValue('');
    tapMapCentre();
    await waitFor(() => expectNear(formPosition(form), 31.27, 32.3));
    expect(fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST')).toEqual([]);
    expect(screen.getAllByTestId('pickup-pin')).toHaveLength(1);

    await user.type(search, 'Paris');
    expect(form.getByText('No governorate or city by that name.')).toBeInTheDocument();
  });

  it('puts the pin where "Use my location" found, and takes it away with "Remove the position"', async () => {
    stubGeolocation(() => ({ latitude: 30.0444, longitude: 31.2357 }));
    const { user, form } = await openForm();
    expect(screen.queryByTestId('pickup-pin')).not.toBeInTheDocument();
    await user.click(form.getByTestId('point-use-location'));
    await waitFor(() => expect(screen.getByTestId('pickup-pin')).toBeInTheDocument());
    expect(form.getByTestId('point-position')).toHaveTextContent('Set: 30.0444, 31.2357');
    await user.click(form.getByRole('button', { name: 'Remove the position' }));
    await waitFor(() => expect(screen.queryByTestId('pickup-pin')).not.toBeInTheDocument());
  });

  it('searches Arabic names in Arabic', async () => {
    await i18next.changeLanguage('ar');
    const { user, form } = await openForm();
    await user.type(form.getByRole('searchbox', { name: 'ابحث عن منطقة' }), 'اسكندريه');
    expect(form.getByRole('button', { name: 'الإسكندرية' })).toBeInTheDocument();
    expect(form.getByRole('region', { name: 'خريطة نقطة الاستلام' })).toBeInTheDocument();
  });
});
