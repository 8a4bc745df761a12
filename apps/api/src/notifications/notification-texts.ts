import { governorateName, isCairoMidnight, PLATFORM_TIME_ZONE, type Language, type NotificationType } from '@food-link/contracts';

/** What a message states, gathered when it is sent. */
export interface MessageFacts {
  foodName?: string;
  /** The pickup point's area, and its governorate's code. */
  area?: string | null;
  governorate?: string | null;
  collectBy?: Date | null;
  pickupFrom?: Date | null;
  message?: string;
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

const when = (at: Date | null | undefined, language: Language) => (at ? cairoTime(at, language) : null);

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
  },
};

export function messageText(type: NotificationType, language: Language, facts: MessageFacts): MessageText {
  return { ...TEMPLATES[language][type](facts, language), url: facts.url };
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
