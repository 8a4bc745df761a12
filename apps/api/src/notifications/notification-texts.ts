import { governorateName, isCairoMidnight, PLATFORM_TIME_ZONE, type FoodUnit, type Language, type NotificationType } from '@food-link/contracts';

/** What a message states, gathered when it is sent. */
export interface MessageFacts {
  foodName?: string;
  /** The pickup point's area, and its governorate's code. */
  area?: string | null;
  governorate?: string | null;
  collectBy?: Date | null;
  pickupFrom?: Date | null;
  message?: string;
  /** A claim on a donor's food (donation.*): the charity, how much, its phone, what it received, whether the food is back on offer. */
  charityName?: string;
  quantity?: number;
  unit?: FoodUnit;
  phone?: string | null;
  receivedQuantity?: number | null;
  relisted?: boolean;
  /** A standing collection's day (standing.skipped): the donor, and the day's Cairo date (YYYY-MM-DD). */
  donorName?: string;
  date?: string;
  /** Absolute link into the web app. */
  url: string;
}

/** A notification in words: the title (e-mail subject, push title), the body lines, and the link. */
export interface MessageText {
  title: string;
  lines: string[];
  url: string;
}

const LOCALES: Record<Language, string> = { en: 'en-GB', ar: 'ar-EG' };

const MIDNIGHT: Record<Language, string> = { en: 'midnight', ar: 'منتصف الليل' };

/**
 * A moment as Cairo reads it, in the reader's language: "Thu 15 Jan, 14:30"; the end of a day is that
 * day's midnight ("Fri 27 Nov, midnight"), not the next day's "00:00".
 */
export function cairoTime(at: Date, language: Language): string {
  if (isCairoMidnight(at)) {
    const day = new Intl.DateTimeFormat(LOCALES[language], { timeZone: PLATFORM_TIME_ZONE, weekday: 'short', day: 'numeric', month: 'short' }).format(
      new Date(at.getTime() - 60_000),
    );
    return `${day}${language === 'ar' ? '، ' : ', '}${MIDNIGHT[language]}`;
  }
  return new Intl.DateTimeFormat(LOCALES[language], {
    timeZone: PLATFORM_TIME_ZONE,
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(at);
}

function place(facts: MessageFacts, language: Language): string | null {
  const governorate = facts.governorate ? governorateName(facts.governorate, language) : null;
  const parts = [facts.area, governorate].filter((part): part is string => Boolean(part));
  return parts.length > 0 ? parts.join(language === 'ar' ? '، ' : ', ') : null;
}

type Template = (facts: MessageFacts, language: Language) => Omit<MessageText, 'url'>;

const UNITS: Record<Language, Record<FoodUnit, [one: string, many: string]>> = {
  en: { portion: ['portion', 'portions'], kg: ['kg', 'kg'], item: ['item', 'items'], tray: ['tray', 'trays'] },
  ar: { portion: ['وجبة', 'وجبات'], kg: ['كجم', 'كجم'], item: ['قطعة', 'قطع'], tray: ['صينية', 'صواني'] },
};

/** "40 portions", "٤٠ وجبات": a number in the reader's digits, with its unit. */
export function amount(quantity: number | null | undefined, unit: FoodUnit | undefined, language: Language): string | null {
  if (quantity === null || quantity === undefined) return null;
  const number = new Intl.NumberFormat(LOCALES[language]).format(quantity);
  const [one, many] = UNITS[language][unit ?? 'portion'];
  return `${number} ${quantity === 1 ? one : many}`;
}

/** A phone number kept left to right inside Arabic text. */
const phoneIn = (phone: string, language: Language) => (language === 'ar' ? `\u2066${phone}\u2069` : phone);

const when = (at: Date | null | undefined, language: Language) => (at ? cairoTime(at, language) : null);

/** A time of day as Cairo reads it ("21:30"), for the end of a window whose start names the day. */
const clock = (at: Date | null | undefined, language: Language) =>
  at ? new Intl.DateTimeFormat(LOCALES[language], { timeZone: PLATFORM_TIME_ZONE, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(at) : null;

/** A Cairo date (YYYY-MM-DD) as its reader reads it: "Sat 29 Nov". */
const day = (date: string | undefined, language: Language) =>
  date ? new Intl.DateTimeFormat(LOCALES[language], { timeZone: 'UTC', weekday: 'short', day: 'numeric', month: 'short' }).format(new Date(`${date}T12:00:00Z`)) : null;

/** Each type's words in English and Arabic. Lines that would say nothing (no area, say) are left out. */
const TEMPLATES: Record<Language, Record<NotificationType, Template>> = {
  en: {
    'food.matched': (f, l) => ({
      title: `New food near you: ${f.foodName}`,
      lines: [
        `${f.foodName} is on Food Link and fits what your charity takes.`,
        place(f, l) && `Where: ${place(f, l)}`,
        when(f.collectBy, l) && `Collect by: ${when(f.collectBy, l)} (Cairo time)`,
        'Claim it before someone else does:',
      ].filter(Boolean) as string[],
    }),
    'food.offered': (f, l) => ({
      title: `Offered to you first: ${f.foodName}`,
      lines: [
        `A donor who works with your charity offers you ${f.foodName} before anyone else.`,
        place(f, l) && `Where: ${place(f, l)}`,
        when(f.collectBy, l) && `Collect by: ${when(f.collectBy, l)} (Cairo time)`,
        'Claim it now:',
      ].filter(Boolean) as string[],
    }),
    'pickup.soon': (f, l) => ({
      title: `Pickup soon: ${f.foodName}`,
      lines: [
        `Your pickup of ${f.foodName} opens at ${when(f.pickupFrom, l) ?? '—'} (Cairo time).`,
        place(f, l) && `Where: ${place(f, l)}`,
        when(f.collectBy, l) && `Collect by: ${when(f.collectBy, l)}`,
        'Pickup details and your code:',
      ].filter(Boolean) as string[],
    }),
    'pickup.ended': (f) => ({
      title: `Was it collected? ${f.foodName}`,
      lines: [
        `The pickup window for ${f.foodName} has ended and the request is still open.`,
        'If the charity collected it, press Donate; if nobody came, mark it not collected:',
      ],
    }),
    'account.news': (f) => ({ title: 'News about your Food Link account', lines: [f.message ?? '', 'Open Food Link:'].filter(Boolean) }),
    'donation.claimed': (f, l) => ({
      title: `Claimed: ${f.foodName}`,
      lines: [
        `${f.charityName} claimed ${amount(f.quantity, f.unit, l) ?? 'your food'} of ${f.foodName}.`,
        f.phone ? `Their phone: ${f.phone}` : 'They have not given a phone.',
        'The claim and the pickup code check:',
      ],
    }),
    'donation.cancelled': (f) => ({
      title: `Claim cancelled: ${f.foodName}`,
      lines: [
        `${f.charityName} cancelled its claim on ${f.foodName}.`,
        f.relisted === false ? 'Its safe time has passed, so it has expired.' : 'It is on offer again for other charities.',
        'Your donation:',
      ],
    }),
    'donation.not_collected': (f) => ({
      title: `Not collected: ${f.foodName}`,
      lines: [
        `${f.charityName} did not collect ${f.foodName}.`,
        f.relisted ? 'It is back on the board for other charities.' : 'Too little safe time was left, so it has expired.',
        'Your donation:',
      ],
    }),
    'donation.received': (f, l) => ({
      title: `Received: ${f.foodName}`,
      lines: [
        f.receivedQuantity === null || f.receivedQuantity === undefined
          ? `${f.charityName} reported what it received of ${f.foodName}.`
          : `${f.charityName} received ${amount(f.receivedQuantity, f.unit, l)} of ${f.foodName}. Thank you!`,
        'The full report:',
      ],
    }),
    'schedule.reminder': (f, l) => ({
      title: `Standing collection soon: ${f.foodName}`,
      lines: [
        `${amount(f.quantity, f.unit, l) ?? 'Your food'} of ${f.foodName}, collected ${when(f.pickupFrom, l) ?? '—'} to ${clock(f.collectBy, l) ?? '—'} (Cairo time).`,
        f.charityName ? `${f.charityName} confirmed it is coming.` : 'No charity has confirmed yet.',
        'Nothing to give today? Press "Nothing today" on your schedules:',
      ],
    }),
    'standing.skipped': (f, l) => ({
      title: `Not today: ${f.foodName}`,
      lines: [
        `${f.donorName ?? 'The donor'} has nothing on ${day(f.date, l) ?? 'that day'}: the collection of ${f.foodName} you confirmed is off, and your claim has ended.`,
        'Your week:',
      ],
    }),
  },
  ar: {
    'food.matched': (f, l) => ({
      title: `طعام جديد بالقرب منك: ${f.foodName}`,
      lines: [
        `${f.foodName} متاح الآن على فود لينك ويناسب ما تستقبله جمعيتكم.`,
        place(f, l) && `المكان: ${place(f, l)}`,
        when(f.collectBy, l) && `الاستلام قبل: ${when(f.collectBy, l)} (بتوقيت القاهرة)`,
        'احجزه قبل غيرك:',
      ].filter(Boolean) as string[],
    }),
    'food.offered': (f, l) => ({
      title: `معروض عليكم أولاً: ${f.foodName}`,
      lines: [
        `متبرع يتعاون مع جمعيتكم يعرض عليكم ${f.foodName} قبل أي أحد آخر.`,
        place(f, l) && `المكان: ${place(f, l)}`,
        when(f.collectBy, l) && `الاستلام قبل: ${when(f.collectBy, l)} (بتوقيت القاهرة)`,
        'احجزه الآن:',
      ].filter(Boolean) as string[],
    }),
    'pickup.soon': (f, l) => ({
      title: `موعد الاستلام قريب: ${f.foodName}`,
      lines: [
        `يبدأ موعد استلام ${f.foodName} في ${when(f.pickupFrom, l) ?? '—'} (بتوقيت القاهرة).`,
        place(f, l) && `المكان: ${place(f, l)}`,
        when(f.collectBy, l) && `الاستلام قبل: ${when(f.collectBy, l)}`,
        'تفاصيل الاستلام والرمز:',
      ].filter(Boolean) as string[],
    }),
    'pickup.ended': (f) => ({
      title: `هل تم الاستلام؟ ${f.foodName}`,
      lines: [
        `انتهى موعد استلام ${f.foodName} وما زال الطلب مفتوحاً.`,
        'إذا استلمته الجمعية اضغط «تبرّع»، وإذا لم يحضر أحد سجّل أنه لم يُستلم:',
      ],
    }),
    'account.news': (f) => ({ title: 'أخبار عن حسابك في فود لينك', lines: [f.message ?? '', 'افتح فود لينك:'].filter(Boolean) }),
    'donation.claimed': (f, l) => ({
      title: `تم حجز: ${f.foodName}`,
      lines: [
        `حجزت ${f.charityName} ${amount(f.quantity, f.unit, l) ?? 'طعامك'} من ${f.foodName}.`,
        f.phone ? `هاتفها: ${phoneIn(f.phone, l)}` : 'لم تترك الجمعية رقم هاتف.',
        'الحجز والتحقق من رمز الاستلام:',
      ],
    }),
    'donation.cancelled': (f) => ({
      title: `أُلغي الحجز: ${f.foodName}`,
      lines: [
        `ألغت ${f.charityName} حجزها لـ${f.foodName}.`,
        f.relisted === false ? 'انتهت مدة صلاحيته الآمنة فانتهى عرضه.' : 'أصبح معروضاً من جديد للجمعيات الأخرى.',
        'تبرعك:',
      ],
    }),
    'donation.not_collected': (f) => ({
      title: `لم يُستلم: ${f.foodName}`,
      lines: [
        `لم تستلم ${f.charityName} ${f.foodName}.`,
        f.relisted ? 'عاد معروضاً للجمعيات الأخرى.' : 'لم يبق من مدة صلاحيته الآمنة ما يكفي فانتهى عرضه.',
        'تبرعك:',
      ],
    }),
    'donation.received': (f, l) => ({
      title: `تم الاستلام: ${f.foodName}`,
      lines: [
        f.receivedQuantity === null || f.receivedQuantity === undefined
          ? `أبلغت ${f.charityName} بما استلمته من ${f.foodName}.`
          : `استلمت ${f.charityName} ${amount(f.receivedQuantity, f.unit, l)} من ${f.foodName}. شكراً لك!`,
        'التقرير كاملاً:',
      ],
    }),
    'schedule.reminder': (f, l) => ({
      title: `موعد استلام دائم قريب: ${f.foodName}`,
      lines: [
        `${amount(f.quantity, f.unit, l) ?? 'طعامك'} من ${f.foodName}، يُستلم ${when(f.pickupFrom, l) ?? '—'} إلى ${clock(f.collectBy, l) ?? '—'} (بتوقيت القاهرة).`,
        f.charityName ? `أكدت ${f.charityName} أنها قادمة.` : 'لم تؤكد أي جمعية حضورها بعد.',
        'ليس لديكم شيء اليوم؟ اضغطوا «لا شيء اليوم» في مواعيدك الدائمة:',
      ],
    }),
    'standing.skipped': (f, l) => ({
      title: `لا استلام هذه المرة: ${f.foodName}`,
      lines: [
        `ليس لدى ${f.donorName ?? 'المتبرع'} شيء يوم ${day(f.date, l) ?? 'الموعد'}: أُلغي استلام ${f.foodName} الذي أكدتموه، وانتهى حجزكم.`,
        'أسبوعكم:',
      ],
    }),
  },
};

export function messageText(type: NotificationType, language: Language, facts: MessageFacts): MessageText {
  return { ...TEMPLATES[language][type](facts, language), url: facts.url };
}

/**
 * A message as WhatsApp or SMS carries it: the title, the lines and the link, one line each (an SMS is cut
 * to 3 segments by the messaging channel).
 */
export function phoneTextOf(message: MessageText): string {
  return [message.title, ...message.lines, message.url].join('\n');
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char] as string);

/** The e-mail of a message: plain text (every client shows it) and HTML in the language's direction. */
export function emailOf(message: MessageText, language: Language): { subject: string; text: string; html: string } {
  const dir = language === 'ar' ? 'rtl' : 'ltr';
  const footer =
    language === 'ar'
      ? 'يمكنك اختيار ما يصلك وكيف من إعدادات التنبيهات في فود لينك.'
      : 'You can choose what reaches you, and how, in your Food Link notification settings.';
  const text = [...message.lines, message.url, '', footer].join('\n');
  const paragraphs = message.lines.map((line) => `<p>${escapeHtml(line)}</p>`).join('\n');
  const html = `<!doctype html>
<html lang="${language}" dir="${dir}"><body style="font-family: sans-serif">
${paragraphs}
<p><a href="${escapeHtml(message.url)}">${escapeHtml(message.url)}</a></p>
<p style="color: #666; font-size: 12px">${escapeHtml(footer)}</p>
</body></html>`;
  return { subject: message.title, text, html };
}
