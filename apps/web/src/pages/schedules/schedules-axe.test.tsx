import type { PickupPointView, ScheduleView, StandingOccurrenceView } from '@food-link/contracts';
import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import i18next from 'i18next';
import { vi } from 'vitest';
import { hijriOf, inDays, mockApi, renderPage, signInAs } from '../../test/test-utils';
import SchedulesPage from './schedules-page';
import StandingWeekPage from './standing-week-page';

/*
 * The markup of both screens, open as far as they go, against axe-core's WCAG 2.1 A/AA rules (labels,
 * names of buttons, landmarks, ARIA). jsdom lays nothing out, so colour contrast is left to the e2e checks.
 */
async function violations(): Promise<string[]> {
  const result = await axe.run(document.body, {
    runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] },
    rules: { 'color-contrast': { enabled: false } },
    resultTypes: ['violations'],
  });
  return result.violations.map((v) => `${v.id}: ${v.help} at ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

const today = inDays(0);
const schedule = {
  id: 3, donor_id: 7, pickup_point_id: 4, food_name: 'Baladi bread', description: 'Evening bake', category: 'bakery', storage: 'ambient', unit: 'portion',
  quantity: 40, weight_kg: null, allergens: [], rule: 'FREQ=DAILY', ramadan: 'any', eids: 'any', window: { from: '21:00', until: '22:30' }, partners: [21],
  starts_on: '2026-11-01', ends_on: null, created_at: '2026-11-01T10:00:00.000Z', paused: null,
} satisfies ScheduleView;
const occurrence = { date: today, hijri: hijriOf(today), window_from: `${today}T19:00:00.000Z`, window_until: `${today}T20:30:00.000Z`, status: 'planned' as const, quantity: 40 };
const standing: StandingOccurrenceView = { ...occurrence, status: 'listed', food_id: 1, schedule_id: 3, donor_name: 'Zamalek Bakery', food_name: 'Baladi bread', governorate: 'EG-C', area: 'Zamalek', position: 0, offered_to_you: true };

// axe measures icon ligatures on a canvas, which jsdom has not: it then skips that check (a console error otherwise).
beforeEach(() => {
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
});

afterEach(async () => {
  vi.restoreAllMocks();
  cleanup();
  await i18next.changeLanguage('en');
});

describe.each(['en', 'ar'])('the standing collections screens in %s', (language) => {
  it('the Schedules page, with its form and a schedule’s days open, has no axe violation', async () => {
    await i18next.changeLanguage(language);
    signInAs('donor', 7);
    mockApi({
      'GET /api/schedules': { body: [schedule] },
      'GET /api/pickup-points': { body: [{ id: 4, label: 'Zamalek branch' } as PickupPointView] },
      'GET /api/donor/partners': { body: { charities: [] } },
      [`GET /api/schedules/3/occurrences?from=${today}&to=${inDays(13)}`]: { body: [occurrence] },
    });
    const user = userEvent.setup();
    renderPage(<SchedulesPage />, '/DonerDashboard/schedules');
    const buttons = await screen.findAllByRole('button', { name: language === 'en' ? /^(New schedule|Next 14 days)$/ : /^(موعد جديد|الأيام الأربعة عشر القادمة)$/ });
    for (const button of buttons) await user.click(button);
    await screen.findByRole('form');
    await screen.findAllByRole('spinbutton');
    await user.click(screen.getByRole('radio', { name: language === 'en' ? 'After a prayer' : 'بعد صلاة' }));
    expect(await violations()).toEqual([]);
  }, 20_000);

  it('the week has no axe violation', async () => {
    await i18next.changeLanguage(language);
    signInAs('charity', 9);
    mockApi({ 'GET /api/charity/standing': { body: [standing] } });
    renderPage(<StandingWeekPage />, '/FoodDonationApp/week');
    await screen.findAllByRole('listitem');
    expect(await violations()).toEqual([]);
  });
});
