import { PHONE_CODE, type Language } from '@food-link/contracts';

/*
 * What the channels say, in the user's language. Phone codes go by WhatsApp as Meta's authentication
 * template (its text is Meta's, in the template's language; the code is its parameter and its copy button's)
 * and by SMS as the text below.
 */

export function phoneCodeText(code: string, language: Language): string {
  return language === 'ar'
    ? `رمز التحقق من Food Link: ${code}. صالح لمدة ${PHONE_CODE.minutes} دقائق. لا تشاركه مع أحد.`
    : `Your Food Link code is ${code}. It works for ${PHONE_CODE.minutes} minutes. Do not share it.`;
}

/** Meta's language codes of our templates. */
export function templateLanguage(language: Language): string {
  return language === 'ar' ? 'ar' : 'en';
}

/** GSM 03.38's basic character set and its extension table (each extension character takes two septets). */
const GSM_BASIC = '@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà';
const GSM_EXTENDED = '^{}\\[~]|€\f';

/** SMS segments a text takes: GSM-7 160 (153 per part when split), otherwise UCS-2 70 (67 per part). */
export function smsSegments(text: string): { encoding: 'GSM-7' | 'UCS-2'; units: number; segments: number } {
  const chars = [...text];
  const gsm = chars.every((char) => GSM_BASIC.includes(char) || GSM_EXTENDED.includes(char));
  if (gsm) {
    const units = chars.reduce((sum, char) => sum + (GSM_EXTENDED.includes(char) ? 2 : 1), 0);
    return { encoding: 'GSM-7', units, segments: units <= 160 ? 1 : Math.ceil(units / 153) };
  }
  // UCS-2 counts UTF-16 code units (an emoji outside the BMP takes two).
  const units = text.length;
  return { encoding: 'UCS-2', units, segments: units <= 70 ? 1 : Math.ceil(units / 67) };
}

/** The text cut (with an ellipsis) to fit `maxSegments` SMS segments; unchanged when it fits. */
export function fitSms(text: string, maxSegments = 3): string {
  if (smsSegments(text).segments <= maxSegments) return text;
  const chars = [...text];
  let end = chars.length;
  while (end > 0 && smsSegments(`${chars.slice(0, end).join('')}…`).segments > maxSegments) end -= 1;
  return `${chars.slice(0, end).join('').trimEnd()}…`;
}

/** Arabic-Indic digits for an Arabic reader (a pickup code, a count). */
const digitsFor = (text: string, language: Language) => (language === 'ar' ? text.replace(/\d/g, (d) => '٠١٢٣٤٥٦٧٨٩'[Number(d)]) : text);

/** The Claim button's title (WhatsApp: at most 20 characters). */
export function claimButtonTitle(language: Language): string {
  return language === 'ar' ? 'احجز' : 'Claim';
}

/** The titles of a standing collection's day's two buttons (WhatsApp: at most 20 characters each). */
export function standingButtonTitles(language: Language): { confirm: string; decline: string } {
  return language === 'ar' ? { confirm: 'تأكيد', decline: 'لا نستطيع الحضور' } : { confirm: 'Confirm', decline: "Can't come" };
}

/** The line an SMS offering a standing collection's day starts with. */
export function smsStandingHint(language: Language): string {
  return language === 'ar' ? 'للتأكيد أرسل ١، وإن لم تستطيعوا الحضور أرسل ٢.' : "Reply 1 to confirm, 2 if you can't come.";
}

/** The answer to a Can't come: the next charity is asked, or why not. */
export function declineAnswerText(answer: { outcome: 'declined' } | { outcome: 'refused'; reason: string }, language: Language): string {
  if (answer.outcome === 'refused') return language === 'ar' ? `تعذّر ذلك: ${answer.reason}` : `That could not be done: ${answer.reason}`;
  return language === 'ar' ? 'شكراً لإخبارنا. سنسأل الجمعية التالية.' : 'Thank you for telling us. The next charity is asked.';
}

/** The donor's Nothing today button of a standing collection's reminder (WhatsApp: at most 20 characters). */
export function skipButtonTitle(language: Language): string {
  return language === 'ar' ? 'لا شيء اليوم' : 'Nothing today';
}

/** The line an SMS reminding a donor of a standing collection's day starts with. */
export function smsSkipHint(language: Language): string {
  return language === 'ar' ? 'إن لم يكن لديكم شيء اليوم أرسلوا ١.' : 'Reply 1 if there is nothing today.';
}

/** The answer to a Nothing today: the day is off (its listing withdrawn, its charity told), or why not. */
export function skipAnswerText(answer: { outcome: 'skipped' } | { outcome: 'refused'; reason: string }, language: Language): string {
  if (answer.outcome === 'refused') return language === 'ar' ? `تعذّر ذلك: ${answer.reason}` : `That could not be done: ${answer.reason}`;
  return language === 'ar' ? 'تم: لا شيء اليوم. ألغينا هذا اليوم وأخبرنا الجمعية.' : 'Done: nothing today. The day is off, and the charity is told.';
}

/** A volunteer's buttons: Accept of a transport offer, On my way of the pickup they took (WhatsApp: at most 20 characters). */
export function pickupButtonTitle(action: 'accept' | 'going', language: Language): string {
  if (action === 'accept') return language === 'ar' ? 'أقبل' : 'Accept';
  return language === 'ar' ? 'في الطريق' : 'On my way';
}

/** The line an SMS with a volunteer's button starts with. */
export function smsPickupHint(action: 'accept' | 'going', language: Language): string {
  if (action === 'accept') return language === 'ar' ? 'للقبول أرسل ١.' : 'Reply 1 to accept.';
  return language === 'ar' ? 'عندما تنطلق أرسل ١.' : 'Reply 1 when you set off.';
}

/** The answer to a volunteer's Accept: the pickup code and where (with On my way), or why not. */
export function acceptAnswerText(
  answer: { outcome: 'accepted'; foodName: string; pickupCode: string; address: string | null } | { outcome: 'taken' } | { outcome: 'refused'; reason: string },
  language: Language,
): string {
  if (answer.outcome === 'taken') return language === 'ar' ? 'عذراً، لم يعد هذا الاستلام معروضاً: أخذه متطوع آخر أو انتهى العرض.' : 'Sorry, this pickup is no longer on offer: another volunteer took it, or the offer ended.';
  if (answer.outcome === 'refused') return language === 'ar' ? `تعذّر القبول: ${answer.reason}` : `It could not be accepted: ${answer.reason}`;
  const code = digitsFor(answer.pickupCode, language);
  const lines =
    language === 'ar'
      ? [`استلام ${answer.foodName} لك.`, `رمز الاستلام: ${code}`, answer.address && `العنوان: ${answer.address}`]
      : [`The pickup of ${answer.foodName} is yours.`, `Pickup code: ${code}`, answer.address && `Address: ${answer.address}`];
  return lines.filter(Boolean).join('\n');
}

/** The answer to a volunteer's On my way: the donor is told, or why not. */
export function goingAnswerText(answer: { outcome: 'going'; foodName: string } | { outcome: 'refused'; reason: string }, language: Language, etaMinutes: number): string {
  if (answer.outcome === 'refused') return language === 'ar' ? `تعذّر ذلك: ${answer.reason}` : `That could not be done: ${answer.reason}`;
  return language === 'ar'
    ? `أخبرنا المتبرع أنك في الطريق لاستلام ${answer.foodName} (خلال ${digitsFor(String(etaMinutes), language)} دقيقة تقريباً).`
    : `The donor is told you are on your way to collect ${answer.foodName} (in about ${etaMinutes} minutes).`;
}

/** The line an SMS about new food starts with: a number is its reply. */
export function smsClaimHint(language: Language): string {
  return language === 'ar' ? 'للحجز أرسل ١.' : 'Reply 1 to claim.';
}

/** The answer to a claim by reply: the pickup code and where, or why not. */
export function claimAnswerText(
  answer: { outcome: 'claimed'; foodName: string; pickupCode: string | null; address: string | null } | { outcome: 'taken' } | { outcome: 'refused'; reason: string },
  language: Language,
): string {
  if (answer.outcome === 'taken') return language === 'ar' ? 'عذراً، حجزته جمعية أخرى بالفعل.' : 'Sorry, it was already claimed.';
  if (answer.outcome === 'refused') return language === 'ar' ? `تعذّر الحجز: ${answer.reason}` : `It could not be claimed: ${answer.reason}`;
  const code = answer.pickupCode ? digitsFor(answer.pickupCode, language) : null;
  const lines =
    language === 'ar'
      ? [`تم حجز ${answer.foodName} لكم.`, code && `رمز الاستلام: ${code}`, answer.address && `العنوان: ${answer.address}`]
      : [`${answer.foodName} is yours.`, code && `Pickup code: ${code}`, answer.address && `Address: ${answer.address}`];
  return lines.filter(Boolean).join('\n');
}

/** The answer to any other text. */
export function helpText(language: Language): string {
  return language === 'ar'
    ? 'فود لينك: للحجز اضغط «احجز» في رسالة الطعام (أو أرسل ١ في الرسائل النصية). لإيقاف الرسائل أرسل STOP.'
    : 'Food Link: to claim, press Claim on a food message (or send 1 by SMS). To stop messages, send STOP.';
}
