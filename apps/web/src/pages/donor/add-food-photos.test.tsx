import type { PickupPointView } from '@food-link/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, vi } from 'vitest';
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

async function openForm(routes: Record<string, Reply | ((init?: RequestInit) => Reply)> = {}) {
  signInAs('donor', 7);
  mockApi({ 'GET /api/donor/7': { body: [] }, 'GET /api/pickup-points': { body: [point] }, ...routes });
  const user = userEvent.setup();
  const view = renderPage(<DonorDashboardPage />, '/DonerDashboard');
  await screen.findByText(/You have not listed any food yet/);
  await user.click(screen.getByRole('button', { name: 'Add Food' }));
  const form = screen.getByRole('form', { name: 'Add New Food Donation' });
  return { user, form, view };
}

async function fillRequired(user: ReturnType<typeof userEvent.setup>, form: HTMLElement) {
  await user.type(within(form).getByLabelText(/Food Name/), 'Fino rolls');
  await user.type(within(form).getByLabelText(/^Quantity/), '40');
  await user.type(within(form).getByLabelText(/Description/), 'Soft rolls from this morning');
  fireEvent.change(within(form).getByLabelText(/Expiration Date/), { target: { value: inDays(1) } });
  await waitFor(() => expect(within(form).getByTestId('food-pickup-point')).toHaveValue('3'));
}

/** A viewport as wide as `px`: `(min-width: 64rem)` (1024 px) holds on a desktop, not on a 390 px phone. */
function viewportOf(px: number) {
  vi.stubGlobal(
    'matchMedia',
    vi.fn((query: string) => ({
      matches: /min-width:\s*64rem/.test(query) ? px >= 1024 : false,
      media: query,
      onchange: null,
      addEventListener: vi.fn(),
      removeEventListener: vi.fn(),
      addListener: vi.fn(),
      removeListener: vi.fn(),
      dispatchEvent: vi.fn(),
    })),
  );
}

// jsdom does not scroll: the tests that watch scrolling put their own in its place.
const scrollIntoView = Element.prototype.scrollIntoView;
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  Element.prototype.scrollIntoView = scrollIntoView;
});

describe('add-food form: chosen photos and where the new food shows', () => {
  it('shows a thumbnail of each chosen photo from an object URL, revoked when the photo is removed or the form goes away', async () => {
    const created = vi.spyOn(URL, 'createObjectURL');
    const revoked = vi.spyOn(URL, 'revokeObjectURL');
    const { user, form, view } = await openForm();
    const bread = new File(['jpeg bytes'], 'bread.jpg', { type: 'image/jpeg' });
    const rolls = new File(['png bytes'], 'rolls.png', { type: 'image/png' });
    await user.upload(within(form).getByTestId('food-photos'), [bread, rolls]);

    const thumbnails = await waitFor(() => {
      const images = within(form).getAllByTestId('chosen-photo').map((frame) => frame.querySelector('img'));
      expect(images.every((image) => image?.getAttribute('src'))).toBe(true);
      return images as HTMLImageElement[];
    });
    expect(thumbnails).toHaveLength(2);
    const urlOf = (file: File) => created.mock.results[created.mock.calls.findLastIndex(([blob]) => blob === file)].value as string;
    expect(thumbnails.map((image) => image.getAttribute('src'))).toEqual([urlOf(bread), urlOf(rolls)]);
    expect(urlOf(bread)).not.toBe(urlOf(rolls));
    // Decorative: the file name is beside it.
    expect(thumbnails[0]).toHaveAttribute('alt', '');
    expect(within(form).getByText('bread.jpg')).toBeInTheDocument();

    const breadUrl = urlOf(bread);
    const rollsUrl = urlOf(rolls);
    await user.click(within(form).getByRole('button', { name: 'Remove bread.jpg' }));
    expect(revoked).toHaveBeenCalledWith(breadUrl);
    expect(revoked).not.toHaveBeenCalledWith(rollsUrl);
    expect(within(form).getAllByTestId('chosen-photo')).toHaveLength(1);
    expect(within(form).getByTestId('chosen-photo').querySelector('img')).toHaveAttribute('src', rollsUrl);

    view.unmount();
    expect(revoked).toHaveBeenCalledWith(rollsUrl);
    // Every URL made was let go of (StrictMode may make and revoke one more of each).
    for (const { value } of created.mock.results) expect(revoked).toHaveBeenCalledWith(value);
  });

  it('after Add Donation on a 390 px phone, goes to the new card below the form', async () => {
    viewportOf(390);
    const scrolled: Element[] = [];
    Element.prototype.scrollIntoView = vi.fn(function (this: Element) {
      scrolled.push(this);
    });
    const { user, form } = await openForm({
      'POST /api/add': { status: 201, body: { ...donorItem({ id: 12, food_name: 'Fino rolls' }), request: undefined } },
    });
    await fillRequired(user, form);
    await user.click(within(form).getByRole('button', { name: 'Add Donation' }));

    const card = await screen.findByRole('article', { name: 'Fino rolls' });
    await waitFor(() => expect(scrolled).toContain(card));
    expect(card).toHaveFocus();
  });

  it('keeps the food name focused for the next food on a desktop, where the list is beside the form', async () => {
    viewportOf(1280);
    const scrollIntoView = vi.fn();
    Element.prototype.scrollIntoView = scrollIntoView;
    const { user, form } = await openForm({
      'POST /api/add': { status: 201, body: { ...donorItem({ id: 12, food_name: 'Fino rolls' }), request: undefined } },
    });
    await fillRequired(user, form);
    await user.click(within(form).getByRole('button', { name: 'Add Donation' }));

    await screen.findByRole('article', { name: 'Fino rolls' });
    await waitFor(() => expect(within(form).getByLabelText(/Food Name/)).toHaveFocus());
    expect(scrollIntoView).not.toHaveBeenCalled();
  });
});
