import { randomBytes, randomInt } from 'node:crypto';
import { cairoDate } from '@food-link/contracts';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { apiAddPickupPoint, apiOperatorLogin, apiSetPartners, apiSignUp, apiVerifyCharity, type ApiSession } from './support/api';
import { MOBILE, launchBrowser, markWindow, openPage, stillSamePage } from './support/browser';
import { smallPng } from './support/photos';
import { newUser } from './support/users';

/*
 * Standing collections (issue 27, docs/DOMAIN-RULES.md "Standing collections"), through the screens, live,
 * in both languages: the bakery creates its nightly schedule on the Schedules page; the charity, its
 * standing charity, sees tonight's collection in its week; at lead time (SCHEDULE_LEAD_MINUTES, 30 s in
 * this run: support/global-setup.ts) tonight's day is listed and offered to the charity, whose week shows
 * Confirm without a reload; the charity confirms and gets its pickup code; the bakery's page reads Claimed,
 * also without a reload. The accounts, the pickup point, the charity's verification and the partnership
 * are set up over HTTP (the scene, not the subject).
 */

const TEXTS = {
  en: {
    newSchedule: 'New schedule',
    foodName: /What you give/,
    details: /Details for the charity/,
    quantity: /Quantity each time/,
    pickupPoint: 'Pickup point',
    from: 'From',
    until: 'Until',
    save: 'Save schedule',
    saved: 'Schedule saved.',
    nextDays: 'Next 14 days',
    daysRegion: (name: string) => `The next 14 days: ${name}`,
    planned: 'Planned',
    listed: 'Listed',
    claimed: 'Claimed',
    primary: 'You are the first charity',
    offered: 'Offered to you now',
    confirm: 'Confirm',
    confirmed: /^Confirmed\. Your pickup code: \d{4,6}$/,
    partners: (name: string) => `Standing charities: ${name} (your partner charities, in their order).`,
  },
  ar: {
    newSchedule: 'موعد جديد',
    foodName: /ما تقدّمه/,
    details: /تفاصيل للجمعية/,
    quantity: /الكمية كل مرة/,
    pickupPoint: 'نقطة الاستلام',
    from: 'من',
    until: 'إلى',
    save: 'حفظ الموعد',
    saved: 'حُفظ الموعد.',
    nextDays: 'الأيام الأربعة عشر القادمة',
    daysRegion: (name: string) => `الأيام الأربعة عشر القادمة: ${name}`,
    planned: 'مُخطَّط',
    listed: 'معروض',
    claimed: 'محجوز',
    primary: 'أنتم الجمعية الأولى',
    offered: 'معروض عليكم الآن',
    confirm: 'تأكيد',
    confirmed: /^تم التأكيد\. رمز الاستلام: [\d٠-٩]{4,6}$/,
    partners: (name: string) => `الجمعيات الدائمة: ${name} (جمعياتك الشريكة بترتيبها).`,
  },
} as const;

/** `HH:MM` of an instant on Cairo's clock. */
function cairoClock(instant: Date): string {
  return new Intl.DateTimeFormat('en-GB', { timeZone: 'Africa/Cairo', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(instant);
}

/**
 * Tonight's window: it opens at the first whole minute at least 90 s from now (so the day is listed, 30 s
 * before, some 60 to 120 s after the schedule is saved) and lasts an hour, past midnight if it must (a clock
 * window that passes midnight closes the next day). Within three minutes of Cairo's midnight it first waits
 * for midnight to pass, so that the window opens on the day the pages call today.
 */
async function tonightsWindow(): Promise<{ from: string; until: string; opensAt: Date }> {
  const soon = new Date(Date.now() + 180_000);
  if (cairoDate(soon) !== cairoDate()) {
    while (cairoDate() !== cairoDate(soon)) await new Promise((resolve) => setTimeout(resolve, 1_000));
  }
  const opensAt = new Date(Math.ceil((Date.now() + 90_000) / 60_000) * 60_000);
  const untilAt = new Date(opensAt.getTime() + 60 * 60_000);
  return { from: cairoClock(opensAt), until: cairoClock(untilAt), opensAt };
}

describe.each([
  { language: 'en' as const, viewport: undefined },
  { language: 'ar' as const, viewport: MOBILE },
])('standing collections ($language)', ({ language, viewport }) => {
  const tx = TEXTS[language];
  const contexts: BrowserContext[] = [];
  let browser: Browser;
  let bakery: ApiSession;
  let charity: ApiSession;
  const charityUser = newUser('charity');
  const pointLabel = `Zamalek bakery ${randomBytes(2).toString('hex')}`;
  const foodName = `${language === 'en' ? 'Baladi bread' : 'عيش بلدي'} ${randomBytes(2).toString('hex')}`;
  let bakeryPage: Page;
  let charityPage: Page;
  let opensAt: Date;

  const open = async (path: string, session: ApiSession): Promise<Page> => {
    const { context, page } = await openPage(browser, path, { viewport, storage: { ...session.storage, language } });
    contexts.push(context);
    return page;
  };

  /** The donor's rows of the schedule's next 14 days; today's is the first. */
  const todaysRow = (): Locator => bakeryPage.getByRole('region', { name: tx.daysRegion(foodName) }).getByRole('listitem').first();
  /** Today's collection in the charity's week. */
  /** A day's status as its row says it: mid-line on the donor's rows (the quantity follows), last on the charity's. */
  const donorStatus = (status: string) => new RegExp(`· ${status} ·`);
  const charityStatus = (status: string) => new RegExp(`· ${status}$`);
  const tonight = (): Locator =>
    charityPage
      .locator(`section[aria-labelledby="day-${cairoDate()}"]`)
      .getByRole('listitem')
      .filter({ has: charityPage.getByRole('heading', { name: foodName, exact: true }) });

  beforeAll(async () => {
    browser = await launchBrowser();
    bakery = await apiSignUp(newUser('donor'), 'donor');
    charity = await apiSignUp(charityUser, 'charity');
    await apiVerifyCharity(charity, await apiOperatorLogin(), await smallPng());
    await apiAddPickupPoint(bakery.token, {
      label: pointLabel,
      governorate: 'EG-C',
      area: 'Zamalek',
      address_line: '26 July Street',
      contact_name: 'Hany Adel',
      contact_phone: `010 ${String(randomInt(1e8)).padStart(8, '0')}`,
    });
    await apiSetPartners(bakery.token, [Number(charity.storage.userId)]);
  });

  afterAll(async () => {
    for (const context of contexts) await context.close();
    await browser?.close();
  });

  it('the bakery creates the nightly schedule on its Schedules page', async () => {
    bakeryPage = await open('/DonerDashboard/schedules', bakery);
    await bakeryPage.getByRole('button', { name: tx.newSchedule, exact: true }).click();
    const form = bakeryPage.getByRole('form', { name: tx.newSchedule });
    await form.getByLabel(tx.foodName).fill(foodName);
    await form.getByLabel(tx.details).fill(language === 'en' ? 'Fresh from the evening bake' : 'طازج من خبيز المساء');
    await form.getByLabel(tx.quantity).fill('40');
    await form.getByLabel(tx.pickupPoint, { exact: true }).selectOption({ label: pointLabel });
    await form.getByText(tx.partners(charityUser.name), { exact: true }).waitFor();
    const window = await tonightsWindow();
    opensAt = window.opensAt;
    await form.getByLabel(tx.from, { exact: true }).fill(window.from);
    await form.getByLabel(tx.until, { exact: true }).fill(window.until);
    await form.getByRole('button', { name: tx.save, exact: true }).click();
    await bakeryPage.getByText(tx.saved, { exact: true }).waitFor();
    // Saved before the lead time: tonight is planned, not listed yet.
    await bakeryPage.getByRole('button', { name: tx.nextDays, exact: true }).click();
    await todaysRow().getByText(donorStatus(tx.planned)).waitFor();
    expect(Date.now()).toBeLessThan(opensAt.getTime() - 30_000);
    await markWindow(bakeryPage);
  }, 300_000); // up to three minutes waiting for Cairo's midnight (tonightsWindow)

  it("the charity sees tonight's collection in its week, as the first charity", async () => {
    charityPage = await open('/FoodDonationApp/week', charity);
    const day = tonight();
    await day.getByText(tx.primary, { exact: true }).waitFor();
    await day.getByText(charityStatus(tx.planned)).waitFor();
    expect(await day.getByRole('button', { name: new RegExp(`^${tx.confirm}`) }).count()).toBe(0);
    await markWindow(charityPage);
  });

  it('at lead time the day is listed and offered to the charity, live on both pages', async () => {
    // Listed 30 s before the window opens (the worker looks every second); the pages hear schedule.occurrence.
    const timeout = Math.max(opensAt.getTime() - Date.now(), 0) + 20_000;
    const day = tonight();
    await day.getByText(tx.offered, { exact: true }).waitFor({ timeout });
    expect(Date.now()).toBeGreaterThanOrEqual(opensAt.getTime() - 31_000);
    await day.getByText(charityStatus(tx.listed)).waitFor();
    await todaysRow().getByText(donorStatus(tx.listed)).waitFor({ timeout: 20_000 });
    expect(await stillSamePage(charityPage)).toBe(true);
    expect(await stillSamePage(bakeryPage)).toBe(true);
  }, 150_000);

  it("the charity confirms tonight's: it gets its pickup code, and the bakery's page reads Claimed without a reload", async () => {
    const day = tonight();
    await day.getByRole('button', { name: new RegExp(`^${tx.confirm}`) }).click();
    await day.getByText(tx.confirmed).waitFor();
    await todaysRow().getByText(donorStatus(tx.claimed)).waitFor({ timeout: 20_000 });
    await day.getByText(charityStatus(tx.claimed)).waitFor();
    expect(await stillSamePage(charityPage)).toBe(true);
    expect(await stillSamePage(bakeryPage)).toBe(true);
  });
});
