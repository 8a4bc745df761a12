import { cairoDate } from '@food-link/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { donorItem, failure, inDays, heldReply, mockApi, renderPage, signInAs } from '../../test/test-utils';
import DonorDashboardPage from './donor-dashboard-page';

/**
 * The dashboard asks for the donor's pickup points (the form and their section; none here: a spec-only
 * listing) and partner charities (their section) once each.
 */
const POINTS = { 'GET /api/pickup-points': { body: [] }, 'GET /api/donor/partners': { body: { charities: [] } } };
const POINTS_CALLS = 3;

const existing = donorItem({ id: 1, food_name: 'Koshari' });
const added = { ...donorItem({ id: 2, food_name: 'Ful medames', quantity: 12 }), request: undefined, created_at: undefined };

async function openForm() {
  const user = userEvent.setup();
  signInAs('donor', 7);
  const view = renderPage(<DonorDashboardPage />, '/DonerDashboard');
  await screen.findByText('Koshari');
  await user.click(screen.getByRole('button', { name: 'Add Food' }));
  const form = screen.getByRole('form', { name: 'Add New Food Donation' });
  return { user, form, ...view };
}

async function fill(user: ReturnType<typeof userEvent.setup>, quantity: string) {
  await user.type(screen.getByLabelText(/Food Name/), 'Ful medames');
  await user.type(screen.getByLabelText(/Quantity/), quantity);
  await user.type(screen.getByLabelText(/Description/), 'Two pots, still warm');
  await user.type(screen.getByLabelText(/Expiration Date/), inDays(30));
}

const submitButton = () => screen.getByRole('button', { name: /Add Donation|Adding/ });

describe('add-food form', () => {
  it('toggles open and closed with the Add Food / Close button', async () => {
    mockApi({ ...POINTS, 'GET /api/donor/7': { body: [existing] } });
    const { user } = await openForm();
    const toggle = screen.getByRole('button', { name: 'Close' });
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await user.click(toggle);
    expect(screen.queryByRole('form', { name: 'Add New Food Donation' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add Food' })).toHaveAttribute('aria-expanded', 'false');
  });

  it('requires every field, and the date no earlier than today in Cairo', async () => {
    const fetchMock = mockApi({ ...POINTS, 'GET /api/donor/7': { body: [existing] } });
    const { user } = await openForm();
    for (const label of [/Food Name/, /Quantity/, /Description/, /Expiration Date/]) {
      expect(screen.getByLabelText(label)).toBeRequired();
    }
    expect(screen.getByLabelText(/Expiration Date/)).toHaveAttribute('min', cairoDate());
    await user.click(submitButton());
    expect(screen.getByLabelText(/Food Name/)).toBeInvalid();
    expect(fetchMock).toHaveBeenCalledTimes(POINTS_CALLS + 1);
  });

  it.each(['0', '-3'])('refuses a quantity of %s with "Quantity must be a positive number"', async (quantity) => {
    const fetchMock = mockApi({ ...POINTS, 'GET /api/donor/7': { body: [existing] } });
    const { user } = await openForm();
    await fill(user, quantity);
    await user.click(submitButton());
    const input = screen.getByLabelText(/Quantity/);
    expect(input).toHaveAccessibleDescription(expect.stringContaining('Quantity must be a positive number'));
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveFocus();
    expect(fetchMock).toHaveBeenCalledTimes(POINTS_CALLS + 1);
  });

  it('sends the donation, clears the form and shows the new card once', async () => {
    const post = heldReply();
    const fetchMock = mockApi({ ...POINTS, 'GET /api/donor/7': { body: [existing] }, 'POST /api/add': post.handler });
    const { user, form } = await openForm();
    await fill(user, '0');
    await user.click(submitButton());
    await user.clear(screen.getByLabelText(/Quantity/));
    await user.type(screen.getByLabelText(/Quantity/), '12');
    await user.click(submitButton());

    expect(submitButton()).toHaveTextContent('Adding...');
    expect(submitButton()).toBeDisabled();
    expect(JSON.parse(fetchMock.mock.calls.find(([, init]) => init?.method === 'POST')?.[1]?.body as string)).toEqual({
      food_name: 'Ful medames',
      quantity: 12,
      description: 'Two pots, still warm',
      expiration_date: inDays(30),
    });
    post.release({ status: 201, body: added });

    const card = await screen.findByRole('article', { name: 'Ful medames' });
    expect(card).toHaveAttribute('data-food-id', '2');
    expect(within(form).getByLabelText(/Food Name/)).toHaveValue('');
    expect(within(form).getByLabelText(/Quantity/)).toHaveValue(null);
    expect(within(form).getByLabelText(/Description/)).toHaveValue('');
    expect(within(form).getByLabelText(/Expiration Date/)).toHaveValue('');
    expect(screen.queryByText('Quantity must be a positive number')).not.toBeInTheDocument();
    expect(document.querySelectorAll('[data-food-id="2"]')).toHaveLength(1);
    expect(fetchMock).toHaveBeenCalledTimes(POINTS_CALLS + 2);
  });

  it('refuses what the API would refuse, with the API\'s words, before sending anything', async () => {
    const fetchMock = mockApi({ ...POINTS, 'GET /api/donor/7': { body: [existing] } });
    const { user } = await openForm();
    await fill(user, '12');
    // Blank text passes the browser's `required` but not the API (trimmed, it is empty).
    await user.clear(screen.getByLabelText(/Description/));
    await user.type(screen.getByLabelText(/Description/), '   ');
    await user.click(submitButton());
    expect(screen.getByLabelText(/Description/)).toHaveAccessibleDescription('This field is required');
    expect(screen.getByLabelText(/Description/)).toHaveFocus();
    // A whole number is what the API counts portions in.
    await user.type(screen.getByLabelText(/Description/), 'Two pots');
    await user.clear(screen.getByLabelText(/Quantity/));
    await user.type(screen.getByLabelText(/Quantity/), '2.5');
    await user.click(submitButton());
    expect(screen.getByLabelText(/Quantity/)).toHaveAccessibleDescription(expect.stringContaining('must be a whole number of portions'));
    expect(screen.getByLabelText(/Description/)).not.toHaveAccessibleDescription('This field is required');
    expect(fetchMock).toHaveBeenCalledTimes(POINTS_CALLS + 1);
  });

  it('says "Error adding food donation. Please try again." when the server refuses, keeping what was typed', async () => {
    mockApi({ ...POINTS, 'GET /api/donor/7': { body: [existing] }, 'POST /api/add': failure(400) });
    const { user } = await openForm();
    await fill(user, '12');
    await user.click(submitButton());
    expect(await screen.findByRole('alert')).toHaveTextContent('Error adding food donation. Please try again.');
    expect(screen.getByLabelText(/Food Name/)).toHaveValue('Ful medames');
    await waitFor(() => expect(submitButton()).toBeEnabled());
  });
});
