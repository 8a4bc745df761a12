import { governorateName, type PickupPointView } from '@food-link/contracts';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/client';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { formatNumber } from '../../i18n/format';
import { PickupPointForm } from './pickup-point-form';
import { useDeletePickupPoint, usePickupPoints } from './use-pickup-points';

const button =
  'min-h-11 rounded-lg px-3 py-2 text-sm font-semibold focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-green-800 disabled:opacity-60';

/**
 * The donor's pickup points: where charities collect. Listed, added, edited, deleted; a point an active
 * listing uses cannot be deleted (409), which is said beside it, with what to do instead.
 */
export function PickupPointsSection({ userId }: { userId: number }) {
  const { t, i18n } = useTranslation('listing');
  const headingId = useId();
  const points = usePickupPoints(userId);
  const remove = useDeletePickupPoint(userId);
  // null: no form; 'new': adding; a point: editing it.
  const [editing, setEditing] = useState<PickupPointView | 'new' | null>(null);
  const [deleting, setDeleting] = useState<PickupPointView | null>(null);
  const language = i18n.language === 'ar' ? 'ar' : 'en';
  const inUse = (id: number) => remove.variables === id && remove.error instanceof ApiError && remove.error.status === 409;

  return (
    <section aria-labelledby={headingId} data-testid="pickup-points" className="mt-8 rounded-xl border border-stone-200 bg-white p-5 shadow-sm">
      <div className="mb-3 flex flex-wrap items-center gap-3">
        <h2 id={headingId} className="me-auto text-xl font-semibold text-stone-900">
          {t('points.heading')}
        </h2>
        {editing === null && (
          <button type="button" data-testid="point-add" onClick={() => setEditing('new')} className={`${button} bg-green-700 text-white hover:bg-green-800`}>
            {t('points.add')}
          </button>
        )}
      </div>
      <p className="mb-3 text-sm text-stone-600">{t('points.intro')}</p>
      {editing !== null && (
        <div className="mb-4">
          <PickupPointForm userId={userId} point={editing === 'new' ? null : editing} onSaved={() => setEditing(null)} onCancel={() => setEditing(null)} />
        </div>
      )}
      {points.isPending && <p role="status" className="text-stone-600">{t('points.loading')}</p>}
      {points.isError && (
        <p className="flex flex-wrap items-center gap-3 text-red-700">
          {t('points.loadError')}
          <button type="button" onClick={() => void points.refetch()} className="font-semibold text-green-800 underline">
            {t('retry')}
          </button>
        </p>
      )}
      {points.data && points.data.length === 0 && editing === null && <p className="text-stone-600">{t('points.empty')}</p>}
      {points.data && points.data.length > 0 && (
        <ul className="grid grid-cols-1 gap-3 md:grid-cols-2">
          {points.data.map((point) => (
            <li key={point.id} data-point-id={point.id} className="flex flex-col gap-1 rounded-lg border border-stone-200 p-3 text-sm">
              <p className="font-semibold text-stone-900">
                <bdi>{point.label}</bdi>
                {point.is_default && <span className="ms-2 rounded-full bg-green-50 px-2 py-0.5 text-xs text-green-900">{t('points.default')}</span>}
              </p>
              <p dir="auto" className="wrap-anywhere text-stone-700">
                {point.address_line}, {point.area}, {governorateName(point.governorate, language)}
              </p>
              <p className="text-stone-600">
                <bdi>{point.contact_name}</bdi> · <bdi dir="ltr">{point.contact_phone}</bdi>
              </p>
              {point.active_listings > 0 && (
                <p className="text-stone-600">{t('points.activeListings', { count: point.active_listings, shown: formatNumber(point.active_listings, i18n.language) })}</p>
              )}
              <div className="mt-1 flex flex-wrap gap-2">
                <button type="button" onClick={() => setEditing(point)} aria-label={t('points.editNamed', { label: point.label })} className={`${button} border border-stone-300 text-stone-800 hover:bg-stone-100`}>
                  {t('points.edit')}
                </button>
                <button
                  type="button"
                  data-testid="point-delete"
                  aria-label={t('points.deleteNamed', { label: point.label })}
                  disabled={remove.isPending && remove.variables === point.id}
                  onClick={() => setDeleting(point)}
                  className={`${button} border border-red-700 text-red-700 hover:bg-red-50`}
                >
                  {t('points.delete')}
                </button>
              </div>
              {inUse(point.id) && (
                <p role="alert" data-testid="point-in-use" className="font-semibold text-red-700">
                  {t('points.inUse')}
                </p>
              )}
            </li>
          ))}
        </ul>
      )}
      <ConfirmDialog
        request={deleting && { title: t('points.confirmTitle', { label: deleting.label }), body: t('points.confirmBody'), confirmLabel: t('points.confirmDelete') }}
        cancelLabel={t('points.keep')}
        onCancel={() => setDeleting(null)}
        onConfirm={() => {
          if (deleting) remove.mutate(deleting.id);
          setDeleting(null);
        }}
      />
    </section>
  );
}
