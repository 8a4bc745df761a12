import type { ClaimCancelCause, ModerationAction } from '@food-link/contracts';

/** Each action in words, English then Arabic (the notification's one free-text line reaches either reader). */
const NEWS: { readonly [A in ModerationAction]: { en: string; ar: string } } = {
  hide: { en: 'An operator hid one of your listings from the board', ar: 'أخفى أحد المشرفين أحد تبرعاتكم من اللوحة' },
  unhide: { en: 'An operator put your hidden listing back', ar: 'أعاد أحد المشرفين تبرعكم المخفي' },
  suspend_account: { en: 'Your account is suspended by an operator', ar: 'تم إيقاف حسابكم من قبل أحد المشرفين' },
  reinstate_account: { en: 'Your account is reinstated; you may sign in again', ar: 'تمت إعادة تفعيل حسابكم ويمكنكم تسجيل الدخول مرة أخرى' },
};

/** The `account.moderation` notification's message: what happened, which listing and why. */
export function moderationNews(action: ModerationAction, reason: string | null, foodId: number | null): string {
  const { en, ar } = NEWS[action];
  const item = foodId === null ? '' : ` (#${foodId})`;
  const why = reason ? `: ${reason}` : '';
  return `${en}${item}${why}. — ${ar}${item}${why}.`;
}

/**
 * A claim cancelled by an operator's suspension, in words for the party that did not cause it (English then
 * Arabic): the donor, when the charity was suspended; the charity, when the donor was. The operator's reason
 * stays with the suspended account.
 */
const CANCELLED: { readonly [C in ClaimCancelCause]: (food: string) => { en: string; ar: string } } = {
  charity_suspended: (food) => ({
    en: `The claim on your listing ${food} was cancelled because the charity's account was suspended by an operator; the food is back on the board if it is still safe`,
    ar: `أُلغي حجز تبرعكم ${food} لأن أحد المشرفين أوقف حساب الجمعية؛ ويعود التبرع إلى اللوحة إذا كان لا يزال صالحاً`,
  }),
  donor_suspended: (food) => ({
    en: `Your claim on ${food} was cancelled because the donor's account was suspended by an operator; do not go to collect it`,
    ar: `أُلغي حجزكم للتبرع ${food} لأن أحد المشرفين أوقف حساب المتبرع؛ يُرجى عدم الذهاب لاستلامه`,
  }),
};

/** The notice of a claim cancelled by a suspension: which food (name and listing number) and why. */
export function claimCancelledNews(cause: ClaimCancelCause, foodName: string, foodId: number): string {
  const { en, ar } = CANCELLED[cause](`"${foodName}" (#${foodId})`);
  return `${en}. — ${ar}.`;
}
