import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { endpoints } from '../../api/endpoints';
import { queryKeys } from '../../api/query-keys';
import { governorateName, type FoodCategory, type StorageKind } from '@food-link/contracts';
import { formatNumber } from '../../i18n/format';
import { useWindowText } from './listing-facts';

const dt = 'text-stone-500';
const link =
  'inline-flex min-h-11 items-center gap-1 rounded-lg border border-green-700 px-3 py-2 font-semibold text-green-800 hover:bg-green-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-green-800';

import { readablePhone, whatsAppLink } from '../../components/phone-links';

/** A phone number as a person reads it: `+20 100 123 4567` (components/phone-links; exported here for its importers). */
export { readablePhone };

type Handling = 'cooked' | 'chilled' | 'frozen' | 'dry';

/**
 * How to carry what is collected, by what it is and how it is kept: cooked or hot food is served or chilled
 * within `serve_within_minutes`, chilled and frozen food stays cold, and bread, produce or packets stay dry
 * and shaded (bread is not told to be chilled within 90 minutes).
 */
export function handlingOf(category: FoodCategory, storage: StorageKind): Handling {
  if (storage === 'frozen') return 'frozen';
  if (category === 'cooked_meal' || storage === 'hot') return 'cooked';
  if (storage === 'chilled' || category === 'dairy' || category === 'meat_fish') return 'chilled';
  return 'dry';
}

/**
 * Everything needed to go and collect a claimed item (`GET /api/requests/{id}/pickup`): the address and
 * landmark, a map link, a tap-to-call number, the window, and for the charity its pickup code, large, to
 * show at the door. For the charity and the item's donor only; the server refuses anyone else.
 */
export function PickupDetailsPanel({ requestId }: { requestId: number }) {
  const { t, i18n } = useTranslation('listing');
  const headingId = useId();
  const windowText = useWindowText();
  const details = useQuery({ queryKey: queryKeys.pickupDetails(requestId), queryFn: () => endpoints.pickupDetails(requestId) });

  let body;
  if (details.data) {
    const { point } = details.data;
    const handling = handlingOf(details.data.category, details.data.storage);
    body = (
      <>
        {point ? (
          <dl className="grid grid-cols-[fit-content(40%)_1fr] gap-x-3 gap-y-1 text-sm">
            <dt className={dt}>{t('pickupDetails.address')}</dt>
            <dd dir="auto" data-testid="pickup-address" className="wrap-anywhere">
              {point.address_line}, {point.area}, {governorateName(point.governorate, i18n.language === 'ar' ? 'ar' : 'en')}
            </dd>
            {point.landmark && (
              <>
                <dt className={dt}>{t('pickupDetails.landmark')}</dt>
                <dd dir="auto" className="wrap-anywhere">
                  {point.landmark}
                </dd>
              </>
            )}
            <dt className={dt}>{t('pickupDetails.contact')}</dt>
            <dd dir="auto">
              <bdi>{point.contact_name}</bdi> · <bdi dir="ltr" className="whitespace-nowrap">{readablePhone(point.contact_phone)}</bdi>
            </dd>
            {point.notes && (
              <>
                <dt className={dt}>{t('pickupDetails.notes')}</dt>
                <dd dir="auto" className="wrap-anywhere">
                  {point.notes}
                </dd>
              </>
            )}
            <dt className={dt}>{t('pickupDetails.window')}</dt>
            <dd>{windowText(details.data.pickup_from, details.data.pickup_until)}</dd>
          </dl>
        ) : (
          <p className="text-sm text-stone-700">{t('pickupDetails.noPoint')}</p>
        )}
        {point && (
          <div className="flex flex-wrap gap-2">
            <a href={`tel:${point.contact_phone}`} data-testid="pickup-call" className={link}>
              {/* The name isolated (FSI…PDI), so an English name in an Arabic sentence keeps its place. */}
              {t('pickupDetails.call', { name: `\u2068${point.contact_name}\u2069` })}
            </a>
            <a href={whatsAppLink(point.contact_phone)} target="_blank" rel="noopener noreferrer" data-testid="pickup-whatsapp" className={link}>
              {t('pickupDetails.whatsApp', { name: `\u2068${point.contact_name}\u2069` })}
            </a>
            {point.map_url && (
              <a href={point.map_url} target="_blank" rel="noreferrer" data-testid="pickup-map" className={link}>
                {t('pickupDetails.openMap')}
              </a>
            )}
          </div>
        )}
        {details.data.pickup_code && (
          <div className="rounded-lg bg-green-50 p-3 text-center">
            <p className="text-sm font-semibold text-green-900">{t('pickupDetails.code')}</p>
            <p data-testid="pickup-code" dir="ltr" className="font-mono text-4xl font-bold tracking-[0.3em] text-green-950">
              {details.data.pickup_code}
            </p>
            <p className="text-xs text-green-900">{t('pickupDetails.codeHint')}</p>
          </div>
        )}
        <p className="text-sm text-stone-700" data-testid="serve-within" data-handling={handling}>
          {handling === 'cooked'
            ? t('pickupDetails.serveWithin', { minutes: formatNumber(details.data.serve_within_minutes, i18n.language) })
            : t(`pickupDetails.carry.${handling}`)}
        </p>
      </>
    );
  } else if (details.isError) {
    body = (
      <p role="alert" className="flex flex-wrap items-center gap-3 text-sm text-red-700">
        {t('pickupDetails.error')}
        <button type="button" onClick={() => void details.refetch()} className="font-semibold text-green-800 underline">
          {t('pickupDetails.retry')}
        </button>
      </p>
    );
  } else {
    body = (
      <p role="status" className="text-sm text-stone-600">
        {t('pickupDetails.loading')}
      </p>
    );
  }
  return (
    <section aria-labelledby={headingId} data-testid="pickup-details" className="flex flex-col gap-3 rounded-lg border border-green-200 bg-white p-3">
      <h3 id={headingId} className="font-semibold text-stone-900">
        {t('pickupDetails.heading')}
      </h3>
      {body}
    </section>
  );
}
