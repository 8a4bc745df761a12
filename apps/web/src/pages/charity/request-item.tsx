import type { CharityRequestItem } from '@food-link/contracts';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../i18n/format';

type RequestItemProps = { request: CharityRequestItem; cancelling: boolean; onCancel: (requestId: number) => void };

const STATUS_CLASSES: Record<string, string> = { fulfilled: 'text-green-700', pending: 'text-amber-700' };

export function RequestItem({ request, cancelling, onCancel }: RequestItemProps) {
  const { t } = useTranslation('charity');
  const format = useFormat();
  const titleId = useId();
  return (
    <article
      data-request-id={request.request_id}
      aria-labelledby={titleId}
      className="flex h-full flex-col gap-3 rounded-xl border border-stone-200 bg-white p-4 shadow-sm"
    >
      <h2 id={titleId} className="text-lg font-semibold break-words text-stone-900">
        {request.food_name}
      </h2>
      <dl className="grid grid-cols-[fit-content(40%)_1fr] gap-x-3 gap-y-1 text-sm">
        <dt className="text-stone-500">{t('food.quantity')}</dt>
        <dd>{format.number(request.quantity)}</dd>
        <dt className="text-stone-500">{t('requests.donorName')}</dt>
        <dd className="wrap-anywhere">{request.name}</dd>
        <dt className="text-stone-500">{t('requests.donorEmail')}</dt>
        {/* An e-mail address reads left to right, even on an Arabic page, and stays aligned with the other values. */}
            {request.email === null ? (
              <dd className="text-stone-500">{t('requests.emailWithheld')}</dd>
            ) : (
              <dd dir="ltr" className="wrap-anywhere rtl:text-right">
                {request.email}
              </dd>
            )}
        <dt className="text-stone-500">{t('food.status')}</dt>
        <dd className={`font-semibold ${STATUS_CLASSES[request.status] ?? 'text-stone-700'}`}>
          {t(`requestStatus.${request.status}`, { defaultValue: request.status })}
        </dd>
      </dl>
      <button
        type="button"
        aria-describedby={titleId}
        disabled={cancelling}
        onClick={() => onCancel(request.request_id)}
        className="mt-auto self-start rounded-lg border border-red-700 px-4 py-2 font-semibold text-red-700 hover:bg-red-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-red-800 disabled:cursor-not-allowed disabled:opacity-60"
      >
        {t('requests.cancel')}
      </button>
    </article>
  );
}
