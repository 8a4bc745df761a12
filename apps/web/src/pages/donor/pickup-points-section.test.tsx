import type { PickupPointView } from '@food-link/contracts';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18next from 'i18next';
import { mockApi, renderPage, signInAs, stubGeolocation } from '../../test/test-utils';
import DonorDashboardPage from './donor-dashboard-page';

const tahrir: PickupPointView = {
  id: 3,
  label: 'Tahrir branch',
  governorate: 'EG-C',
  area: 'Downtown',
  address_line: '12 Talaat Harb Street',
  landmark: null,
  lat: null,
  lng: null,
  contact_name: 'Mona Adel',
  contact_phone: '+201001234567',
  notes: null,
  is_default: true,
  active_listings: 1,
};

function showDashboard(routes: Parameters<typeof mockApi>[0]) {
  signInAs('donor', 7);
  const fetchMock = mockApi({ 'GET /api/donor/7': { body: [] }, ...routes });
  renderPage(<DonorDashboardPage />, '/DonerDashboard');
  return { fetchMock, user: userEvent.setup() };
}

describe('pickup points on the donor dashboard', () => {
  afterEach(async () => {
    cleanup();
    await i18next.changeLanguage('en');
  });

  it('lists the donor\'s points with the default marked', async () => {
    showDashboard({ 'GET /api/pickup-points': { body: [tahrir] } });
    const section = await screen.findByRole('region', { name: 'Pickup points' });
    expect(await within(section).findByText('Tahrir branch')).toBeInTheDocument();
    expect(within(section).getByText('Default')).toBeInTheDocument();
    expect(within(section).getByText('12 Talaat Harb Street, Downtown, Cairo')).toBeInTheDocument();
  });

  it('adds a point: checks it with the API\'s own rules first, then sends it with the phone in E.164 and the position from the browser', async () => {
    let points: PickupPointView[] = [];
    const { fetchMock, user } = showDashboard({
      'GET /api/pickup-points': () => ({ body: points }),
      'POST /api/pickup-points': (init) => {
        const body = JSON.parse(init?.body as string) as PickupPointView;
        points = [{ ...tahrir, ...body, id: 4 }];
        return { status: 201, body: points[0] };
      },
    });
    stubGeolocation(() => ({ latitude: 30.04781234, longitude: 31.2386 }));
    await screen.findByText(/No pickup points yet/);
    await user.click(screen.getByTestId('point-add'));
    const form = screen.getByTestId('pickup-point-form');
    await user.type(within(form).getByTestId('point-label'), 'Dokki kitchen');
    await user.selectOptions(within(form).getByTestId('point-governorate'), 'EG-GZ');
    await user.type(within(form).getByTestId('point-area'), 'Dokki');
    await user.type(within(form).getByTestId('point-address'), '5 Tahrir Street');
    await user.type(within(form).getByTestId('point-contact-name'), 'Mona Adel');
    await user.type(within(form).getByTestId('point-contact-phone'), '0301234567');
    await user.click(within(form).getByTestId('point-save'));
    expect(within(form).getByTestId('point-contact-phone')).toHaveAccessibleDescription(expect.stringContaining('must be an Egyptian mobile number'));
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);

    await user.clear(within(form).getByTestId('point-contact-phone'));
    await user.type(within(form).getByTestId('point-contact-phone'), '010 0123 4567');
    await user.click(within(form).getByTestId('point-use-location'));
    expect(within(form).getByTestId('point-position')).toHaveTextContent('Set: 30.047812, 31.2386');
    await user.click(within(form).getByTestId('point-save'));
    await waitFor(() => expect(screen.queryByTestId('pickup-point-form')).not.toBeInTheDocument());
    const sent = JSON.parse(fetchMock.mock.calls.find(([, init]) => init?.method === 'POST')?.[1]?.body as string);
    expect(sent).toMatchObject({ label: 'Dokki kitchen', governorate: 'EG-GZ', contact_phone: '+201001234567', lat: 30.047812, lng: 31.2386, landmark: null });
    expect(await screen.findByText('Dokki kitchen')).toBeInTheDocument();
  });

  it('shows the server\'s 400 beside its field', async () => {
    const { user } = showDashboard({
      'GET /api/pickup-points': { body: [tahrir] },
      'PATCH /api/pickup-points/3': {
        status: 400,
        body: { statusCode: 400, error: 'Bad Request', message: ['area must be shorter than or equal to 100 characters'] },
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Edit Tahrir branch' }));
    await user.click(screen.getByTestId('point-save'));
    expect(await screen.findByText('must be shorter than or equal to 100 characters')).toBeInTheDocument();
    expect(screen.getByTestId('point-area')).toHaveAttribute('aria-invalid', 'true');
  });

  it('says clearly that a point in use cannot be deleted (409)', async () => {
    const { user } = showDashboard({
      'GET /api/pickup-points': { body: [tahrir] },
      'DELETE /api/pickup-points/3': { status: 409, body: { statusCode: 409, error: 'Conflict', message: 'in use' } },
    });
    await user.click(await screen.findByRole('button', { name: 'Delete Tahrir branch' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Yes, delete it' }));
    expect(await screen.findByTestId('point-in-use')).toHaveTextContent(/cannot be deleted\. Edit it instead/);
  });

  it('names governorates in Arabic', async () => {
    await i18next.changeLanguage('ar');
    showDashboard({ 'GET /api/pickup-points': { body: [tahrir] } });
    expect(await screen.findByText('12 Talaat Harb Street, Downtown, القاهرة')).toBeInTheDocument();
  });
});
