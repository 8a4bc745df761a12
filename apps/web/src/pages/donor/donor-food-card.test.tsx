import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18next from 'i18next';
import { donorItem, failure, heldReply, mockApi, renderPage, signInAs } from '../../test/test-utils';
import DonorDashboardPage from './donor-dashboard-page';

const available = donorItem({ id: 1, food_name: 'Koshari', quantity: 1250, expiration_date: '2030-05-20' });
const claimed = donorItem({
  id: 2,
  food_name: 'Ful medames',
  status: 'claimed',
  request: { request_id: 50, status: 'pending', name: 'Hope Kitchen', email: 'hope@example.org' },
});
const expired = donorItem({ id: 3, food_name: 'Baladi bread', status: 'expired' });

async function showCards(routes: Parameters<typeof mockApi>[0]) {
  signInAs('donor', 7);
  mockApi({ 'GET /api/donor/7': { body: [available, claimed, expired] }, ...routes });
  renderPage(<DonorDashboardPage />, '/DonerDashboard');
  return {
    availableCard: await screen.findByRole('article', { name: 'Koshari' }),
    claimedCard: screen.getByRole('article', { name: 'Ful medames' }),
    expiredCard: screen.getByRole('article', { name: 'Baladi bread' }),
  };
}

describe('donor food card', () => {
  it('shows the food fields, with the date and number in the reader\'s format', async () => {
    const { availableCard } = await showCards({});
    expect(availableCard).toHaveAttribute('data-food-id', '1');
    expect(within(availableCard).getByText('1,250')).toBeInTheDocument();
    expect(within(availableCard).getByText('Cooked this morning')).toBeInTheDocument();
    expect(within(availableCard).getByText('20 May 2030')).toBeInTheDocument();
    // An available item can be edited or withdrawn, nothing else.
    expect(within(availableCard).getAllByRole('button').map((button) => button.textContent)).toEqual(['Edit', 'Withdraw']);
  });

  it('shows one translated state per card, green when available, indigo (good news, not red) when claimed, grey when expired', async () => {
    const { availableCard, claimedCard, expiredCard } = await showCards({});
    expect(within(availableCard).getByText('Available')).toHaveClass('text-green-800');
    expect(within(claimedCard).getByText('Claimed')).toHaveClass('text-indigo-900');
    expect(within(claimedCard).getByText('Claimed').className).not.toMatch(/red/);
    expect(within(expiredCard).getByText('Expired')).toHaveClass('text-stone-700');
    for (const card of [availableCard, claimedCard, expiredCard]) {
      expect(card.querySelectorAll('[data-state]')).toHaveLength(1);
      expect(within(card).queryByText(/^(available|claimed|pending|expired)$/)).not.toBeInTheDocument();
    }
  });

  it('shows who claimed the item and a Donate button', async () => {
    const { claimedCard } = await showCards({});
    expect(within(claimedCard).getByText('Claimed by')).toBeInTheDocument();
    expect(within(claimedCard).getByText('Hope Kitchen')).toBeInTheDocument();
    expect(within(claimedCard).getByText('Charity Email').nextElementSibling).toHaveTextContent('hope@example.org');
    expect(within(claimedCard).getByRole('button', { name: 'Donate' })).toHaveAccessibleDescription('Ful medames');
  });

  it('Donate asks first, then marks the request fulfilled: "Donation completed successfully!", state Fulfilled', async () => {
    const put = heldReply();
    const user = userEvent.setup();
    const { claimedCard } = await showCards({ 'PUT /updaterequeststatus/50': put.handler });
    await user.click(within(claimedCard).getByRole('button', { name: 'Donate' }));
    const dialog = screen.getByRole('dialog', { name: 'Has Hope Kitchen collected the food?' });
    expect(vi.mocked(globalThis.fetch).mock.calls.some(([, init]) => init?.method === 'PUT')).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'Yes, donation handed over' }));
    expect(within(claimedCard).getByRole('button', { name: 'Donate' })).toBeDisabled();
    put.release({ body: { message: 'Request fulfilled', status: 'fulfilled' } });

    const done = await within(claimedCard).findByText('Donation completed successfully!');
    expect(done).toHaveFocus();
    expect(within(claimedCard).getByText('Fulfilled')).toHaveAttribute('data-state', 'fulfilled');
    expect(within(claimedCard).queryByText(/claimed$/i)).not.toBeInTheDocument();
    expect(within(claimedCard).queryByRole('button', { name: 'Donate' })).not.toBeInTheDocument();
  });

  it('does nothing when the donor answers Not yet', async () => {
    const user = userEvent.setup();
    const { claimedCard } = await showCards({});
    const fetchMock = vi.mocked(globalThis.fetch);
    const calls = fetchMock.mock.calls.length;
    await user.click(within(claimedCard).getByRole('button', { name: 'Donate' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Not yet' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(fetchMock.mock.calls.length).toBe(calls);
    expect(within(claimedCard).getByRole('button', { name: 'Donate' })).toBeEnabled();
  });

  it('shows a fulfilled claim as completed, with no Donate button', async () => {
    signInAs('donor', 7);
    const fulfilled = { ...claimed, request: { ...claimed.request!, status: 'fulfilled' as const } };
    mockApi({ 'GET /api/donor/7': { body: [fulfilled] } });
    renderPage(<DonorDashboardPage />, '/DonerDashboard');
    const card = await screen.findByRole('article', { name: 'Ful medames' });
    expect(within(card).getByText('Donation completed successfully!')).toBeInTheDocument();
    expect(within(card).getByText('Fulfilled')).toBeInTheDocument();
    expect(within(card).queryByText('Claimed')).not.toBeInTheDocument();
    expect(within(card).queryByRole('button')).not.toBeInTheDocument();
  });

  it('only logs a failed Donate, leaving the button to try again', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const user = userEvent.setup();
    const { claimedCard } = await showCards({ 'PUT /updaterequeststatus/50': failure(409) });
    await user.click(within(claimedCard).getByRole('button', { name: 'Donate' }));
    await user.click(screen.getByRole('button', { name: 'Yes, donation handed over' }));
    await waitFor(() => expect(logged).toHaveBeenCalled());
    expect(within(claimedCard).getByRole('button', { name: 'Donate' })).toBeEnabled();
    expect(screen.queryByText('Donation completed successfully!')).not.toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    logged.mockRestore();
  });

  it('isolates what users typed, so mixed Arabic and English reads right, and wraps e-mails at "@" and dots', async () => {
    signInAs('donor', 7);
    const mixed = donorItem({
      id: 4,
      food_name: 'كشري (Koshari)!',
      description: 'طازج - fresh today.',
      status: 'claimed',
      request: { request_id: 60, status: 'pending', name: 'جمعية الأمل (Hope)', email: 'very.long.address@charity.example.org' },
    });
    mockApi({ 'GET /api/donor/7': { body: [mixed] } });
    renderPage(<DonorDashboardPage />, '/DonerDashboard');
    const card = await screen.findByRole('article', { name: 'كشري (Koshari)!' });
    expect(within(card).getByRole('heading', { name: 'كشري (Koshari)!' })).toHaveAttribute('dir', 'auto');
    expect(within(card).getByText('طازج - fresh today.')).toHaveAttribute('dir', 'auto');
    expect(within(card).getByText('جمعية الأمل (Hope)')).toHaveAttribute('dir', 'auto');
    const email = within(card).getByText('Charity Email').nextElementSibling?.querySelector('bdi');
    expect(email).toHaveAttribute('dir', 'ltr');
    expect(email).toHaveTextContent('very.long.address@charity.example.org');
    // A line may break before each dot and at the "@", never inside a word.
    expect(email?.querySelectorAll('wbr')).toHaveLength(5);
    expect(email?.className).not.toMatch(/break-all|wrap-anywhere/);
  });

  it("shows the claiming charity's phone with call and WhatsApp links, in both languages, and nothing without a phone", async () => {
    signInAs('donor', 7);
    const withPhone = donorItem({ id: 5, food_name: 'Rice', status: 'claimed', request: { request_id: 61, status: 'pending', name: 'Ahl Masr', charity_phone: '+201001234567' } });
    const without = donorItem({ id: 6, food_name: 'Lentils', status: 'claimed', request: { request_id: 62, status: 'pending', name: 'New Group', charity_phone: null } });
    mockApi({ 'GET /api/donor/7': { body: [withPhone, without] } });
    renderPage(<DonorDashboardPage />, '/DonerDashboard');
    const card = await screen.findByRole('article', { name: 'Rice' });
    const phone = within(card).getByText('Charity Phone').nextElementSibling as HTMLElement;
    expect(phone).toHaveTextContent('+20 100 123 4567');
    expect(within(phone).getByRole('link', { name: 'Call +20 100 123 4567' })).toHaveAttribute('href', 'tel:+201001234567');
    const whatsApp = within(phone).getByRole('link', { name: 'Message +20 100 123 4567 on WhatsApp' });
    expect(whatsApp).toHaveAttribute('href', 'https://wa.me/201001234567');
    expect(whatsApp).toHaveTextContent('WhatsApp');
    const other = screen.getByRole('article', { name: 'Lentils' });
    expect(within(other).queryByText('Charity Phone')).not.toBeInTheDocument();
    expect(within(other).queryByRole('link', { name: /WhatsApp/ })).not.toBeInTheDocument();
    await act(() => i18next.changeLanguage('ar'));
    await waitFor(() => expect(within(card).getByText('هاتف الجمعية')).toBeInTheDocument());
    expect(within(card).getByRole('link', { name: 'اتصل بـ +20 100 123 4567' })).toHaveTextContent('اتصال');
    expect(within(card).getByRole('link', { name: 'راسل +20 100 123 4567 على واتساب' })).toHaveAttribute('href', 'https://wa.me/201001234567');
    await act(() => i18next.changeLanguage('en'));
  });

  it("marks a verified claiming charity with a Verified badge, its meaning read out, in both languages", async () => {
    signInAs('donor', 7);
    const verified = donorItem({ id: 5, food_name: 'Rice', status: 'claimed', request: { request_id: 61, status: 'pending', name: 'Ahl Masr', charity_verified: true } });
    const unverified = donorItem({ id: 6, food_name: 'Lentils', status: 'claimed', request: { request_id: 62, status: 'pending', name: 'New Group', charity_verified: false } });
    mockApi({ 'GET /api/donor/7': { body: [verified, unverified] } });
    renderPage(<DonorDashboardPage />, '/DonerDashboard');
    const card = await screen.findByRole('article', { name: 'Rice' });
    const badge = within(card).getByTestId('verified-badge');
    expect(badge).toHaveTextContent('Verified');
    expect(badge).toHaveAttribute('title', 'An operator checked this charity’s Ministry of Social Solidarity registration.');
    // Beside the name, in the same cell; the tick is for the eye only.
    expect(within(card).getByText('Ahl Masr').closest('dd')).toContainElement(badge);
    expect(badge.querySelector('[aria-hidden="true"]')).toHaveTextContent('✓');
    expect(within(screen.getByRole('article', { name: 'Lentils' })).queryByTestId('verified-badge')).not.toBeInTheDocument();
    await act(() => i18next.changeLanguage('ar'));
    await waitFor(() => expect(within(card).getByTestId('verified-badge')).toHaveTextContent('موثّقة'));
    await act(() => i18next.changeLanguage('en'));
  });

  it('says a listing is hidden by an operator and why, in both languages, and offers neither its stage nor a share', async () => {
    signInAs('donor', 7);
    mockApi({ 'GET /api/donor/7': { body: [donorItem({ id: 1, food_name: 'Koshari', hidden_reason: 'The photo shows something else' }), donorItem({ id: 2, food_name: 'Rice' })] } });
    renderPage(<DonorDashboardPage />, '/DonerDashboard');
    const card = await screen.findByRole('article', { name: 'Koshari' });
    const line = within(card).getByTestId('hidden-by-operator');
    expect(line).toHaveTextContent('Hidden by an operator: The photo shows something else');
    expect(line).toHaveTextContent('Charities cannot see or claim it until an operator puts it back.');
    expect(within(card).queryByTestId('share-whatsapp')).not.toBeInTheDocument();
    const other = screen.getByRole('article', { name: 'Rice' });
    expect(within(other).queryByTestId('hidden-by-operator')).not.toBeInTheDocument();
    expect(within(other).getByTestId('share-whatsapp')).toBeInTheDocument();
    await act(() => i18next.changeLanguage('ar'));
    await waitFor(() => expect(within(card).getByTestId('hidden-by-operator')).toHaveTextContent('أخفاه أحد المشرفين: The photo shows something else'));
    await act(() => i18next.changeLanguage('en'));
  });
});
