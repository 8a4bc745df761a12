import { AUDIT_ACTIONS, CLAIM_CANCEL_CAUSES, HANDOVER_NEWS, MODERATION_ACTIONS, type NotificationView } from '@food-link/contracts';
import i18next from 'i18next';
import { notificationText } from './notification-text';

const news = (data: NotificationView['data']): NotificationView => ({
  id: '4b9c1c4e-0f5e-4a35-9a53-2f1c2d7a6e10',
  type: 'account.news',
  created_at: '2026-11-27T10:00:00.000Z',
  read_at: null,
  data,
});

// The server's line, both languages glued, as it still sends it for older clients.
const glued = 'An operator hid one of your listings from the board (#67): Wrong photo. — أخفى أحد المشرفين أحد تبرعاتكم من اللوحة (#67): Wrong photo.';
const hidden = news({ message: glued, action: 'hide', reason: 'Wrong photo', foodId: 67 });
const LRI = '\u2066';
const FSI = '\u2068';
const PDI = '\u2069';
const arabicLetters = /[\u0600-\u06ff]/;
const latinLetters = /[A-Za-z]/;

describe('account news in the reader’s language', () => {
  afterEach(async () => {
    await i18next.changeLanguage('en');
  });

  it('is English only for an English reader, the listing number and the reason isolated', () => {
    const text = notificationText(i18next.t, hidden);
    expect(text).toBe(`An operator hid your listing ${LRI}#67${PDI} from the board. Reason: ${FSI}Wrong photo${PDI}`);
    expect(text).not.toMatch(arabicLetters);
  });

  it('is Arabic only for an Arabic reader, with #٦٧ kept left to right', async () => {
    await i18next.changeLanguage('ar');
    const text = notificationText(i18next.t, hidden);
    expect(text).toBe(`أخفى أحد المشرفين تبرعكم ${LRI}#٦٧${PDI} من اللوحة. السبب: ${FSI}Wrong photo${PDI}`);
    // Nothing Latin outside the operator's own words.
    expect(text.replace(`${FSI}Wrong photo${PDI}`, '')).not.toMatch(latinLetters);
  });

  it('words a verification decision and a claim cancelled by a suspension in Arabic digits', async () => {
    await i18next.changeLanguage('ar');
    expect(notificationText(i18next.t, news({ action: 'verify' }))).toBe('تم توثيق جمعيتكم: يمكنكم الآن حجز حتى ٥ تبرعات واختياركم شريكًا.');
    expect(notificationText(i18next.t, news({ cause: 'donor_suspended', foodId: 12, foodName: 'Koshari', requestId: 3 }))).toBe(
      `أُلغي حجزكم للتبرع «${FSI}Koshari${PDI}» (${LRI}#١٢${PDI}) لأن أحد المشرفين أوقف حساب المتبرع؛ يُرجى عدم الذهاب لاستلامه.`,
    );
  });

  it('words a locked pickup code and an overturned no-show in each language, and has a text for every kind of account news', async () => {
    const locked = news({ action: 'code_locked', foodId: 67, message: 'glued English — العربية' });
    expect(notificationText(i18next.t, locked)).toMatch(new RegExp(`^5 wrong pickup codes were entered for the claim on your listing ${LRI}#67${PDI}`));
    expect(notificationText(i18next.t, news({ action: 'overturn_no_show' }))).toMatch(/^An operator overturned a no-show/);
    await i18next.changeLanguage('ar');
    expect(notificationText(i18next.t, locked)).toMatch(new RegExp(`^أُدخل ٥ رموز استلام خاطئة لحجز تبرعكم ${LRI}#٦٧${PDI}`));
    expect(notificationText(i18next.t, locked)).not.toMatch(latinLetters);
    for (const language of ['en', 'ar']) {
      await i18next.changeLanguage(language);
      for (const action of [...AUDIT_ACTIONS, ...MODERATION_ACTIONS, ...HANDOVER_NEWS, ...CLAIM_CANCEL_CAUSES]) {
        expect(i18next.exists(`messages:news.${action}`)).toBe(true);
      }
    }
  });

  it('keeps the server’s line for news sent before the parts were', () => {
    expect(notificationText(i18next.t, news({ message: 'Your charity was verified' }))).toBe('Your charity was verified');
  });
});

describe("a donor's news of its donation", () => {
  afterEach(async () => {
    await i18next.changeLanguage('en');
  });
  const claimed: NotificationView = {
    ...news({ foodId: 12, requestId: 3, foodName: 'Baladi bread', charityName: 'Masr El Kheir', quantity: 40, unit: 'portion', phone: '+201012345678' }),
    type: 'donation.claimed',
  };

  it('names the charity (isolated) and the food, in either language', async () => {
    expect(notificationText(i18next.t, claimed)).toBe(`${FSI}Masr El Kheir${PDI} claimed Baladi bread`);
    expect(notificationText(i18next.t, { ...claimed, type: 'donation.received' })).toBe(`${FSI}Masr El Kheir${PDI} reported what it received of Baladi bread`);
    await i18next.changeLanguage('ar');
    expect(notificationText(i18next.t, claimed)).toBe(`حجزت ${FSI}Masr El Kheir${PDI} «Baladi bread»`);
  });

  it('says "A charity" when the name is not known', () => {
    expect(notificationText(i18next.t, { ...claimed, type: 'donation.cancelled', data: { foodId: 12, foodName: 'Baladi bread' } })).toBe(
      'A charity cancelled its claim on Baladi bread',
    );
  });
});

describe("a donor's reminder of a standing collection", () => {
  afterEach(async () => {
    await i18next.changeLanguage('en');
  });
  const reminder: NotificationView = {
    ...news({ scheduleId: 3, date: '2026-12-01', foodName: 'Baladi bread', quantity: 40, unit: 'portion' }),
    type: 'schedule.reminder',
  };

  it('names the food and points at Nothing today, in either language', async () => {
    expect(notificationText(i18next.t, reminder)).toBe('Standing collection soon: Baladi bread. Nothing today? Say so on your schedules.');
    await i18next.changeLanguage('ar');
    expect(notificationText(i18next.t, reminder)).toBe('موعد استلام دائم قريب: «Baladi bread». لا شيء اليوم؟ أخبرنا في مواعيدك الدائمة.');
  });
});

describe("a standing charity's news of a day its donor skipped", () => {
  afterEach(async () => {
    await i18next.changeLanguage('en');
  });
  const skipped: NotificationView = { ...news({ scheduleId: 3, date: '2026-12-01', foodName: 'Baladi bread', donorName: 'Zamalek Bakery' }), type: 'standing.skipped' };

  it('names the donor (isolated) and the food, in either language', async () => {
    expect(notificationText(i18next.t, skipped)).toBe(`${FSI}Zamalek Bakery${PDI} has nothing that day: the collection of Baladi bread you confirmed is off`);
    await i18next.changeLanguage('ar');
    expect(notificationText(i18next.t, skipped)).toBe(`ليس لدى ${FSI}Zamalek Bakery${PDI} شيء في ذلك اليوم: أُلغي استلام «Baladi bread» الذي أكدتموه`);
  });
});
