import type { StandingOccurrenceView } from '@food-link/contracts';
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18next from 'i18next';
import { LiveHub } from '../../live/live-hub';
import { hijriOf, inDays, liveEvent, mockApi, renderPage, signInAs } from '../../test/test-utils';
import StandingWeekPage from './standing-week-page';

function day(date: string, overrides: Partial<StandingOccurrenceView> = {}): StandingOccurrenceView {
  return {
    date,
    hijri: hijriOf(date),
    window_from: `${date}T19:00:00.000Z`,
    window_until: `${date}T20:30:00.000Z`,
    status: 'listed',
    quantity: 40,
    food_id: 1,
    schedule_id: 3,
    donor_name: 'Zamalek Bakery',
    food_name: 'Baladi bread',
    governorate: 'EG-C',
    area: 'Zamalek',
    position: 0,
    offered_to_you: true,
    ...overrides,
  };
}

const today = inDays(0);
const tomorrow = inDays(1);
const week = [day(today), day(today, { schedule_id: 5, food_name: 'Iftar meals', donor_name: 'Koshary El Tahrir', position: 1, offered_to_you: false, status: 'planned' }), day(tomorrow, { status: 'planned', offered_to_you: false })];
const dayLabel = (date: string, locale = 'en-GB') =>
  new Intl.DateTimeFormat(locale, { weekday: 'short', day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${date}T12:00:00Z`));
const callsTo = (fetchMock: ReturnType<typeof mockApi>, key: string) =>
  fetchMock.mock.calls.filter(([url, init]) => `${(init as RequestInit | undefined)?.method ?? 'GET'} ${String(url)}` === key);

afterEach(async () => {
  cleanup();
  await i18next.changeLanguage('en');
});

describe("the charity's week", () => {
  it('follows the days live: schedule.occurrence fetches the week again, without a reload', async () => {
    signInAs('charity', 9);
    const hub = new LiveHub();
    let answer = [day(today, { status: 'planned', offered_to_you: false, food_id: undefined })];
    const fetchMock = mockApi({ 'GET /api/charity/standing': () => ({ body: answer }) });
    renderPage(<StandingWeekPage />, '/FoodDonationApp/week', { hub });
    expect(await screen.findByText(/· Planned$/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Confirm: / })).not.toBeInTheDocument();

    answer = [day(today)];
    act(() => hub.dispatch(liveEvent('schedule.occurrence', { scheduleId: 3, date: today, change: 'listed' })));
    expect(await screen.findByRole('button', { name: /^Confirm: / })).toBeInTheDocument();
    expect(screen.getByText('Offered to you now')).toBeInTheDocument();
    expect(callsTo(fetchMock, 'GET /api/charity/standing')).toHaveLength(2);

    // Another charity confirmed (or the offer passed on): the week follows again.
    answer = [day(today, { status: 'claimed', offered_to_you: false })];
    act(() => hub.dispatch(liveEvent('schedule.occurrence', { scheduleId: 3, date: today, change: 'passed_over' })));
    expect(await screen.findByText(/· Claimed$/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Confirm: / })).not.toBeInTheDocument();
  });

  it('groups the days, with the Hijri date beside each and who is first', async () => {
    signInAs('charity', 9);
    mockApi({ 'GET /api/charity/standing': { body: week } });
    renderPage(<StandingWeekPage />, '/FoodDonationApp/week');
    expect(screen.getByRole('heading', { level: 1, name: 'Your week' })).toBeInTheDocument();
    const first = await screen.findByRole('region', { name: new RegExp(`^${dayLabel(today)}`) });
    expect(within(first).getAllByRole('listitem')).toHaveLength(2);
    expect(within(first).getByRole('heading', { level: 2 })).toHaveTextContent(
      new Intl.DateTimeFormat('en-GB-u-ca-islamic-umalqura', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${today}T12:00:00Z`)),
    );
    expect(within(first).getByText('You are the first charity')).toBeInTheDocument();
    expect(within(first).getByText('Place 1 on the waitlist')).toBeInTheDocument();
    expect(within(first).getAllByText(/21:00 to 22:30/)).toHaveLength(2);
    expect(screen.getByRole('region', { name: new RegExp(`^${dayLabel(tomorrow)}`) })).toBeInTheDocument();
    // Only the day offered to the charity now can be confirmed or declined.
    expect(screen.getAllByRole('button', { name: /^Confirm: / })).toHaveLength(1);
  });

  it('confirms tonight and shows the pickup code of the claim', async () => {
    signInAs('charity', 9);
    const fetchMock = mockApi({
      'GET /api/charity/standing': { body: week },
      [`POST /api/schedules/3/occurrences/${today}/confirm`]: { status: 201, body: { message: 'Pickup request submitted successfully', request_id: 50, status: 'pending' } },
    });
    const user = userEvent.setup();
    renderPage(<StandingWeekPage />, '/FoodDonationApp/week');
    await user.click(await screen.findByRole('button', { name: `Confirm: Baladi bread, ${dayLabel(today)}` }));
    expect(await screen.findByText('Confirmed. Your pickup code: 482913')).toBeInTheDocument();
    expect(callsTo(fetchMock, `POST /api/schedules/3/occurrences/${today}/confirm`)).toHaveLength(1);
  });

  it("declines (we can't come) and leaves a schedule", async () => {
    signInAs('charity', 9);
    const fetchMock = mockApi({
      'GET /api/charity/standing': { body: week },
      [`POST /api/schedules/3/occurrences/${today}/decline`]: { status: 201, body: { message: 'declined' } },
      'DELETE /api/charity/standing/5': { body: { message: 'left' } },
    });
    const user = userEvent.setup();
    renderPage(<StandingWeekPage />, '/FoodDonationApp/week');
    await user.click(await screen.findByRole('button', { name: `We can't come: Baladi bread, ${dayLabel(today)}` }));
    expect(await screen.findByText('Thank you: the next charity is asked.')).toBeInTheDocument();
    expect(callsTo(fetchMock, `POST /api/schedules/3/occurrences/${today}/decline`)).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: 'Leave this schedule: Iftar meals' }));
    await waitFor(() => expect(callsTo(fetchMock, 'DELETE /api/charity/standing/5')).toHaveLength(1));
  });

  it('says a refusal in the reader words, not a crash', async () => {
    signInAs('charity', 9);
    mockApi({
      'GET /api/charity/standing': { body: week },
      [`POST /api/schedules/3/occurrences/${today}/confirm`]: { status: 409, body: { statusCode: 409, error: 'Conflict', message: 'Food item already claimed' } },
    });
    const user = userEvent.setup();
    renderPage(<StandingWeekPage />, '/FoodDonationApp/week');
    await user.click(await screen.findByRole('button', { name: `Confirm: Baladi bread, ${dayLabel(today)}` }));
    expect(await screen.findByRole('alert')).toHaveTextContent(/claimed/i);
  });

  it('reads right to left in Arabic with Arabic-Indic digits, and confirms', async () => {
    await i18next.changeLanguage('ar');
    signInAs('charity', 9);
    const fetchMock = mockApi({
      'GET /api/charity/standing': { body: week },
      [`POST /api/schedules/3/occurrences/${today}/confirm`]: { status: 201, body: { message: 'ok', request_id: 50, status: 'pending' } },
    });
    const user = userEvent.setup();
    renderPage(<StandingWeekPage />, '/FoodDonationApp/week');
    expect(document.documentElement).toHaveAttribute('dir', 'rtl');
    expect(screen.getByRole('heading', { level: 1, name: 'أسبوعك' })).toBeInTheDocument();
    expect(await screen.findByText('المركز ١ في قائمة الانتظار')).toBeInTheDocument();
    expect(screen.getAllByText(/من ٩:٠٠ م إلى ١٠:٣٠ م/).length).toBeGreaterThan(0);
    await user.click(screen.getByRole('button', { name: `تأكيد: Baladi bread, ${dayLabel(today, 'ar-EG')}` }));
    expect(await screen.findByText('تم التأكيد. رمز الاستلام: 482913')).toBeInTheDocument();
    expect(callsTo(fetchMock, `POST /api/schedules/3/occurrences/${today}/confirm`)).toHaveLength(1);
    expect(screen.getByRole('button', { name: /^لا نستطيع الحضور: / })).toBeInTheDocument();
  });
});
