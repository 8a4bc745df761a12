import type { CharityRequestItem } from '@food-link/contracts';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { SkeletonCards, foodGridClass } from '../../components/skeleton-cards';
import { RequestItem } from './request-item';
import { useCancelRequest } from './use-cancel-request';
import { useCharityRequests } from './use-charity-requests';

export function RequestList({ charityUserId }: { charityUserId: number }) {
  const { t } = useTranslation('charity');
  const requests = useCharityRequests(charityUserId);
  const cancel = useCancelRequest(charityUserId);
  const noticeRef = useRef<HTMLParagraphElement>(null);
  // Cancelling gives the food up to other charities: it is asked about first.
  const [asking, setAsking] = useState<CharityRequestItem | null>(null);

  // The cancelled request leaves the list with the button that had focus; the outcome takes it.
  useEffect(() => {
    if (cancel.isSuccess) noticeRef.current?.focus();
  }, [cancel.isSuccess]);

  const notices = (
    <div className="mb-4 min-h-6">
      <p ref={noticeRef} tabIndex={-1} role="status" className="font-semibold text-green-700 focus:outline-none">
        {cancel.isSuccess ? t('requests.cancelled', { message: cancel.data.message }) : null}
      </p>
      <p role="alert" className="text-red-700">
        {cancel.isError ? t('requests.cancelError') : null}
      </p>
    </div>
  );

  if (!requests.data) {
    if (requests.isError) return <p role="alert" className="text-red-700">{t('requests.error')}</p>;
    return (
      <>
        <p role="status" className="mb-3 text-stone-600">{t('requests.loading')}</p>
        <SkeletonCards />
      </>
    );
  }
  // A cancelled request leaves the list (spec, section 4).
  const shown = requests.data.filter((request) => request.status !== 'cancelled');
  return (
    <>
      {notices}
      {shown.length === 0 ? (
        <div className="text-stone-600">
          <p>{t('requests.empty')}</p>
          <p className="mt-1 text-sm">{t('requests.emptyHint')}</p>
        </div>
      ) : (
        <ul className={foodGridClass}>
          {shown.map((request) => (
            <li key={request.request_id}>
              <RequestItem
                request={request}
                cancelling={cancel.isPending && cancel.variables === request.request_id}
                onCancel={setAsking}
                charityUserId={charityUserId}
              />
            </li>
          ))}
        </ul>
      )}
      <ConfirmDialog
        request={
          asking && {
            title: t('requests.confirm.title'),
            body: t('requests.confirm.body', { name: asking.food_name }),
            confirmLabel: t('requests.confirm.confirm'),
          }
        }
        cancelLabel={t('requests.confirm.keep')}
        onCancel={() => setAsking(null)}
        onConfirm={() => {
          if (asking) cancel.mutate(asking.request_id);
          setAsking(null);
        }}
      />
    </>
  );
}
