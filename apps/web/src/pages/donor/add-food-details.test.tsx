import { PLATFORM_TIME_ZONE, type PickupPointView } from '@food-link/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { cairoLocalToIso, isoToCairoLocal } from '../listing/cairo-time';
import { donorItem, inDays, mockApi, renderPage, signInAs, type Reply } from '../../test/test-utils';
import DonorDashboardPage from './donor-dashboard-page';

const point: PickupPointView = {
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
  active_listings: 0,
};

/** A `datetime-local` value `minutes` from now, on Cairo's clock. */
const cairoIn = (minutes: number) => isoToCairoLocal(new Date(Date.now() + minutes * 60_000).toISOString());

async function openForm(routes: Record<string, Reply | ((init?: RequestInit) => Reply)> = {}) {
  signInAs('donor', 7);
  const fetchMock = mockApi({ 'GET /api/donor/7': { body: [] }, 'GET /api/pickup-points': { body: [point] }, ...routes });
  const user = userEvent.setup();
  renderPage(<DonorDashboardPage />, '/DonerDashboard');
  await screen.findByText(/You have not listed any food yet/);
  await user.click(screen.getByRole('button', { name: 'Add Food' }));
  const form = screen.getByRole('form', { name: 'Add New Food Donation' });
  await user.type(within(form).getByLabelText(/Food Name/), 'Koshary boxes');
  await user.type(within(form).getByLabelText(/^Quantity/), '40');
  await user.type(within(form).getByLabelText(/Description/), 'Rice, lentils and pasta');
  // Tomorrow: with today, the end of the day (Cairo) cuts the safe time, and windows of a test run late in
  // the evening would cross it.
  fireEvent.change(within(form).getByLabelText(/Expiration Date/), { target: { value: inDays(1) } });
  await waitFor(() => expect(within(form).getByTestId('food-pickup-point')).toHaveValue('3'));
  return { user, form, fetchMock };
}

const posted = (fetchMock: ReturnType<typeof mockApi>) =>
  fetchMock.mock.calls.filter(([url, init]) => url === '/api/add' && init?.method === 'POST');

describe('add-food form: where, when and what', () => {
  it('asks when cooked food was prepared, and recommends a photo saying why', async () => {
    const { user, form, fetchMock } = await openForm();
    expect(within(form).queryByTestId('photo-recommendation')).not.toBeInTheDocument();
    await user.selectOptions(within(form).getByTestId('food-category'), 'cooked_meal');
    expect(within(form).getByTestId('photo-recommendation')).toHaveTextContent('charities decide faster and know what containers to bring');
    expect(within(form).getByTestId('food-prepared-at')).toBeRequired();
    // Past the browser's own check of `required`, the form's check (the API's rule) still holds.
    fireEvent.submit(form);
    expect(within(form).getByTestId('food-prepared-at')).toHaveAccessibleDescription(expect.stringContaining('is required for cooked_meal'));
    expect(posted(fetchMock)).toHaveLength(0);
  });

  it('shows when the food stops being safe, and refuses a window that ends after it, before sending', async () => {
    const { user, form, fetchMock } = await openForm();
    await user.selectOptions(within(form).getByTestId('food-category'), 'cooked_meal');
    const prepared = cairoIn(-60);
    fireEvent.change(within(form).getByTestId('food-prepared-at'), { target: { value: prepared } });
    // Cooked food at room temperature: 2 hours from its preparation (a November day in Cairo is not hot).
    const safe = new Date(new Date(cairoLocalToIso(prepared)!).getTime() + 2 * 3_600_000);
    expect(within(form).getByTestId('safe-until-preview')).toHaveTextContent(/Safe until/);
    expect(within(form).getByTestId('safe-until-preview')).toHaveTextContent(
      new Intl.DateTimeFormat('en-GB', { timeZone: PLATFORM_TIME_ZONE, hour: 'numeric', minute: '2-digit', hourCycle: 'h12' }).format(safe),
    );
    fireEvent.change(within(form).getByTestId('food-pickup-from'), { target: { value: cairoIn(5) } });
    fireEvent.change(within(form).getByTestId('food-pickup-until'), { target: { value: cairoIn(180) } });
    await user.click(within(form).getByRole('button', { name: 'Add Donation' }));
    expect(within(form).getByTestId('food-pickup-until')).toHaveAccessibleDescription(expect.stringContaining('must not be after safe_until'));
    expect(posted(fetchMock)).toHaveLength(0);
  });

  it('sends the listing with its point, category, storage, unit, weight, allergens and a window in Cairo time with offset, then its photo', async () => {
    const { user, form, fetchMock } = await openForm({
      'POST /api/add': { status: 201, body: { ...donorItem({ id: 2, food_name: 'Koshary boxes' }), request: undefined } },
      'POST /api/food/2/photos': { status: 201, body: { photo_urls: ['/api/photos/p.webp'], thumbnail_urls: ['/api/photos/p-thumb.webp'] } },
    });
    await user.selectOptions(within(form).getByTestId('food-category'), 'cooked_meal');
    await user.selectOptions(within(form).getByTestId('food-storage'), 'hot');
    await user.selectOptions(within(form).getByTestId('food-unit'), 'tray');
    await user.type(within(form).getByTestId('food-weight'), '12.5');
    const prepared = cairoIn(-30);
    const from = cairoIn(10);
    const until = cairoIn(120);
    fireEvent.change(within(form).getByTestId('food-prepared-at'), { target: { value: prepared } });
    fireEvent.change(within(form).getByTestId('food-pickup-from'), { target: { value: from } });
    fireEvent.change(within(form).getByTestId('food-pickup-until'), { target: { value: until } });
    await user.click(within(within(form).getByTestId('food-allergens')).getByLabelText('Gluten'));
    const photo = new File(['jpeg bytes'], 'koshary.jpg', { type: 'image/jpeg' });
    await user.upload(within(form).getByTestId('food-photos'), photo);
    await user.click(within(form).getByRole('button', { name: 'Add Donation' }));

    await waitFor(() => expect(posted(fetchMock)).toHaveLength(1));
    const body = JSON.parse(posted(fetchMock)[0][1]?.body as string);
    expect(body).toEqual({
      food_name: 'Koshary boxes',
      quantity: 40,
      description: 'Rice, lentils and pasta',
      expiration_date: inDays(1),
      pickup_point_id: 3,
      category: 'cooked_meal',
      storage: 'hot',
      unit: 'tray',
      weight_kg: 12.5,
      prepared_at: cairoLocalToIso(prepared),
      pickup_from: cairoLocalToIso(from),
      pickup_until: cairoLocalToIso(until),
      allergens: ['gluten'],
    });
    expect(body.pickup_from).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:00\+0[23]:00$/);
    await waitFor(() => expect(fetchMock.mock.calls.some(([url]) => url === '/api/food/2/photos')).toBe(true));
    const upload = fetchMock.mock.calls.find(([url]) => url === '/api/food/2/photos')?.[1]?.body as FormData;
    expect((upload.get('photo') as File).name).toBe('koshary.jpg');
  });

  it('refuses a photo that is not an image, before sending anything', async () => {
    const { form } = await openForm();
    // The picker's `accept` is only a hint: a file can still arrive by another way.
    fireEvent.change(within(form).getByTestId('food-photos'), { target: { files: [new File(['%PDF'], 'menu.pdf', { type: 'application/pdf' })] } });
    expect(screen.getByText('menu.pdf is not a JPEG, PNG or WebP image.')).toBeInTheDocument();
  });

  it('shows the server\'s 400 beside its field, under the spec\'s error text', async () => {
    const { user, form } = await openForm({
      'POST /api/add': {
        status: 400,
        body: { statusCode: 400, error: 'Bad Request', message: ['pickup_until must leave at least 30 minutes to collect the food'] },
      },
    });
    await user.click(within(form).getByRole('button', { name: 'Add Donation' }));
    expect(await within(form).findByText('Error adding food donation. Please try again.')).toBeInTheDocument();
    expect(within(form).getByTestId('food-pickup-until')).toHaveAccessibleDescription(
      expect.stringContaining('must leave at least 30 minutes to collect the food'),
    );
  });
});

describe('validation in the app\'s own words (issue 18, item 10)', () => {
  it('leaves the browser\'s bubbles out and says what is missing in the reader\'s language', async () => {
    const { default: i18next } = await import('i18next');
    await i18next.changeLanguage('ar');
    try {
      signInAs('donor', 7);
      mockApi({ 'GET /api/donor/7': { body: [] }, 'GET /api/pickup-points': { body: [] } });
      const user = userEvent.setup();
      renderPage(<DonorDashboardPage />, '/DonerDashboard');
      await user.click(await screen.findByRole('button', { name: 'إضافة طعام' }));
      const form = screen.getByRole('form', { name: 'إضافة تبرع غذائي جديد' });
      expect(form).toHaveAttribute('novalidate');
      await user.click(within(form).getByRole('button', { name: 'إضافة التبرع' }));
      expect(within(form).getByLabelText(/اسم الطعام/)).toHaveAccessibleDescription('هذا الحقل مطلوب');
    } finally {
      await i18next.changeLanguage('en');
    }
  });
});

describe('offline and empty states (issue 18, item 7)', () => {
  it('says the app is offline while Add Donation waits, then sends it once', async () => {
    const { onlineManager } = await import('@tanstack/react-query');
    const { user, form, fetchMock } = await openForm({
      'POST /api/add': { status: 201, body: { ...donorItem({ id: 2, food_name: 'Koshary boxes' }), request: undefined } },
    });
    onlineManager.setOnline(false);
    try {
      await user.click(within(form).getByRole('button', { name: 'Add Donation' }));
      expect(await within(form).findByTestId('food-offline')).toHaveTextContent('You are offline');
      expect(posted(fetchMock)).toHaveLength(0);
    } finally {
      onlineManager.setOnline(true);
    }
    await waitFor(() => expect(posted(fetchMock)).toHaveLength(1));
    await waitFor(() => expect(within(form).queryByTestId('food-offline')).not.toBeInTheDocument());
  });

  it('points the empty list at the form once it is open', async () => {
    await openForm();
    expect(screen.getByText('You have not listed any food yet. Fill in the form to list your first donation.')).toBeInTheDocument();
  });
});

describe('a new pickup point from the add-food form', () => {
  /** The form open with its inline "new pickup point" group; the created point gets id 9. */
  async function openInlinePoint() {
    let points = [point];
    const opened = await openForm({
      'GET /api/pickup-points': () => ({ body: points }),
      'POST /api/pickup-points': (init) => {
        const created = { ...point, ...JSON.parse(init?.body as string), id: 9, is_default: false };
        points = [point, created];
        return { status: 201, body: created };
      },
    });
    await opened.user.selectOptions(within(opened.form).getByTestId('food-pickup-point'), 'new');
    return { ...opened, inline: within(opened.form).getByTestId('pickup-point-form') };
  }

  it('creates the point inline, without sending the listing, and chooses it', async () => {
    const { user, form, fetchMock, inline } = await openInlinePoint();
    expect(inline.tagName).toBe('DIV');
    await user.type(within(inline).getByTestId('point-label'), 'Dokki kitchen');
    await user.selectOptions(within(inline).getByTestId('point-governorate'), 'EG-GZ');
    await user.type(within(inline).getByTestId('point-area'), 'Dokki');
    await user.type(within(inline).getByTestId('point-address'), '5 Tahrir Street');
    await user.type(within(inline).getByTestId('point-contact-name'), 'Mona Adel');
    await user.type(within(inline).getByTestId('point-contact-phone'), '01001234567');
    await user.click(within(inline).getByTestId('point-save'));
    await waitFor(() => expect(within(form).getByTestId('food-pickup-point')).toHaveValue('9'));
    expect(within(form).queryByTestId('pickup-point-form')).not.toBeInTheDocument();
    expect(posted(fetchMock)).toHaveLength(0);
  });

  it('saves the point, not the listing, when Enter is pressed in one of its fields', async () => {
    const { user, form, fetchMock, inline } = await openInlinePoint();
    await user.type(within(inline).getByTestId('point-label'), 'Dokki kitchen');
    await user.selectOptions(within(inline).getByTestId('point-governorate'), 'EG-GZ');
    await user.type(within(inline).getByTestId('point-area'), 'Dokki');
    await user.type(within(inline).getByTestId('point-address'), '5 Tahrir Street');
    await user.type(within(inline).getByTestId('point-contact-name'), 'Mona Adel');
    await user.type(within(inline).getByTestId('point-contact-phone'), '01001234567{Enter}');
    await waitFor(() => expect(within(form).getByTestId('food-pickup-point')).toHaveValue('9'));
    expect(posted(fetchMock)).toHaveLength(0);
  });
});
