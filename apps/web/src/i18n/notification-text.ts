import { LIMITS, NO_SHOW_SUSPENSION, type NotificationView } from '@food-link/contracts';
import i18next, { type TFunction } from 'i18next';
import { formatNumber } from '../i18n/format';

/** Bidi isolates: a person's words (first strong letter decides), a `#67` kept left to right. */
const isolate = (text: string) => `\u2068${text}\u2069`;
const leftToRight = (text: string) => `\u2066${text}\u2069`;

/**
 * Account news worded from its parts, in the reader's language only: the listing's number kept whole
 * (`#67`, never `67#`) and the operator's reason isolated, whatever its language. Null for news from
 * before the parts were sent, which has only the server's line.
 */
function accountNews(t: TFunction, data: NotificationView['data']): string | null {
  const key = data.cause ?? data.action;
  if (!key) return null;
  const number = (value: number) => formatNumber(value, i18next.language);
  const item = data.foodId === undefined ? '' : leftToRight(`#${number(data.foodId)}`);
  const sentence = t(`messages:news.${key}`, {
    item,
    name: isolate(data.foodName ?? t('common:notifications.someFood')),
    limit: number(LIMITS.activeClaimsMax),
    tries: number(LIMITS.pickupCodeTries),
    suspendDays: number(NO_SHOW_SUSPENSION.suspendDays),
    noShows: number(NO_SHOW_SUSPENSION.noShows),
    withinDays: number(NO_SHOW_SUSPENSION.withinDays),
    interpolation: { escapeValue: false },
  }).replace(/\s+([.;:])/g, '$1');
  return data.reason ? `${sentence} ${t('messages:news.reason', { reason: isolate(data.reason), interpolation: { escapeValue: false } })}` : sentence;
}

/**
 * What a notification says in the reader's language, by its type: the food's name where it has one,
 * account news in the words the server gave. Used by the list and by the live notice alike.
 */
export function notificationText(t: TFunction, notification: NotificationView): string {
  const { data } = notification;
  if (notification.type === 'account.news') return accountNews(t, data) ?? data.message ?? t('common:notifications.text.account.news');
  // Types are `area.event`; the text table is nested the same way.
  return t(`common:notifications.text.${notification.type}`, {
    foodName: data.foodName ?? t('common:notifications.someFood'),
    charityName: data.charityName ? isolate(data.charityName) : t('common:notifications.someCharity'),
    donorName: data.donorName ? isolate(data.donorName) : t('common:notifications.someDonor'),
  });
}
