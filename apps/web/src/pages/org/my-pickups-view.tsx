import { useQueryClient } from '@tanstack/react-query';
import type { MyPickup } from '@food-link/contracts';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { queryKeys } from '../../api/query-keys';
import { useDocumentTitle } from '../../components/use-document-title';
import { useFormat } from '../../i18n/format';
import { useLiveEvent } from '../../live/live-context';
import { useSession } from '../../session/use-session';
import { ViewHeading } from '../charity/view-heading';
import { useWindowText } from '../listing/listing-facts';
import { readablePhone } from '../listing/pickup-details-panel';
import { ReceivedSummary } from '../listing/received-summary';
import { ReceivedForm } from '../charity/received-form';
import { useMyPickups } from './use-org-calls';

const action =
  'inline-flex min-h-11 items-center justify-center rounded-lg px-4 py-2 font-semibold focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-green-800';

/**
 * A charity member's pickups (`GET /api/org/my-pickups`), made for a phone at the door: the call button
 * first, then the code, large, the address with directions and the window. What is assigned or
 * unassigned elsewhere comes and goes live.
 */
export function MyPickupsView({ focusHeading }: { focusHeading: boolean }) {
  const { t } = useTranslation('org');
  useDocumentTitle(t('pickups.heading'));
  const pickups = useMyPickups();
  const client = useQueryClient();
  const token = useSession()?.token ?? '';
  const refresh = () => void client.invalidateQueries({ queryKey: queryKeys.myPickups(token) });
  // The events of the claims assigned to me reach my room (docs/ORGANISATIONS.md, "Live events").
  useLiveEvent('food.claimed', refresh);
  useLiveEvent('request.cancelled', refresh);
  useLiveEvent('request.fulfilled', refresh);
  useLiveEvent('request.not_collected', refresh);
  useLiveEvent('food.withdrawn', refresh);
  // Assigned to me, or taken from me (the server sends it to both members).
  useLiveEvent('request.assigned', refresh);

  let body;
  if (pickups.isPending) body = <p role="status" className="text-stone-600">{t('pickups.loading')}</p>;
  else if (pickups.isError)
    body = (
      <p role="alert" className="flex flex-wrap items-center gap-3 text-red-700">
        {t('pickups.error')}
        <button type="button" onClick={() => void pickups.refetch()} className="min-h-11 font-semibold text-green-800 underline">
          {t('retry')}
        </button>
      </p>
    );
  else if (pickups.data.pickups.length === 0) body = <p className="text-stone-700">{t('pickups.empty')}</p>;
  else
    body = (
      <ul className="grid gap-4 sm:grid-cols-2" data-testid="my-pickups">
        {pickups.data.pickups.map((pickup) => (
          <li key={pickup.request_id}>
            <PickupCard pickup={pickup} onReported={refresh} />
          </li>
        ))}
      </ul>
    );

  return (
    <section>
      <ViewHeading focus={focusHeading}>{t('pickups.heading')}</ViewHeading>
      <p className="mb-4 text-stone-700">{t('pickups.intro')}</p>
      {body}
    </section>
  );
}

function PickupCard({ pickup, onReported }: { pickup: MyPickup; onReported: () => void }) {
  const { t } = useTranslation('org');
  const format = useFormat();
  const windowText = useWindowText();
  const titleId = useId();
  const fulfilled = pickup.status === 'fulfilled';
  return (
    <article aria-labelledby={titleId} data-request-id={pickup.request_id} className="flex flex-col gap-3 rounded-xl border border-stone-200 bg-white p-4 shadow-sm">
      <h2 id={titleId} dir="auto" className="text-lg font-semibold break-words text-stone-900">
        {pickup.food_name} · {format.number(pickup.quantity)}
      </h2>
      {fulfilled && <p className="self-start rounded-full bg-green-100 px-3 py-1 text-sm font-semibold text-green-900">{t('pickups.collected')}</p>}
      {pickup.phone && (
        <a href={`tel:${pickup.phone}`} data-testid="my-pickup-call" className={`${action} bg-green-700 text-white hover:bg-green-800`}>
          {t('pickups.call', { phone: `\u2066${readablePhone(pickup.phone)}\u2069` })}
        </a>
      )}
      {!fulfilled && (
        <div className="rounded-lg bg-green-50 p-3 text-center">
          <p className="text-sm font-semibold text-green-900">{t('pickups.code')}</p>
          <p data-testid="my-pickup-code" dir="ltr" className="font-mono text-4xl font-bold tracking-[0.3em] text-green-950">
            {pickup.pickup_code}
          </p>
        </div>
      )}
      <dl className="grid grid-cols-[fit-content(40%)_1fr] gap-x-3 gap-y-1 text-sm">
        <dt className="text-stone-500">{t('pickups.donor')}</dt>
        <dd dir="auto" className="wrap-anywhere">
          {pickup.donor_name}
        </dd>
        <dt className="text-stone-500">{t('pickups.address')}</dt>
        <dd dir="auto" data-testid="my-pickup-address" className="wrap-anywhere">
          {pickup.address}
        </dd>
        {pickup.phone && (
          <>
            <dt className="text-stone-500">{t('pickups.phone')}</dt>
            <dd>
              <bdi dir="ltr" className="whitespace-nowrap">
                {readablePhone(pickup.phone)}
              </bdi>
            </dd>
          </>
        )}
        <dt className="text-stone-500">{t('pickups.window')}</dt>
        <dd>{windowText(pickup.window_start, pickup.window_end)}</dd>
      </dl>
      <a
        href={`https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(pickup.address)}`}
        target="_blank"
        rel="noreferrer"
        className={`${action} border border-green-700 text-green-800 hover:bg-green-50`}
      >
        {t('pickups.directions')}
      </a>
      {/* Collected: the member who brought it says what arrived (the assignee may; docs/ORGANISATIONS.md). */}
      {fulfilled && pickup.received && <ReceivedSummary received={pickup.received} />}
      {fulfilled && !pickup.received && <ReceivedForm request={{ ...pickup, claimed_quantity: pickup.quantity }} onReported={onReported} />}
    </article>
  );
}
