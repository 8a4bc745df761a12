import type { ModerationAction } from '@food-link/contracts';

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
