import { UNSAVED_CHARITY_PROFILE, type CharityProfileView } from '@food-link/contracts';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18next from 'i18next';
import CharityAreaPage from './charity-area-page';
import { failure, foodItem, heldReply, mockApi, renderPage, signInAs, stubGeolocation } from '../../test/test-utils';

const unsaved = UNSAVED_CHARITY_PROFILE;
const bodyOf = (init?: RequestInit) => JSON.parse(String(init?.body)) as Record<string, unknown>;
const showProfile = () => renderPage(<CharityAreaPage />, '/FoodDonationApp?view=profile');
const group = (name: string) => screen.getByRole('group', { name });

describe('the charity profile', () => {
  afterEach(async () => {
    cleanup();
    await i18next.changeLanguage('en');
  });

  it('says, until one is saved, that the charity is neither matched nor notified; the board says so too, with a link', async () => {
    signInAs('charity', 9);
    mockApi({ 'GET /api/charity/profile': { body: unsaved }, 'GET /api/available': { body: [foodItem()] } });
    renderPage(<CharityAreaPage />, '/FoodDonationApp');
    const notice = await screen.findByTestId('profile-not-saved');
    expect(notice).toHaveTextContent('Food Link will not match new food to you or notify you about it until you save one');
    expect(within(notice).getByRole('link', { name: 'Save your profile' })).toHaveAttribute('href', '/FoodDonationApp?view=profile');
  });

  it('is a view of the charity area, reached from its navigation', async () => {
    signInAs('charity', 9);
    mockApi({ 'GET /api/charity/profile': { body: unsaved }, 'GET /api/available': { body: [] } });
    const user = userEvent.setup();
    renderPage(<CharityAreaPage />, '/FoodDonationApp');
    await user.click(await screen.findByRole('button', { name: 'Profile' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Charity profile' })).toHaveFocus();
    expect(screen.getByRole('button', { name: 'Profile' })).toHaveAttribute('aria-current', 'page');
    expect(await screen.findByTestId('profile-not-saved')).toBeInTheDocument();
    expect(document.title).toBe('Charity profile · Food Link');
  });

  it('saves what was chosen with PUT, and the notice goes', async () => {
    signInAs('charity', 9);
    const put = heldReply();
    const fetchMock = mockApi({ 'GET /api/charity/profile': { body: unsaved }, 'PUT /api/charity/profile': put.handler });
    const user = userEvent.setup();
    showProfile();
    await screen.findByTestId('charity-profile-form');
    // Ticked out of order; sent in the list's order.
    await user.click(within(group('Governorates you serve')).getByRole('checkbox', { name: 'Giza' }));
    await user.click(within(group('Governorates you serve')).getByRole('checkbox', { name: 'Cairo' }));
    await user.click(within(group('Food you take')).getByRole('checkbox', { name: 'Cooked meal' }));
    await user.click(within(group('What you can carry')).getByRole('checkbox', { name: 'Kept hot' }));
    await user.click(within(group('What you can carry')).getByRole('checkbox', { name: 'Room temperature' }));
    expect(screen.getByTestId('governorates-chosen')).toHaveTextContent('2 chosen');
    await user.type(screen.getByLabelText('Latitude'), '30.01');
    await user.type(screen.getByLabelText('Longitude'), '31.21');
    await user.type(screen.getByLabelText('Radius in km'), '12.5');
    await user.type(screen.getByLabelText('Phone (optional)'), '0101 234 5678');
    await user.click(screen.getByRole('checkbox', { name: 'Hold notifications back in quiet hours' }));
    await user.clear(screen.getByLabelText('From'));
    await user.type(screen.getByLabelText('From'), '23:00');
    await user.click(screen.getByRole('button', { name: 'Save profile' }));

    expect(screen.getByRole('button', { name: 'Saving…' })).toBeDisabled();
    const body = bodyOf(fetchMock.mock.calls.find(([, init]) => init?.method === 'PUT')?.[1]);
    expect(body).toEqual({
      governorates: ['EG-C', 'EG-GZ'],
      categories: ['cooked_meal'],
      storage: ['ambient', 'hot'],
      base_lat: 30.01,
      base_lng: 31.21,
      radius_km: 12.5,
      phone: '+201012345678',
      quiet_hours: { start: '23:00', end: '07:00' },
      chilled_capacity_kg: null,
      frozen_capacity_kg: null,
      receiving_hours: null,
      full_today: false,
    });
    put.release({ body: { saved: true, ...body } });
    expect(await screen.findByText('Profile saved. New food that fits it will reach you.')).toHaveAttribute('role', 'status');
    await waitFor(() => expect(screen.queryByTestId('profile-not-saved')).not.toBeInTheDocument());
  });

  it('shows a saved profile as saved, without quiet hours unless set, sends none when left off, and keeps what it does not show', async () => {
    signInAs('charity', 9);
    const saved: CharityProfileView = {
      ...unsaved,
      saved: true,
      governorates: ['EG-ALX'],
      categories: ['bakery'],
      storage: ['chilled'],
      phone: '+201012345678',
      chilled_capacity_kg: 40,
      frozen_capacity_kg: 0,
      receiving_hours: { from: '09:00', until: '21:00' },
      full_today: true,
    };
    const fetchMock = mockApi({ 'GET /api/charity/profile': { body: saved }, 'PUT /api/charity/profile': { body: saved } });
    const user = userEvent.setup();
    showProfile();
    await screen.findByTestId('charity-profile-form');
    expect(within(group('Governorates you serve')).getByRole('checkbox', { name: 'Alexandria' })).toBeChecked();
    expect(screen.queryByTestId('profile-not-saved')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Phone (optional)')).toHaveValue('+201012345678');
    expect(screen.queryByLabelText('From')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save profile' }));
    await screen.findByText('Profile saved. New food that fits it will reach you.');
    expect(bodyOf(fetchMock.mock.calls.find(([, init]) => init?.method === 'PUT')?.[1])).toMatchObject({ quiet_hours: null, base_lat: null, radius_km: null });
    // What the form does not show (capacity, receiving hours, full today) is sent back as it was.
    expect(bodyOf(fetchMock.mock.calls.find(([, init]) => init?.method === 'PUT')?.[1])).toMatchObject({
      chilled_capacity_kg: 40,
      frozen_capacity_kg: 0,
      receiving_hours: { from: '09:00', until: '21:00' },
      full_today: true,
    });
  });

  it('refuses what the API would refuse, beside the fields, before sending anything', async () => {
    signInAs('charity', 9);
    const fetchMock = mockApi({ 'GET /api/charity/profile': { body: unsaved } });
    const user = userEvent.setup();
    showProfile();
    await screen.findByTestId('charity-profile-form');
    await user.type(screen.getByLabelText('Latitude'), '30.01');
    await user.click(screen.getByRole('checkbox', { name: 'Hold notifications back in quiet hours' }));
    await user.clear(screen.getByLabelText('Until'));
    await user.type(screen.getByLabelText('Until'), '22:00');
    await user.click(screen.getByRole('button', { name: 'Save profile' }));

    expect(group('Governorates you serve')).toHaveAccessibleDescription('Choose one or more. Choose at least one');
    expect(group('Food you take')).toHaveAccessibleDescription('Choose one or more. Choose at least one');
    expect(screen.getByLabelText('Longitude')).toHaveAccessibleDescription('Give the latitude, longitude and radius together');
    expect(screen.getByLabelText('Radius in km')).toHaveAccessibleDescription(/Give the latitude, longitude and radius together/);
    expect(screen.getByLabelText('Until')).toHaveAccessibleDescription('The end must differ from the start');
    expect(within(group('Governorates you serve')).getByRole('checkbox', { name: 'Cairo' })).toHaveFocus();
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'PUT')).toBe(false);
  });

  it('shows the server\'s field errors beside their fields', async () => {
    signInAs('charity', 9);
    mockApi({
      'GET /api/charity/profile': { body: { ...unsaved, saved: true, governorates: ['EG-C'], categories: ['other'], storage: ['ambient'] } },
      'PUT /api/charity/profile': { status: 400, body: { statusCode: 400, error: 'Bad Request', message: ['radius_km must be at most 200', 'quiet_hours.end must differ from start'] } },
    });
    const user = userEvent.setup();
    showProfile();
    await user.click(await screen.findByRole('button', { name: 'Save profile' }));
    expect(await screen.findByText('Enter at most 200')).toBeInTheDocument();
    expect(screen.getByLabelText('Radius in km')).toHaveAttribute('aria-invalid', 'true');
  });

  it('says when saving failed for another reason', async () => {
    signInAs('charity', 9);
    mockApi({
      'GET /api/charity/profile': { body: { ...unsaved, saved: true, governorates: ['EG-C'], categories: ['other'], storage: ['ambient'] } },
      'PUT /api/charity/profile': failure(500),
    });
    const user = userEvent.setup();
    showProfile();
    await user.click(await screen.findByRole('button', { name: 'Save profile' }));
    expect(await screen.findByText('Your profile could not be saved. Please try again.')).toHaveAttribute('role', 'alert');
  });

  it('fills the base from the browser\'s position, and says when it is refused', async () => {
    signInAs('charity', 9);
    mockApi({ 'GET /api/charity/profile': { body: unsaved } });
    const user = userEvent.setup();
    let allowed = true;
    stubGeolocation(() => (allowed ? { latitude: 30.0444196, longitude: 31.2357116 } : null));
    showProfile();
    await user.click(await screen.findByRole('button', { name: 'Use my location' }));
    expect(screen.getByLabelText('Latitude')).toHaveValue('30.04442');
    expect(screen.getByLabelText('Longitude')).toHaveValue('31.23571');
    expect(screen.getByLabelText('Radius in km')).toHaveValue('10');
    allowed = false;
    await user.click(screen.getByRole('button', { name: 'Use my location' }));
    expect(screen.getByText(/Your location could not be read/)).toBeInTheDocument();
  });

  it('narrows the governorates to those matching what is typed, keeping the chosen ones in view', async () => {
    signInAs('charity', 9);
    mockApi({ 'GET /api/charity/profile': { body: { ...unsaved, governorates: ['EG-ASN'] } } });
    const user = userEvent.setup();
    showProfile();
    await user.type(await screen.findByLabelText('Find a governorate'), 'sin');
    const shown = within(group('Governorates you serve')).getAllByRole('checkbox').map((box) => box.getAttribute('value'));
    expect(shown).toEqual(['EG-SIN', 'EG-JS', 'EG-ASN']);
  });

  it('speaks Arabic, with the governorates in Arabic', async () => {
    await i18next.changeLanguage('ar');
    signInAs('charity', 9);
    mockApi({ 'GET /api/charity/profile': { body: unsaved } });
    showProfile();
    expect(await screen.findByRole('heading', { level: 1, name: 'ملف الجمعية' })).toBeInTheDocument();
    await screen.findByTestId('charity-profile-form');
    expect(within(group('المحافظات التي تخدمها')).getByRole('checkbox', { name: 'الجيزة' })).toBeInTheDocument();
    expect(within(group('الطعام الذي تقبله')).getByRole('checkbox', { name: 'وجبة مطبوخة' })).toBeInTheDocument();
    expect(screen.getByTestId('profile-not-saved')).toHaveTextContent('لن يطابق فود لينك الطعام الجديد معك');
    expect(screen.getByRole('button', { name: 'حفظ الملف' })).toBeInTheDocument();
  });
});
