import type { OccurrenceView, PickupPointView, ScheduleView } from '@food-link/contracts';
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18next from 'i18next';
import { schedules } from '../../i18n/resources/schedules';
import { LiveHub } from '../../live/live-hub';
import { hijriOf, inDays, liveEvent, mockApi, renderPage, signInAs, textKeys } from '../../test/test-utils';
import { daysOf, ruleOf } from './schedule-rules';
import SchedulesPage from './schedules-page';

const point = { id: 4, label: 'Zamalek branch' } as PickupPointView;

function schedule(overrides: Partial<ScheduleView> = {}): ScheduleView {
  return {
    id: 3,
    donor_id: 7,
    pickup_point_id: 4,
    food_name: 'Baladi bread',
    description: 'Fresh from the evening bake',
    category: 'bakery',
    storage: 'ambient',
    unit: 'portion',
    quantity: 40,
    weight_kg: null,
    allergens: [],
    rule: 'FREQ=DAILY',
    ramadan: 'any',
    eids: 'any',
    window: { from: '21:00', until: '22:30' },
    partners: [21],
    starts_on: '2026-11-01',
    ends_on: null,
    created_at: '2026-11-01T10:00:00.000Z',
    paused: null,
    ...overrides,
  };
}

/** Today's day: 21:00 to 22:30 Cairo (UTC+2 in winter). */
function occurrence(date: string, overrides: Partial<OccurrenceView> = {}): OccurrenceView {
  return { date, hijri: hijriOf(date), window_from: `${date}T19:00:00.000Z`, window_until: `${date}T20:30:00.000Z`, status: 'planned', quantity: 40, ...overrides };
}

const occurrencesUrl = `GET /api/schedules/3/occurrences?from=${inDays(0)}&to=${inDays(13)}`;
const base = {
  'GET /api/pickup-points': { body: [point] },
  'GET /api/donor/partners': { body: { charities: [{ user_id: 21, charity_id: 2, name: 'Ahl Masr' }, { user_id: 22, charity_id: 3, name: 'Giza Orphans' }] } },
};

const bodyOf = (call: unknown[]) => JSON.parse(String((call[1] as RequestInit).body));
const callsTo = (fetchMock: ReturnType<typeof mockApi>, key: string) =>
  fetchMock.mock.calls.filter(([url, init]) => `${(init as RequestInit | undefined)?.method ?? 'GET'} ${String(url)}` === key);

afterEach(async () => {
  cleanup();
  await i18next.changeLanguage('en');
});

describe('the rule of the chosen days', () => {
  it('is DAILY for none or all seven, and WEEKLY with BYDAY in week order otherwise', () => {
    expect(ruleOf([])).toBe('FREQ=DAILY');
    expect(ruleOf(['SA', 'SU', 'MO', 'TU', 'WE', 'TH', 'FR'])).toBe('FREQ=DAILY');
    expect(ruleOf(['TH', 'SU', 'TU'])).toBe('FREQ=WEEKLY;BYDAY=SU,TU,TH');
    expect(daysOf('FREQ=WEEKLY;BYDAY=SU,TU,TH')).toEqual(['SU', 'TU', 'TH']);
    expect(daysOf('FREQ=MONTHLY;BYDAY=1FR')).toBeNull();
  });
});

describe('the donor schedules page', () => {
  it('has an Arabic text for every English one', () => {
    expect(textKeys(schedules.ar)).toEqual(textKeys(schedules.en));
  });

  it('lists the schedules with their days and window', async () => {
    signInAs('donor', 7);
    mockApi({ ...base, 'GET /api/schedules': { body: [schedule(), schedule({ id: 5, food_name: 'Iftar meals', rule: 'FREQ=WEEKLY;BYDAY=SU,TU', ramadan: 'only', window: { anchor: 'maghrib', from_minutes: 30, until_minutes: 90 } })] } });
    renderPage(<SchedulesPage />, '/DonerDashboard/schedules');
    expect(screen.getByRole('heading', { level: 1, name: 'Standing collections' })).toBeInTheDocument();
    expect(await screen.findByText('Every day · 21:00 to 22:30')).toBeInTheDocument();
    expect(screen.getByText('Every Sunday and Tuesday · Maghrib + 30 min to + 90 min · Ramadan only')).toBeInTheDocument();
  });

  it('creates a schedule from the rule editor: the chosen days, a prayer window, Ramadan only, the partners in order', async () => {
    signInAs('donor', 7);
    const created = schedule({ id: 9 });
    const fetchMock = mockApi({ ...base, 'GET /api/schedules': { body: [] }, 'POST /api/schedules': { status: 201, body: created } });
    const user = userEvent.setup();
    renderPage(<SchedulesPage />, '/DonerDashboard/schedules');
    await user.click(await screen.findByRole('button', { name: 'New schedule' }));
    const form = screen.getByRole('form', { name: 'New schedule' });
    await user.type(within(form).getByLabelText(/What you give/), 'Iftar meals');
    await user.type(within(form).getByLabelText(/Details for the charity/), 'Rice and lentils');
    await user.selectOptions(within(form).getByLabelText('Category'), 'cooked_meal');
    await user.selectOptions(within(form).getByLabelText('Storage'), 'hot');
    await user.type(within(form).getByLabelText(/Quantity each time/), '60');
    await user.click(within(form).getByRole('checkbox', { name: 'Gluten' }));
    await user.click(within(form).getByRole('checkbox', { name: 'Sunday' }));
    await user.click(within(form).getByRole('checkbox', { name: 'Thursday' }));
    await user.click(within(form).getByRole('checkbox', { name: 'Tuesday' }));
    await user.click(within(form).getByRole('radio', { name: 'After a prayer' }));
    await user.selectOptions(within(form).getByLabelText('Prayer'), 'maghrib');
    await user.clear(within(form).getByLabelText('Closes, minutes after the prayer'));
    await user.type(within(form).getByLabelText('Closes, minutes after the prayer'), '120');
    await user.click(within(form).getByRole('radio', { name: 'Only in Ramadan' }));
    expect(within(form).getByText('Standing charities: Ahl Masr, Giza Orphans (your partner charities, in their order).')).toBeInTheDocument();
    await user.click(within(form).getByRole('button', { name: 'Save schedule' }));
    await waitFor(() => expect(callsTo(fetchMock, 'POST /api/schedules')).toHaveLength(1));
    expect(bodyOf(callsTo(fetchMock, 'POST /api/schedules')[0])).toEqual({
      pickup_point_id: 4,
      food_name: 'Iftar meals',
      description: 'Rice and lentils',
      category: 'cooked_meal',
      storage: 'hot',
      unit: 'portion',
      quantity: 60,
      weight_kg: null,
      allergens: ['gluten'],
      rule: 'FREQ=WEEKLY;BYDAY=SU,TU,TH',
      ramadan: 'only',
      eids: 'any',
      window: { anchor: 'maghrib', from_minutes: 30, until_minutes: 120 },
      partners: [21, 22],
      starts_on: inDays(0),
      ends_on: null,
    });
    expect(await screen.findByText('Schedule saved.')).toBeInTheDocument();
  }, 20_000);

  it('sends every day by the clock as FREQ=DAILY, and refuses a window under 30 minutes before sending', async () => {
    signInAs('donor', 7);
    const fetchMock = mockApi({ ...base, 'GET /api/schedules': { body: [] }, 'POST /api/schedules': { status: 201, body: schedule() } });
    const user = userEvent.setup();
    renderPage(<SchedulesPage />, '/DonerDashboard/schedules');
    await user.click(await screen.findByRole('button', { name: 'New schedule' }));
    const form = screen.getByRole('form', { name: 'New schedule' });
    await user.type(within(form).getByLabelText(/What you give/), 'Baladi bread');
    await user.type(within(form).getByLabelText(/Details for the charity/), 'Evening bake');
    await user.type(within(form).getByLabelText(/Quantity each time/), '40');
    const until = within(form).getByLabelText('Until');
    await user.clear(until);
    await user.type(until, '20:15');
    await user.click(within(form).getByRole('button', { name: 'Save schedule' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent('The window must last at least 30 minutes.');
    expect(callsTo(fetchMock, 'POST /api/schedules')).toHaveLength(0);
    await user.clear(until);
    await user.type(until, '21:30');
    await user.click(within(form).getByRole('button', { name: 'Save schedule' }));
    await waitFor(() => expect(callsTo(fetchMock, 'POST /api/schedules')).toHaveLength(1));
    const body = bodyOf(callsTo(fetchMock, 'POST /api/schedules')[0]);
    expect(body.rule).toBe('FREQ=DAILY');
    expect(body.window).toEqual({ from: '20:00', until: '21:30' });
    expect(body.ramadan).toBe('any');
  }, 20_000);

  it("takes a late restaurant's window past midnight, at most 12 hours, and says it closes the next day", async () => {
    signInAs('donor', 7);
    const late = schedule({ window: { from: '23:30', until: '00:30' } });
    const fetchMock = mockApi({ ...base, 'GET /api/schedules': { body: [late] }, 'POST /api/schedules': { status: 201, body: late } });
    const user = userEvent.setup();
    renderPage(<SchedulesPage />, '/DonerDashboard/schedules');
    expect(await screen.findByText('Every day · 23:30 to 00:30 the next day')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'New schedule' }));
    const form = screen.getByRole('form', { name: 'New schedule' });
    await user.type(within(form).getByLabelText(/What you give/), 'Koshary');
    await user.type(within(form).getByLabelText(/Details for the charity/), 'After closing');
    await user.type(within(form).getByLabelText(/Quantity each time/), '20');
    const until = within(form).getByLabelText('Until');
    await user.clear(until);
    await user.type(until, '09:00');
    await user.click(within(form).getByRole('button', { name: 'Save schedule' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent('A window that passes midnight can last at most 12 hours.');
    expect(callsTo(fetchMock, 'POST /api/schedules')).toHaveLength(0);
    await user.clear(until);
    await user.type(until, '01:00');
    await user.click(within(form).getByRole('button', { name: 'Save schedule' }));
    await waitFor(() => expect(callsTo(fetchMock, 'POST /api/schedules')).toHaveLength(1));
    expect(bodyOf(callsTo(fetchMock, 'POST /api/schedules')[0]).window).toEqual({ from: '20:00', until: '01:00' });
  }, 20_000);

  it('edits a schedule keeping a rule the day boxes cannot show, and deletes one', async () => {
    signInAs('donor', 7);
    const monthly = schedule({ rule: 'FREQ=MONTHLY;BYDAY=1FR' });
    const fetchMock = mockApi({
      ...base,
      'GET /api/schedules': { body: [monthly] },
      'PATCH /api/schedules/3': { body: monthly },
      'DELETE /api/schedules/3': { body: { message: 'deleted' } },
    });
    const user = userEvent.setup();
    renderPage(<SchedulesPage />, '/DonerDashboard/schedules');
    await user.click(await screen.findByRole('button', { name: 'Edit: Baladi bread' }));
    const form = screen.getByRole('form', { name: 'Edit Baladi bread' });
    const quantity = within(form).getByLabelText(/Quantity each time/);
    await user.clear(quantity);
    await user.type(quantity, '25');
    await user.click(within(form).getByRole('button', { name: 'Save schedule' }));
    await waitFor(() => expect(callsTo(fetchMock, 'PATCH /api/schedules/3')).toHaveLength(1));
    const body = bodyOf(callsTo(fetchMock, 'PATCH /api/schedules/3')[0]);
    expect(body).toMatchObject({ rule: 'FREQ=MONTHLY;BYDAY=1FR', quantity: 25, window: { from: '21:00', until: '22:30' } });
    expect(body).not.toHaveProperty('partners');
    await user.click(await screen.findByRole('button', { name: 'Delete: Baladi bread' }));
    await waitFor(() => expect(callsTo(fetchMock, 'DELETE /api/schedules/3')).toHaveLength(1));
  });

  it('shows the next 14 days with the Hijri date, and skips a day or sets its quantity in one tap', async () => {
    signInAs('donor', 7);
    const today = inDays(0);
    const tomorrow = inDays(1);
    const fetchMock = mockApi({
      ...base,
      'GET /api/schedules': { body: [schedule()] },
      [occurrencesUrl]: { body: [occurrence(today), occurrence(tomorrow, { status: 'skipped' })] },
      [`POST /api/schedules/3/occurrences/${today}/skip`]: { body: occurrence(today, { status: 'skipped' }) },
      [`PATCH /api/schedules/3/occurrences/${today}`]: { body: occurrence(today, { quantity: 10 }) },
      [`PATCH /api/schedules/3/occurrences/${tomorrow}`]: { body: occurrence(tomorrow) },
    });
    const user = userEvent.setup();
    renderPage(<SchedulesPage />, '/DonerDashboard/schedules');
    await user.click(await screen.findByRole('button', { name: 'Next 14 days' }));
    const days = await screen.findByRole('region', { name: 'The next 14 days: Baladi bread' });
    const hijri = new Intl.DateTimeFormat('en-GB-u-ca-islamic-umalqura', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${today}T12:00:00Z`));
    expect(await within(days).findByText(hijri)).toBeInTheDocument();
    expect(within(days).getAllByText(/21:00 to 22:30/)).toHaveLength(2);
    const todayLabel = new Intl.DateTimeFormat('en-GB', { weekday: 'short', day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${today}T12:00:00Z`));
    await user.click(within(days).getByRole('button', { name: `Nothing today: ${todayLabel}` }));
    await waitFor(() => expect(callsTo(fetchMock, `POST /api/schedules/3/occurrences/${today}/skip`)).toHaveLength(1));

    const quantity = within(days).getByLabelText(`Quantity on ${todayLabel}`);
    await user.clear(quantity);
    await user.type(quantity, '10');
    await user.click(within(days).getByRole('button', { name: 'Set' }));
    await waitFor(() => expect(callsTo(fetchMock, `PATCH /api/schedules/3/occurrences/${today}`)).toHaveLength(1));
    expect(bodyOf(callsTo(fetchMock, `PATCH /api/schedules/3/occurrences/${today}`)[0])).toEqual({ quantity: 10 });

    // A skipped day can run again.
    await user.click(within(days).getByRole('button', { name: /^Collect this day after all: / }));
    await waitFor(() => expect(callsTo(fetchMock, `PATCH /api/schedules/3/occurrences/${tomorrow}`)).toHaveLength(1));
    expect(bodyOf(callsTo(fetchMock, `PATCH /api/schedules/3/occurrences/${tomorrow}`)[0])).toEqual({ skip: false });
  }, 20_000);

  it('says which standing charities were skipped that day and why, by name; a paused schedule says why', async () => {
    signInAs('donor', 7);
    mockApi({
      ...base,
      'GET /api/schedules': { body: [schedule({ paused: 'pickup_point_deleted' })] },
      [occurrencesUrl]: {
        body: [
          occurrence(inDays(0), { passed_over: [{ charity_id: 21, reason: 'storage' }, { charity_id: 99, reason: 'full_today' }] }),
          occurrence(inDays(1)),
        ],
      },
    });
    const user = userEvent.setup();
    renderPage(<SchedulesPage />, '/DonerDashboard/schedules');
    expect(await screen.findByText(/Paused: its pickup point was deleted/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Next 14 days' }));
    expect(await screen.findByText('Skipped charities: Ahl Masr (cannot keep this kind of food), Charity 99 (full today)')).toBeInTheDocument();
    expect(screen.getAllByText(/^Skipped charities/)).toHaveLength(1);

    cleanup();
    await i18next.changeLanguage('ar');
    renderPage(<SchedulesPage />, '/DonerDashboard/schedules');
    expect(await screen.findByText(/متوقف: حُذفت نقطة الاستلام/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'الأيام الأربعة عشر القادمة' }));
    expect(await screen.findByText(/^جمعيات تم تخطيها: Ahl Masr \(لا تستطيع حفظ هذا النوع من الطعام\)/)).toBeInTheDocument();
  });

  it('sends the Eids choice from the rule editor, and shows it on the schedule', async () => {
    signInAs('donor', 7);
    const fetchMock = mockApi({ ...base, 'GET /api/schedules': { body: [schedule({ eids: 'skip' })] }, 'PATCH /api/schedules/3': { body: schedule() } });
    const user = userEvent.setup();
    renderPage(<SchedulesPage />, '/DonerDashboard/schedules');
    expect(await screen.findByText('Every day · 21:00 to 22:30 · Not on the Eids')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Edit: Baladi bread' }));
    const form = screen.getByRole('form', { name: 'Edit Baladi bread' });
    expect(within(form).getByRole('radio', { name: /^Not on the Eids/ })).toBeChecked();
    await user.click(within(form).getByRole('radio', { name: 'Collect on the Eids too' }));
    await user.click(within(form).getByRole('button', { name: 'Save schedule' }));
    await waitFor(() => expect(callsTo(fetchMock, 'PATCH /api/schedules/3')).toHaveLength(1));
    expect(bodyOf(callsTo(fetchMock, 'PATCH /api/schedules/3')[0])).toMatchObject({ eids: 'any' });
  });

  it("names the API's Hijri date, which follows an operator's shift of the year, not Umm al-Qura's own", async () => {
    signInAs('donor', 7);
    const today = inDays(0);
    const yesterday = inDays(-1);
    // Shifted +1: today reads as Umm al-Qura's yesterday.
    mockApi({ ...base, 'GET /api/schedules': { body: [schedule()] }, [occurrencesUrl]: { body: [occurrence(today, { hijri: hijriOf(yesterday) })] } });
    const user = userEvent.setup();
    renderPage(<SchedulesPage />, '/DonerDashboard/schedules');
    await user.click(await screen.findByRole('button', { name: 'Next 14 days' }));
    const named = (date: string) => new Intl.DateTimeFormat('en-GB-u-ca-islamic-umalqura', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${date}T12:00:00Z`));
    expect(await screen.findByText(named(yesterday))).toBeInTheDocument();
    expect(screen.queryByText(named(today))).not.toBeInTheDocument();
  });

  it('fetches the days again live on schedule.occurrence', async () => {
    signInAs('donor', 7);
    const hub = new LiveHub();
    let status: OccurrenceView['status'] = 'planned';
    const fetchMock = mockApi({ ...base, 'GET /api/schedules': { body: [schedule()] }, [occurrencesUrl]: () => ({ body: [occurrence(inDays(0), { status })] }) });
    const user = userEvent.setup();
    renderPage(<SchedulesPage />, '/DonerDashboard/schedules', { hub });
    await user.click(await screen.findByRole('button', { name: 'Next 14 days' }));
    expect(await screen.findByText(/· Planned ·/)).toBeInTheDocument();
    status = 'listed';
    act(() => hub.dispatch(liveEvent('schedule.occurrence', { scheduleId: 3, date: inDays(0), change: 'listed' })));
    expect(await screen.findByText(/· Listed ·/)).toBeInTheDocument();
    status = 'claimed';
    act(() => hub.dispatch(liveEvent('schedule.occurrence', { scheduleId: 3, date: inDays(0), change: 'confirmed' })));
    expect(await screen.findByText(/· Claimed ·/)).toBeInTheDocument();
    expect(callsTo(fetchMock, occurrencesUrl)).toHaveLength(3);
  });

  it("says the server's refusal of a Nothing today (the day has passed)", async () => {
    signInAs('donor', 7);
    const today = inDays(0);
    mockApi({
      ...base,
      'GET /api/schedules': { body: [schedule()] },
      [occurrencesUrl]: { body: [occurrence(today)] },
      [`POST /api/schedules/3/occurrences/${today}/skip`]: { status: 409, body: { statusCode: 409, error: 'Conflict', message: 'That day has passed' } },
    });
    const user = userEvent.setup();
    renderPage(<SchedulesPage />, '/DonerDashboard/schedules');
    await user.click(await screen.findByRole('button', { name: 'Next 14 days' }));
    await user.click(await screen.findByRole('button', { name: /^Nothing today: / }));
    expect(await screen.findByRole('alert')).toHaveTextContent('That day has passed');
  });

  it('offers Nothing today on a day already listed or confirmed, saying its listing is withdrawn; none on a collected day', async () => {
    signInAs('donor', 7);
    const [today, tomorrow, later] = [inDays(0), inDays(1), inDays(2)];
    const fetchMock = mockApi({
      ...base,
      'GET /api/schedules': { body: [schedule()] },
      [occurrencesUrl]: {
        body: [occurrence(today, { status: 'collected', food_id: 8 }), occurrence(tomorrow, { status: 'claimed', food_id: 9 }), occurrence(later, { status: 'listed', food_id: 10 })],
      },
      [`POST /api/schedules/3/occurrences/${tomorrow}/skip`]: { body: occurrence(tomorrow, { status: 'skipped' }) },
    });
    const user = userEvent.setup();
    renderPage(<SchedulesPage />, '/DonerDashboard/schedules');
    await user.click(await screen.findByRole('button', { name: 'Next 14 days' }));
    const days = await screen.findByRole('region', { name: 'The next 14 days: Baladi bread' });
    await within(days).findByText(/· Claimed ·/);
    expect(within(days).getAllByRole('button', { name: /^Nothing today: / })).toHaveLength(2);
    expect(within(days).getAllByText("Nothing today withdraws this day's listing; a charity that confirmed is told.")).toHaveLength(2);
    const tomorrowLabel = new Intl.DateTimeFormat('en-GB', { weekday: 'short', day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${tomorrow}T12:00:00Z`));
    await user.click(within(days).getByRole('button', { name: `Nothing today: ${tomorrowLabel}` }));
    await waitFor(() => expect(callsTo(fetchMock, `POST /api/schedules/3/occurrences/${tomorrow}/skip`)).toHaveLength(1));
    expect(callsTo(fetchMock, `POST /api/schedules/3/occurrences/${today}/skip`)).toHaveLength(0);
  });

  it('reads right to left in Arabic, with Arabic-Indic digits and the Hijri date in Arabic', async () => {
    await i18next.changeLanguage('ar');
    signInAs('donor', 7);
    const today = inDays(0);
    const fetchMock = mockApi({
      ...base,
      'GET /api/schedules': { body: [schedule({ window: { anchor: 'maghrib', from_minutes: 30, until_minutes: 90 }, ramadan: 'only' })] },
      [occurrencesUrl]: { body: [occurrence(today)] },
      [`POST /api/schedules/3/occurrences/${today}/skip`]: { body: occurrence(today, { status: 'skipped' }) },
    });
    const user = userEvent.setup();
    renderPage(<SchedulesPage />, '/DonerDashboard/schedules');
    expect(document.documentElement).toHaveAttribute('dir', 'rtl');
    expect(screen.getByRole('heading', { level: 1, name: 'الاستلامات الدائمة' })).toBeInTheDocument();
    expect(await screen.findByText('كل يوم · المغرب + ٣٠ دقيقة إلى + ٩٠ دقيقة · في رمضان فقط')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'الأيام الأربعة عشر القادمة' }));
    const hijri = new Intl.DateTimeFormat('ar-EG-u-ca-islamic-umalqura', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${today}T12:00:00Z`));
    expect(await screen.findByText(hijri)).toBeInTheDocument();
    expect(hijri).toMatch(/[١-٩]/);
    expect(screen.getByText(/من ٩:٠٠ م إلى ١٠:٣٠ م/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /^لا شيء اليوم: / }));
    await waitFor(() => expect(callsTo(fetchMock, `POST /api/schedules/3/occurrences/${today}/skip`)).toHaveLength(1));
  });
});
