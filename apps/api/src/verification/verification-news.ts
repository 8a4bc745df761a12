import { NO_SHOW_SUSPENSION, type AuditAction, type VerificationView } from '@food-link/contracts';

/** Each decision in words, English then Arabic (the notification's one free-text line reaches either reader). */
const NEWS: { readonly [A in AuditAction]: { en: string; ar: string } } = {
  submit: { en: 'Your verification was submitted.', ar: 'تم إرسال طلب توثيق جمعيتكم.' },
  verify: { en: 'Your charity is verified: you may now hold up to 5 claims and be chosen as a partner.', ar: 'تم توثيق جمعيتكم: يمكنكم الآن حجز حتى 5 تبرعات واختياركم شريكًا.' },
  reject: { en: 'Your verification was not accepted. Correct it and submit again.', ar: 'لم يُقبل طلب التوثيق. صححوا البيانات وأرسلوها مرة أخرى.' },
  suspend: { en: 'Your charity is suspended and cannot claim food.', ar: 'تم إيقاف جمعيتكم مؤقتًا ولا يمكنها حجز الطعام.' },
  reinstate: { en: 'Your charity is reinstated and may claim food again.', ar: 'تمت إعادة تفعيل جمعيتكم ويمكنها حجز الطعام مرة أخرى.' },
  auto_suspend: {
    en: `Claiming is suspended for ${NO_SHOW_SUSPENSION.suspendDays} days after ${NO_SHOW_SUSPENSION.noShows} no-shows in ${NO_SHOW_SUSPENSION.withinDays} days, until an operator reviews it.`,
    ar: `تم إيقاف الحجز لمدة ${NO_SHOW_SUSPENSION.suspendDays} أيام بعد ${NO_SHOW_SUSPENSION.noShows} مرات عدم حضور خلال ${NO_SHOW_SUSPENSION.withinDays} يومًا، حتى يراجعه أحد المشرفين.`,
  },
  overturn_no_show: {
    en: 'An operator overturned one of your no-shows: it no longer counts against you.',
    ar: 'ألغى أحد المشرفين إحدى حالات عدم الحضور المسجلة عليكم: لم تعد تُحسب ضدكم.',
  },
};

/** The operator's reason a decision's news gives: a rejection's or a suspension's; null for the others. */
export function newsReason(action: AuditAction, verification: VerificationView): string | null {
  return verification.reason && (action === 'reject' || action === 'suspend') ? verification.reason : null;
}

/** The `account.news` message of a verification event: what happened and, when given, why. */
export function verificationNews(action: AuditAction, verification: VerificationView): string {
  const { en, ar } = NEWS[action];
  const why = newsReason(action, verification);
  const reason = why ? ` (${why})` : '';
  return `${en}${reason} — ${ar}${reason}`;
}
