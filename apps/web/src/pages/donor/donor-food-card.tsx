import type { DonorFoodItem } from '@food-link/contracts';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { EmailAddress } from '../../components/email-address';
import { StatusBadge, foodState, type ItemState } from '../../components/status-badge';
import { useFormat } from '../../i18n/format';
import { useFulfilRequest } from './use-fulfil-request';

const fieldClass = 'grid grid-cols-[fit-content(40%)_1fr] gap-x-3 gap-y-1 text-sm';

/**
 * The card's one state: a claim decides it (claimed while the pickup is pending, fulfilled once donated),
 * otherwise the food's own status. A completed donation reads Fulfilled, never "claimed".
 */
function donorState(item: DonorFoodItem, claim: DonorFoodItem['request']): ItemState {
  if (claim?.status === 'fulfilled') return 'fulfilled';
  if (claim) return 'claimed';
  return foodState(item.status);
}

export function DonorFoodCard({ item, userId }: { item: DonorFoodItem; userId: number }) {
  const { t } = useTranslation('donor');
  const format = useFormat();
  const titleId = useId();
  const fulfil = useFulfilRequest(userId);
  const completedRef = useRef<HTMLParagraphElement>(null);
  const [asking, setAsking] = useState(false);
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
      <h3 id={titleId} dir="auto" className="mb-2 text-lg font-semibold break-words text-stone-900">
        {item.food_name}
      </h3>
      <dl className={fieldClass}>
        <dt className="text-stone-500">{t('card.quantity')}</dt>
        <dd>{format.number(item.quantity)}</dd>
        <dt className="text-stone-500">{t('card.description')}</dt>
        <dd dir="auto" className="wrap-anywhere">
          {item.description}
        </dd>
        <dt className="text-stone-500">{t('card.expirationDate')}</dt>
        <dd>{format.date(item.expiration_date)}</dd>
        <dt className="text-stone-500">{t('card.status')}</dt>
        <dd>
          <StatusBadge state={donorState(item, claim)} />
        </dd>
      </dl>
      {claim && (
        <div className="mt-3 flex flex-1 flex-col gap-3 border-t border-stone-200 pt-3">
          <p className="text-sm font-semibold text-stone-700">{t('card.claimedBy')}</p>
          <dl className={fieldClass}>
            <dt className="text-stone-500">{t('card.charityName')}</dt>
            <dd dir="auto" className="wrap-anywhere">
              {claim.name}
            </dd>
            <dt className="text-stone-500">{t('card.charityEmail')}</dt>
            <dd>
              <EmailAddress email={claim.email} />
            </dd>
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
              onClick={() => setAsking(true)}
              className="mt-auto self-start rounded-lg bg-green-700 px-4 py-2 font-semibold text-white hover:bg-green-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-green-800 disabled:cursor-not-allowed disabled:opacity-60"
            >
              {t('card.donate')}
            </button>
          )}
          {/* Donating cannot be undone: the donor confirms the food has changed hands. */}
          <ConfirmDialog
            request={
              asking && claim
                ? {
                    title: t('card.confirm.title', { charity: claim.name }),
                    body: t('card.confirm.body', { name: item.food_name }),
                    confirmLabel: t('card.confirm.confirm'),
                    tone: 'primary',
                  }
                : null
            }
            cancelLabel={t('card.confirm.keep')}
            onCancel={() => setAsking(false)}
            onConfirm={() => {
              setAsking(false);
              if (claim) fulfil.mutate(claim.request_id);
            }}
          />
        </div>
      )}
    </article>
  );
}
