import type { DonorFoodItem } from '@food-link/contracts';
import { useEffect, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../i18n/format';
import { useFulfilRequest } from './use-fulfil-request';

/** Claimed reads red and available green (spec, section 2); expired food is simply out of play. */
const STATUS_CLASSES: Record<string, string> = {
  claimed: 'text-red-700',
  expired: 'text-stone-500',
};
const AVAILABLE_CLASS = 'text-green-700';

const fieldClass = 'grid grid-cols-[fit-content(40%)_1fr] gap-x-3 gap-y-1 text-sm';

export function DonorFoodCard({ item, userId }: { item: DonorFoodItem; userId: number }) {
  const { t } = useTranslation('donor');
  const format = useFormat();
  const titleId = useId();
  const fulfil = useFulfilRequest(userId);
  const completedRef = useRef<HTMLParagraphElement>(null);
  const claim = item.request && item.request.status !== 'cancelled' ? item.request : null;
  const fulfilled = claim?.status === 'fulfilled';

  // The Donate button disappears under the keyboard; the confirmation takes its focus.
  useEffect(() => {
    if (fulfil.isSuccess) completedRef.current?.focus();
  }, [fulfil.isSuccess]);

  return (
    <article
      data-food-id={item.id}
      aria-labelledby={titleId}
      className="flex h-full flex-col rounded-xl border border-stone-200 bg-white p-4 shadow-sm"
    >
      <h3 id={titleId} className="mb-2 text-lg font-semibold break-words text-stone-900">
        {item.food_name}
      </h3>
      <dl className={fieldClass}>
        <dt className="text-stone-500">{t('card.quantity')}</dt>
        <dd>{format.number(item.quantity)}</dd>
        <dt className="text-stone-500">{t('card.description')}</dt>
        <dd className="wrap-anywhere">{item.description}</dd>
        <dt className="text-stone-500">{t('card.expirationDate')}</dt>
        <dd>{format.date(item.expiration_date)}</dd>
        <dt className="text-stone-500">{t('card.status')}</dt>
        <dd className={`font-semibold ${STATUS_CLASSES[item.status] ?? AVAILABLE_CLASS}`}>
          {t(`status.${item.status}`, { defaultValue: item.status })}
        </dd>
      </dl>
      {claim && (
        <div className="mt-3 flex flex-1 flex-col gap-3 border-t border-stone-200 pt-3">
          <dl className={fieldClass}>
            <dt className="text-stone-500">{t('card.charityName')}</dt>
            <dd className="wrap-anywhere">{claim.name}</dd>
            <dt className="text-stone-500">{t('card.charityEmail')}</dt>
            {/* An e-mail address reads left to right, even on an Arabic page, and stays aligned with the other values. */}
            <dd dir="ltr" className="wrap-anywhere rtl:text-right">
              {claim.email}
            </dd>
            <dt className="text-stone-500">{t('card.requestStatus')}</dt>
            <dd>{t(`requestStatus.${claim.status}`, { defaultValue: claim.status })}</dd>
          </dl>
          {fulfilled ? (
            <p ref={completedRef} tabIndex={-1} role="status" className="mt-auto font-semibold text-green-700 outline-none">
              {t('card.completed')}
            </p>
          ) : (
            <button
              type="button"
              aria-describedby={titleId}
              disabled={fulfil.isPending}
              onClick={() => fulfil.mutate(claim.request_id)}
              className="mt-auto self-start rounded-lg bg-green-700 px-4 py-2 font-semibold text-white hover:bg-green-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-green-800 disabled:cursor-not-allowed disabled:opacity-60"
            >
              {t('card.donate')}
            </button>
          )}
        </div>
      )}
    </article>
  );
}
