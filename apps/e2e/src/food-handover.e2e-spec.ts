import { randomInt } from 'node:crypto';
import { PLATFORM_TIME_ZONE, governorateName, mapUrl, type GovernorateCode } from '@food-link/contracts';
import type { Browser, Page } from 'playwright-core';
import { apiAddFood, apiAddPickupPoint, apiDonorFood, apiRequestPickup, apiSignUp, type ApiSession } from './support/api';
import { expectNoAxeViolations } from './support/axe';
import { DESKTOP, MOBILE, launchBrowser, markWindow, openPage, stillSamePage } from './support/browser';
import { daysFromToday, field, foodCard, foodCardNamed, newFood, requestNamed } from './support/flows';
import { smallJpeg } from './support/photos';
import { newUser } from './support/users';

const MINUTE = 60_000;
/**
 * The listing that runs out: a window this long from its creation (the stack allows 1-minute windows
 * and no grace period), long enough for the charity to see it claimed first, short enough to wait for.
 */
const SHORT_WINDOW_MS = 75_000;

/** A `datetime-local` value on Cairo's clock (what the form's Cairo-time fields take). */
function cairoLocal(instant: Date): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-CA', {
      timeZone: PLATFORM_TIME_ZONE,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(instant)
      .map(({ type, value }) => [type, value]),
  );
  return `${parts.year}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}`;
}

/** Each screen's words in one language: the spec's texts verbatim in English, their Arabic counterparts. */
const TEXTS = {
  en: {
    addFood: 'Add Food',
    formHeading: 'Add New Food Donation',
    foodName: 'Food Name',
    quantity: 'Quantity',
    description: 'Description',
    expirationDate: 'Expiration Date',
    addDonation: 'Add Donation',
    status: 'Status',
    gluten: 'Gluten',
    sesame: 'Sesame',
    cookedMeal: 'Cooked meal',
    keptHot: 'Kept hot',
    trays: 'Trays',
    defaultBadge: 'Default',
    charityNav: 'Charity area',
    boardNav: 'Available Food List',
    requestsNav: 'Your Requests',
    boardHeading: 'Available Food Donations',
    pickupHeading: 'Request a Food Pickup',
    requestsHeading: 'Your Food Pickup Requests',
    submitRequest: 'Submit Request',
    requestSent: 'Pickup request submitted successfully!',
    donate: 'Donate',
    confirmTitle: (charity: string) => `Has ${charity} collected the food?`,
    confirm: 'Yes, donation handed over',
    completed: 'Donation completed successfully!',
    state: { available: 'Available', claimed: 'Claimed', pending: 'Pending', fulfilled: 'Fulfilled', notCollected: 'Not collected' },
    notCollectedNote: 'Nobody collected this food in its pickup window.',
    safeUntil: (time: string) => `Safe until ${time}`,
    // A window ending at Cairo's midnight reads "midnight tonight".
    countdown: /^Collect by (\d{1,2}:\d{2}\s[ap]m (tonight|today|tomorrow)|midnight tonight) · in (1 h 5\d min|2 h)$/,
    call: (name: string) => `Call \u2068${name}\u2069`,
    serveWithin: 'Serve or chill cooked food within 90 minutes of collecting it.',
    wrongCode: /^The donation was not marked completed: The pickup code does not match this request$/,
    received: { quantity: '11', weight: '5.5', summary: 'Received: 11 · 5.5 kg', comment: 'Comment: Two trays still warm, one lid cracked' },
    point: { area: 'Smouha', address: '14 Fawzy Moaz Street, 3rd floor', landmark: 'Opposite the Green Plaza gate', contact: 'Mona Adel', notes: 'Ring the bell twice' },
    food: { comment: 'Two trays still warm, one lid cracked' },
  },
  ar: {
    addFood: 'إضافة طعام',
    formHeading: 'إضافة تبرع غذائي جديد',
    foodName: 'اسم الطعام',
    quantity: 'الكمية',
    description: 'الوصف',
    expirationDate: 'تاريخ انتهاء الصلاحية',
    addDonation: 'إضافة التبرع',
    status: 'الحالة',
    gluten: 'الغلوتين',
    sesame: 'السمسم',
    cookedMeal: 'وجبة مطبوخة',
    keptHot: 'محفوظ ساخنًا',
    trays: 'صوانٍ',
    defaultBadge: 'افتراضي',
    charityNav: 'منطقة الجمعية',
    boardNav: 'قائمة الطعام المتاح',
    requestsNav: 'طلباتك',
    boardHeading: 'التبرعات الغذائية المتاحة',
    pickupHeading: 'طلب استلام طعام',
    requestsHeading: 'طلبات الاستلام الخاصة بك',
    submitRequest: 'إرسال الطلب',
    requestSent: 'تم إرسال طلب الاستلام بنجاح!',
    donate: 'تبرّع',
    confirmTitle: (charity: string) => `هل استلمت ${charity} الطعام؟`,
    confirm: 'نعم، تم تسليم التبرع',
    completed: 'تمت عملية التبرع بنجاح!',
    state: { available: 'متاح', claimed: 'محجوز', pending: 'قيد الانتظار', fulfilled: 'تم التسليم', notCollected: 'لم يُستلم' },
    notCollectedNote: 'لم يستلم أحد هذا الطعام في موعد الاستلام.',
    safeUntil: (time: string) => `آمن حتى ${time}`,
    // Times and counts in Arabic-Indic digits.
    countdown: /^استلم قبل ([٠-٩]{1,2}:[٠-٩]{2}\s[صم] (الليلة|اليوم|غدًا)|منتصف هذه الليلة) · خلال (١ س ٥[٠-٩] د|٢ س)$/,
    call: (name: string) => `اتصل بـ\u2068${name}\u2069`,
    serveWithin: 'قدّم الطعام المطبوخ أو برّده خلال ٩٠ دقيقة من استلامه.',
    wrongCode: /^لم يُسجَّل التبرع مكتملًا: رمز الاستلام لا يطابق هذا الطلب$/,
    received: { quantity: '11', weight: '5.5', summary: 'المستلم: ١١ · ٥٫٥ kg', comment: 'تعليق: صينيتان ما زالتا دافئتين، وغطاء واحد مكسور' },
    point: { area: 'سموحة', address: '١٤ شارع فوزي معاذ، الدور الثالث', landmark: 'أمام بوابة جرين بلازا', contact: 'منى عادل', notes: 'اضغط الجرس مرتين' },
    food: { comment: 'صينيتان ما زالتا دافئتين، وغطاء واحد مكسور' },
  },
} as const;

interface Case {
  name: string;
  language: 'en' | 'ar';
  viewport: { width: number; height: number };
  /** Where this case's food is picked up, and a governorate it is not in. */
  governorate: GovernorateCode;
  elsewhere: GovernorateCode;
  /** The browser's position when the donor presses "Use my location" (inside the governorate). */
  position: { latitude: number; longitude: number };
}

const CASES: Case[] = [
  { name: 'English on a desktop', language: 'en', viewport: DESKTOP, governorate: 'EG-ALX', elsewhere: 'EG-C', position: { latitude: 31.2156, longitude: 29.9553 } },
  { name: 'Arabic on a 390×844 phone', language: 'ar', viewport: MOBILE, governorate: 'EG-ASN', elsewhere: 'EG-C', position: { latitude: 24.0889, longitude: 32.8998 } },
];

/** A random Egyptian mobile as a person types it (`010 1234 5678`), and as the server stores it (E.164). */
function newMobile(): { typed: string; e164: string } {
  const rest = String(randomInt(1e8)).padStart(8, '0');
  return { typed: `010 ${rest.slice(0, 4)} ${rest.slice(4)}`, e164: `+2010${rest}` };
}

/**
 * The handover in full, through the UI, in Chromium: a donor's pickup point and a cooked-food listing
 * with a photo; a charity filtering the board by governorate, claiming, opening the pickup details; the
 * donor entering the pickup code on Donate; the charity's report of what arrived; and a second listing
 * whose window runs out coming back to the board by itself (the stack's 1-minute windows, no grace).
 */
describe('food handover', () => {
  let browser: Browser;

  beforeAll(async () => {
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
  });

  describe.each(CASES)('$name', ({ language, viewport, governorate, elsewhere, position }) => {
    const tx = TEXTS[language];
    const govName = governorateName(governorate, language);
    const phone = newMobile();
    const pointLabel = `${language === 'ar' ? 'فرع' : 'Branch'} ${randomInt(1e6)}`;
    const donorUser = newUser('donor');
    const charityUser = newUser('charity');
    const food = { ...newFood(language === 'ar' ? 'صواني كشري' : 'Koshary trays', 12), expirationDate: daysFromToday(2) };
    const lapsed = newFood(language === 'ar' ? 'عيش بلدي' : 'Baladi bread', 30);
    let donor: ApiSession;
    let charity: ApiSession;
    let donorPage: Page;
    let charityPage: Page;
    let pointId: number;
    let foodId: number;
    let lapsedId: number;
    let pickupCode: string;
    /** The end of the listing's window, as typed (a whole minute). */
    let pickupUntil: Date;

    const board = () => charityPage.getByTestId('board-filters');
    const showView = async (nav: string, heading: string) => {
      await charityPage.getByRole('navigation', { name: tx.charityNav }).getByRole('button', { name: nav, exact: true }).click();
      await charityPage.getByRole('heading', { name: heading, level: 1 }).waitFor();
    };

    beforeAll(async () => {
      donor = await apiSignUp(donorUser, 'donor');
      charity = await apiSignUp(charityUser, 'charity');
      const storage = { language };
      ({ page: charityPage } = await openPage(browser, '/FoodDonationApp', { viewport, storage: { ...storage, ...charity.storage } }));
      await charityPage.getByRole('heading', { name: tx.boardHeading, level: 1 }).waitFor();

      // The listing whose window runs out: another donor's, in the same governorate, claimed by this charity.
      const other = await apiSignUp(newUser('donor'), 'donor');
      const otherPoint = await apiAddPickupPoint(other.token, {
        label: 'Bakery door',
        governorate,
        area: tx.point.area,
        address_line: '3 Bakery Lane',
        contact_name: 'Hassan',
        contact_phone: newMobile().typed,
      });
      const start = new Date();
      lapsedId = await apiAddFood(other.token, {
        food_name: lapsed.name,
        quantity: lapsed.quantity,
        description: lapsed.description,
        expiration_date: lapsed.expirationDate,
        pickup_point_id: otherPoint,
        pickup_from: start.toISOString(),
        pickup_until: new Date(start.getTime() + SHORT_WINDOW_MS).toISOString(),
      });
      await apiRequestPickup(charity.token, lapsedId);

      ({ page: donorPage } = await openPage(browser, '/DonerDashboard', {
        viewport,
        storage: { ...storage, ...donor.storage },
        prepare: async (context) => {
          await context.grantPermissions(['geolocation']);
          await context.setGeolocation(position);
        },
      }));
    });

    it('a donor creates a pickup point in the pickup points section, the position from the browser', async () => {
      const section = donorPage.getByTestId('pickup-points');
      await section.getByTestId('point-add').click();
      const form = section.getByTestId('pickup-point-form');
      await form.getByTestId('point-label').fill(pointLabel);
      await form.getByTestId('point-governorate').selectOption(governorate);
      await form.getByTestId('point-area').fill(tx.point.area);
      await form.getByTestId('point-address').fill(tx.point.address);
      await form.getByTestId('point-landmark').fill(tx.point.landmark);
      await form.getByTestId('point-contact-name').fill(tx.point.contact);
      await form.getByTestId('point-contact-phone').fill(phone.typed);
      await form.getByTestId('point-notes').fill(tx.point.notes);
      await form.getByTestId('point-default').check();
      await form.getByTestId('point-use-location').click();
      await form.getByTestId('point-position').filter({ hasText: `${position.latitude}` }).filter({ hasText: `${position.longitude}` }).waitFor();
      await expectNoAxeViolations(donorPage, `pickup point form (${language})`);

      await form.getByTestId('point-save').click();
      const saved = section.locator('li[data-point-id]').filter({ hasText: pointLabel });
      await saved.waitFor();
      expect(await form.count()).toBe(0);
      pointId = Number(await saved.getAttribute('data-point-id'));
      expect(pointId).toBeGreaterThan(0);
      await saved.getByText(tx.defaultBadge, { exact: true }).waitFor();
      await saved.getByText(`${tx.point.address}, ${tx.point.area}, ${govName}`, { exact: true }).waitFor();
      // The phone as the server stores it (E.164), from the way it was typed.
      await saved.getByText(phone.e164, { exact: true }).waitFor();
    });

    it('lists cooked food with a window, allergens and a photo; the card shows its thumbnail and facts', async () => {
      // Prepared half an hour ago, collectible from now for two hours (Cairo's clock, whole minutes).
      const now = new Date(Math.floor(Date.now() / MINUTE) * MINUTE);
      const preparedAt = new Date(now.getTime() - 30 * MINUTE);
      pickupUntil = new Date(now.getTime() + 120 * MINUTE);
      await donorPage.getByRole('button', { name: tx.addFood, exact: true }).click();
      const form = donorPage.getByRole('form', { name: tx.formHeading });
      await form.getByLabel(tx.foodName, { exact: true }).fill(food.name);
      await form.getByLabel(tx.quantity, { exact: true }).fill(String(food.quantity));
      // (Its label carries the required star inside it: the accessible name does not.)
      await form.getByRole('textbox', { name: tx.description, exact: true }).fill(food.description);
      await form.getByLabel(tx.expirationDate, { exact: true }).fill(food.expirationDate);
      // The donor's default point is chosen already.
      expect(await form.getByTestId('food-pickup-point').inputValue()).toBe(String(pointId));

      expect(await form.getByTestId('photo-recommendation').count()).toBe(0);
      await form.getByTestId('food-category').selectOption('cooked_meal');
      await form.getByTestId('photo-recommendation').waitFor();
      await form.getByTestId('food-storage').selectOption('hot');
      await form.getByTestId('food-unit').selectOption('tray');
      await form.getByTestId('food-weight').fill('6.5');
      await form.getByTestId('food-prepared-at').fill(cairoLocal(preparedAt));
      await form.getByTestId('food-pickup-from').fill(cairoLocal(now));
      await form.getByTestId('food-pickup-until').fill(cairoLocal(pickupUntil));
      const allergens = form.getByTestId('food-allergens');
      await allergens.getByRole('checkbox', { name: tx.gluten, exact: true }).check();
      await allergens.getByRole('checkbox', { name: tx.sesame, exact: true }).check();
      await form.getByTestId('food-photos').setInputFiles({ name: 'koshary-trays.jpg', mimeType: 'image/jpeg', buffer: await smallJpeg() });
      await form.getByText('koshary-trays.jpg', { exact: true }).waitFor();
      // Hot-held cooked food is safe 4 hours from its preparation: the form says when before sending.
      const preview = form.getByTestId('safe-until-preview').locator('span').first();
      const previewText = await preview.textContent();
      await expectNoAxeViolations(donorPage, `add-food form with details (${language})`);

      await form.getByRole('button', { name: tx.addDonation, exact: true }).click();
      const card = foodCardNamed(donorPage, food.name);
      await card.waitFor();
      foodId = Number(await card.getAttribute('data-food-id'));
      expect(await form.getByLabel(tx.foodName, { exact: true }).inputValue()).toBe('');
      // The thumbnail arrives once the photo is uploaded, re-encoded and announced; it really loads.
      const thumbnail = card.getByTestId('thumbnails').getByRole('img');
      await thumbnail.waitFor();
      // Thumbnails load lazily: brought into view, as a person scrolling to the card would.
      await thumbnail.scrollIntoViewIfNeeded();
      await donorPage.waitForFunction((img) => img instanceof HTMLImageElement && img.complete && img.naturalWidth > 0, await thumbnail.elementHandle());
      expect(await card.getByTestId('thumbnails').getByRole('link').getAttribute('href')).toMatch(/^\/api\/photos\//);

      expect(previewText).toBe(tx.safeUntil((await card.getByTestId('safe-until').textContent()) ?? ''));
      expect(await card.getByTestId('place').textContent()).toBe(`${govName} · ${tx.point.area}`);
      expect(await card.locator('[data-category="cooked_meal"]').textContent()).toBe(tx.cookedMeal);
      expect(await card.locator('[data-storage="hot"]').textContent()).toBe(tx.keptHot);
      expect(await card.getByTestId('allergens').getByRole('listitem').allTextContents()).toEqual([tx.gluten, tx.sesame]);
      expect(await field(card, tx.quantity).textContent()).toBe(`${new Intl.NumberFormat(language === 'ar' ? 'ar-EG' : 'en-GB').format(12)} ${tx.trays}`);
      expect(await field(card, tx.status).textContent()).toBe(tx.state.available);
      // Nothing of the place beyond its governorate and area is public; the donor's own card says no more.
      expect(await card.textContent()).not.toContain(tx.point.address);
    });

    it('a charity filters the board by governorate (remembered) and sees the countdown, the place and the badges', async () => {
      const filters = board();
      const governorateFilter = filters.getByTestId('filter-governorate');
      await Promise.all([
        charityPage.waitForResponse((response) => response.url().includes(`governorate=${elsewhere}`) && response.ok()),
        governorateFilter.selectOption(elsewhere),
      ]);
      expect(await foodCard(charityPage, foodId).count()).toBe(0);
      await governorateFilter.selectOption(governorate);
      const card = foodCard(charityPage, foodId);
      await card.waitFor();
      // Every card on this board is picked up in the chosen governorate.
      for (const place of await charityPage.getByTestId('place').allTextContents()) expect(place.startsWith(govName)).toBe(true);
      // The claimed listing whose window is still running is not on offer.
      expect(await foodCard(charityPage, lapsedId).count()).toBe(0);

      // Filters are remembered: after a reload the board is as the coordinator left it.
      await charityPage.reload();
      await card.waitFor();
      expect(await board().getByTestId('filter-governorate').inputValue()).toBe(governorate);
      await markWindow(charityPage);

      const countdown = card.getByTestId('countdown');
      expect(Date.parse((await countdown.getAttribute('data-deadline')) ?? '')).toBe(pickupUntil.getTime());
      expect(await countdown.textContent()).toMatch(tx.countdown);
      expect(await card.getByTestId('place').textContent()).toBe(`${govName} · ${tx.point.area}`);
      expect(await card.locator('[data-category="cooked_meal"]').textContent()).toBe(tx.cookedMeal);
      expect(await card.locator('[data-storage="hot"]').textContent()).toBe(tx.keptHot);
      expect(await card.getByTestId('allergens').getByRole('listitem').allTextContents()).toEqual([tx.gluten, tx.sesame]);
      await card.getByTestId('thumbnails').getByRole('img').waitFor();
      expect(await card.textContent()).not.toContain(tx.point.address);
      await expectNoAxeViolations(charityPage, `board with filters (${language})`);
    });

    it('claims it on the pickup view with the spec’s Submit Request', async () => {
      await foodCard(charityPage, foodId).getByRole('button', { name: food.name }).click();
      await charityPage.getByRole('heading', { name: tx.pickupHeading, level: 1 }).waitFor();
      await charityPage.getByTestId('countdown').filter({ hasText: tx.countdown }).waitFor();
      await charityPage.getByRole('button', { name: tx.submitRequest, exact: true }).click();
      await charityPage.getByText(tx.requestSent, { exact: true }).waitFor();
      expect(await stillSamePage(charityPage)).toBe(true);
    });

    it('opens the pickup details on Your Requests: address, map and call links, the code, serve-within', async () => {
      await showView(tx.requestsNav, tx.requestsHeading);
      const request = requestNamed(charityPage, food.name);
      await field(request, tx.status).filter({ hasText: new RegExp(`^${tx.state.pending}$`) }).waitFor();
      const details = request.getByTestId('pickup-details');
      await details.getByTestId('pickup-address').filter({ hasText: `${tx.point.address}, ${tx.point.area}, ${govName}` }).waitFor();
      await details.getByText(tx.point.landmark, { exact: true }).waitFor();
      await details.getByText(tx.point.notes, { exact: true }).waitFor();

      const call = details.getByTestId('pickup-call');
      expect(await call.getAttribute('href')).toBe(`tel:${phone.e164}`);
      expect(await call.textContent()).toBe(tx.call(tx.point.contact));
      const map = details.getByTestId('pickup-map');
      expect(await map.getAttribute('href')).toBe(mapUrl(position.latitude, position.longitude));
      expect(await map.getAttribute('target')).toBe('_blank');
      pickupCode = (await details.getByTestId('pickup-code').textContent()) ?? '';
      expect(pickupCode).toMatch(/^\d{4,6}$/);
      expect(await details.getByTestId('serve-within').textContent()).toBe(tx.serveWithin);
      await expectNoAxeViolations(charityPage, `pickup details (${language})`);
    });

    it('the donor enters the code on Donate: a wrong code changes nothing, the right one completes the donation', async () => {
      const card = foodCard(donorPage, foodId);
      await field(card, tx.status).filter({ hasText: new RegExp(`^${tx.state.claimed}$`) }).waitFor();
      // The donor's card opens the same pickup details, without the code only the charity holds.
      await card.getByTestId('donor-pickup-details-toggle').click();
      const details = card.getByTestId('pickup-details');
      await details.getByTestId('pickup-address').filter({ hasText: `${tx.point.address}, ${tx.point.area}, ${govName}` }).waitFor();
      expect(await details.getByTestId('pickup-call').getAttribute('href')).toBe(`tel:${phone.e164}`);
      expect(await details.getByTestId('pickup-code').count()).toBe(0);
      expect(await card.textContent()).not.toContain(pickupCode);

      const code = card.getByTestId('donate-code');
      const donate = async (typed: string) => {
        await code.fill(typed);
        await card.getByRole('button', { name: tx.donate, exact: true }).click();
        await donorPage.getByRole('dialog', { name: tx.confirmTitle(charityUser.name) }).getByRole('button', { name: tx.confirm, exact: true }).click();
      };

      const wrong = pickupCode.replace(/\d$/, (digit) => String((Number(digit) + 1) % 10));
      await donate(wrong);
      await card.getByTestId('donate-error').filter({ hasText: tx.wrongCode }).waitFor();
      expect(await field(card, tx.status).textContent()).toBe(tx.state.claimed);
      expect(await card.getByRole('button', { name: tx.donate, exact: true }).isEnabled()).toBe(true);
      const [item] = (await apiDonorFood(donor.token, donor.storage.userId)).filter((listed) => listed.id === foodId);
      expect({ status: item.status, request: item.request?.status }).toEqual({ status: 'claimed', request: 'pending' });

      await donate(pickupCode);
      await card.getByText(tx.completed, { exact: true }).waitFor();
      expect(await field(card, tx.status).textContent()).toBe(tx.state.fulfilled);
      expect(await card.getByTestId('donate-code').count()).toBe(0);
      expect(await card.getByTestId('donate-error').count()).toBe(0);
    });

    it('the charity reports what it received; the donor’s card shows it, neither page reloading', async () => {
      const request = requestNamed(charityPage, food.name);
      await field(request, tx.status).filter({ hasText: new RegExp(`^${tx.state.fulfilled}$`) }).waitFor();
      const form = request.getByTestId('received-form');
      await form.getByTestId('received-quantity').fill(tx.received.quantity);
      await form.getByTestId('received-weight').fill(tx.received.weight);
      await form.getByTestId('received-comment').fill(tx.food.comment);
      await form.getByTestId('received-submit').click();
      const summary = request.getByTestId('received-summary');
      await summary.getByText(tx.received.summary, { exact: true }).waitFor();
      expect(await form.count()).toBe(0);

      const shown = foodCard(donorPage, foodId).getByTestId('received-summary');
      await shown.getByText(tx.received.summary, { exact: true }).waitFor();
      await shown.getByText(tx.received.comment, { exact: true }).waitFor();
      expect(await stillSamePage(charityPage)).toBe(true);
    });

    it('a claimed listing whose window runs out comes back to the board by itself; its request reads not collected', async () => {
      await showView(tx.boardNav, tx.boardHeading);
      const card = foodCard(charityPage, lapsedId);
      // The window ends SHORT_WINDOW_MS after it was listed; the not-collected job then puts it back.
      await card.waitFor({ timeout: SHORT_WINDOW_MS + 30_000 });
      await field(card, tx.status).filter({ hasText: new RegExp(`^${tx.state.available}$`) }).waitFor();
      expect(await stillSamePage(charityPage)).toBe(true);

      await showView(tx.requestsNav, tx.requestsHeading);
      const request = requestNamed(charityPage, lapsed.name);
      await field(request, tx.status).filter({ hasText: new RegExp(`^${tx.state.notCollected}$`) }).waitFor();
      await request.getByText(tx.notCollectedNote, { exact: true }).waitFor();
      expect(await request.getByTestId('pickup-details').count()).toBe(0);
      expect(await stillSamePage(charityPage)).toBe(true);
    }, SHORT_WINDOW_MS + 60_000);
  });
});
