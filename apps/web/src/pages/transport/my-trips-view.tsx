import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { cairoDate, type TransportOfferView, type TripDay, type TripStop } from '@food-link/contracts';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { queryKeys } from '../../api/query-keys';
import { transportEndpoints } from '../../api/transport-endpoints';
import { useDocumentTitle } from '../../components/use-document-title';
import { useFormat } from '../../i18n/format';
import { formatTimeOfDay } from '../../i18n/format-time';
import { useLiveEvent } from '../../live/live-context';
import { useSession } from '../../session/use-session';
import { ViewHeading } from '../charity/view-heading';
import { useWindowText } from '../listing/listing-facts';
import { readablePhone } from '../../components/phone-links';
import { VolunteerProfileForm } from './volunteer-profile-form';

const action =
  'inline-flex min-h-11 min-w-11 items-center justify-center rounded-lg px-4 py-2 font-semibold focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-green-800 disabled:opacity-60';

/**
 * A volunteer's trips, for a phone (docs/DOMAIN-RULES.md, "A volunteer's day"): the pickups offered to
 * them (accept, decline), the day's pickups in order with the route link, each with its code, the window,
 * on the way with an ETA, delivered, and up and down to reorder; the weight against the vehicle; and their
 * vehicle and area.
 */
export function MyTripsView({ focusHeading }: { focusHeading: boolean }) {
  const { t } = useTranslation('org');
  useDocumentTitle(t('transport.heading'));
  const dateId = useId();
  const [date, setDate] = useState(() => cairoDate());
  return (
    <section className="flex max-w-full flex-col gap-6">
      <div>
        <ViewHeading focus={focusHeading}>{t('transport.heading')}</ViewHeading>
        <p className="text-stone-700">{t('transport.intro')}</p>
      </div>
      <OffersList />
      <div className="flex flex-col gap-1">
        <label htmlFor={dateId} className="text-sm font-medium">
          {t('transport.date')}
        </label>
        <input
          id={dateId}
          type="date"
          dir="ltr"
          value={date}
          onChange={(event) => event.target.value && setDate(event.target.value)}
          className="min-h-11 self-start rounded-lg border border-stone-300 bg-white px-3 py-2"
        />
      </div>
      <DayTrip date={date} />
      <VolunteerProfileForm />
    </section>
  );
}

function OffersList() {
  const { t, i18n } = useTranslation('org');
  const client = useQueryClient();
  const token = useSession()?.token ?? '';
  const offers = useQuery({ queryKey: queryKeys.myOffers(token), queryFn: transportEndpoints.myOffers });
  const [news, setNews] = useState<string | null>(null);
  const refresh = () => client.invalidateQueries({ queryKey: ['org', token] });
  // An offer made to me comes as a notification; one assigned to me (accepted) as request.assigned.
  useLiveEvent('notification.created', () => void client.invalidateQueries({ queryKey: queryKeys.myOffers(token) }));
  const answer = useMutation({
    mutationFn: ({ offer, accept }: { offer: TransportOfferView; accept: boolean }) =>
      accept ? transportEndpoints.accept(offer.offer_id) : transportEndpoints.decline(offer.offer_id),
    onSuccess: (_answer, { accept }) => {
      setNews(accept ? t('transport.offers.accepted') : t('transport.offers.declined'));
      return refresh();
    },
    onError: (error) => {
      setNews(t('transport.failed', { message: error.message }));
      return refresh();
    },
  });
  if (offers.isPending || offers.isError) return null;
  return (
    <section aria-labelledby="transport-offers" className="flex flex-col gap-2">
      <h2 id="transport-offers" className="text-lg font-semibold">
        {t('transport.offers.heading')}
      </h2>
      {offers.data.offers.length === 0 && <p className="text-stone-700">{t('transport.offers.empty')}</p>}
      <ul className="flex flex-col gap-3" data-testid="transport-offers">
        {offers.data.offers.map((offer) => (
          <li key={offer.offer_id} className="flex flex-col gap-2 rounded-xl border border-amber-300 bg-amber-50 p-4">
            <p dir="auto" className="font-semibold break-words">
              {offer.food_name}
              {offer.weight_kg !== null && ` · ${t('transport.weight', { kg: offer.weight_kg })}`}
            </p>
            {offer.area && <p dir="auto">{offer.area}</p>}
            {offer.note && (
              <p dir="auto" className="text-sm break-words">
                {t('transport.offers.note', { note: offer.note })}
              </p>
            )}
            <p className="text-sm text-stone-700">{t('transport.offers.until', { time: formatTimeOfDay(offer.expires_at, i18n.language) })}</p>
            <div className="flex flex-wrap gap-2">
              <button
                type="button"
                disabled={answer.isPending}
                onClick={() => answer.mutate({ offer, accept: true })}
                className={`${action} bg-green-700 text-white hover:bg-green-800`}
              >
                {t('transport.offers.accept')}
              </button>
              <button
                type="button"
                disabled={answer.isPending}
                onClick={() => answer.mutate({ offer, accept: false })}
                className={`${action} border border-stone-300 text-stone-800 hover:bg-stone-100`}
              >
                {t('transport.offers.decline')}
              </button>
            </div>
          </li>
        ))}
      </ul>
      <p role="status" className="min-h-5 text-sm text-green-800">
        {news}
      </p>
    </section>
  );
}

function DayTrip({ date }: { date: string }) {
  const { t } = useTranslation('org');
  const format = useFormat();
  const client = useQueryClient();
  const token = useSession()?.token ?? '';
  const key = queryKeys.tripDay(token, date);
  const day = useQuery({ queryKey: key, queryFn: () => transportEndpoints.day(date) });
  const refresh = () => void client.invalidateQueries({ queryKey: key });
  useLiveEvent('request.assigned', refresh);
  useLiveEvent('request.fulfilled', refresh);
  useLiveEvent('request.cancelled', refresh);
  useLiveEvent('food.withdrawn', refresh);
  const reorder = useMutation({
    mutationFn: (ids: number[]) => transportEndpoints.reorder(date, ids),
    onSuccess: (answer) => client.setQueryData(key, answer),
  });
  if (day.isPending) return <p role="status">{t('transport.loading')}</p>;
  if (day.isError) return <p role="alert">{t('transport.error')}</p>;
  const trip: TripDay = day.data;
  const ids = trip.stops.map((stop) => stop.request_id);
  const move = (index: number, by: -1 | 1) => {
    const next = [...ids];
    [next[index], next[index + by]] = [next[index + by], next[index]];
    reorder.mutate(next);
  };
  return (
    <section aria-label={t('transport.heading')} className="flex flex-col gap-3" data-testid="trip-day">
      {trip.stops.length === 0 ? (
        <p className="text-stone-700">{t('transport.empty')}</p>
      ) : (
        <>
          <p className="text-sm text-stone-700">{t(`transport.order.${trip.order}`)}</p>
          <p data-testid="trip-total" className="font-semibold">
            {trip.capacity_kg === null
              ? t('transport.totalNoCapacity', { total: format.number(trip.total_kg) })
              : t('transport.total', { total: format.number(trip.total_kg), capacity: format.number(trip.capacity_kg) })}
          </p>
          {trip.warnings.includes('total_over_capacity') && (
            <p role="alert" className="rounded-lg bg-orange-50 p-2 text-orange-900">
              {t('transport.overTotal')}
            </p>
          )}
          {trip.route_url && (
            <a href={trip.route_url} target="_blank" rel="noreferrer" data-testid="trip-route" className={`${action} bg-green-700 text-white hover:bg-green-800`}>
              {t('transport.route')}
            </a>
          )}
          <ol className="flex flex-col gap-3" data-testid="trip-stops">
            {trip.stops.map((stop, index) => (
              <li key={stop.request_id}>
                <StopCard
                  stop={stop}
                  position={index + 1}
                  onUp={index > 0 ? () => move(index, -1) : undefined}
                  onDown={index < trip.stops.length - 1 ? () => move(index, 1) : undefined}
                  busy={reorder.isPending}
                  onChanged={refresh}
                />
              </li>
            ))}
          </ol>
        </>
      )}
    </section>
  );
}

function StopCard({
  stop,
  position,
  onUp,
  onDown,
  busy,
  onChanged,
}: {
  stop: TripStop;
  position: number;
  onUp?: () => void;
  onDown?: () => void;
  busy: boolean;
  onChanged: () => void;
}) {
  const { t, i18n } = useTranslation('org');
  const windowText = useWindowText();
  const titleId = useId();
  const etaId = useId();
  const [eta, setEta] = useState('20');
  const [problem, setProblem] = useState<string | null>(null);
  const step = useMutation({
    mutationFn: (what: 'on_the_way' | 'delivered' | 'give_back'): Promise<unknown> =>
      what === 'on_the_way'
        ? transportEndpoints.onTheWay(stop.request_id, Number(eta))
        : what === 'delivered'
          ? transportEndpoints.delivered(stop.request_id)
          : transportEndpoints.giveBack(stop.request_id),
    onSuccess: () => {
      setProblem(null);
      onChanged();
    },
    onError: (error) => setProblem(t('transport.failed', { message: error.message })),
  });
  const pending = stop.status === 'pending';
  const stage = stop.trip.stage;
  return (
    <article aria-labelledby={titleId} data-request-id={stop.request_id} className="flex flex-col gap-3 rounded-xl border border-stone-200 bg-white p-4 shadow-sm">
      <p className="text-sm font-semibold text-stone-500">{t('transport.stop', { n: position })}</p>
      <h3 id={titleId} dir="auto" className="text-lg font-semibold break-words">
        {stop.food_name}
      </h3>
      <p data-testid="trip-stage" className="self-start rounded-full bg-stone-100 px-3 py-1 text-sm font-semibold">
        {t(`transport.stage.${stage}`, { time: stop.trip.eta ? formatTimeOfDay(stop.trip.eta, i18n.language) : '' })}
      </p>
      {pending && (
        <div className="rounded-lg bg-green-50 p-3 text-center">
          <p className="text-sm font-semibold text-green-900">{t('pickups.code')}</p>
          <p data-testid="trip-code" dir="ltr" className="font-mono text-4xl font-bold tracking-[0.3em] text-green-950">
            {stop.pickup_code}
          </p>
        </div>
      )}
      <dl className="grid grid-cols-[fit-content(40%)_1fr] gap-x-3 gap-y-1 text-sm">
        <dt className="text-stone-500">{t('pickups.donor')}</dt>
        <dd dir="auto" className="wrap-anywhere">
          {stop.donor_name}
        </dd>
        <dt className="text-stone-500">{t('pickups.address')}</dt>
        <dd dir="auto" className="wrap-anywhere">
          {stop.address}
        </dd>
        {stop.phone && (
          <>
            <dt className="text-stone-500">{t('pickups.phone')}</dt>
            <dd>
              <a href={`tel:${stop.phone}`} className="inline-flex min-h-11 items-center font-semibold text-green-800 underline">
                <bdi dir="ltr">{readablePhone(stop.phone)}</bdi>
              </a>
            </dd>
          </>
        )}
        <dt className="text-stone-500">{t('pickups.window')}</dt>
        <dd>{windowText(stop.window_start, stop.window_end)}</dd>
        {stop.weight_kg !== null && (
          <>
            <dt className="text-stone-500">kg</dt>
            <dd>
              {t('transport.weight', { kg: stop.weight_kg })}
              {stop.over_capacity && (
                <strong data-testid="trip-over-capacity" className="ms-2 text-orange-900">
                  {t('transport.overPickup')}
                </strong>
              )}
            </dd>
          </>
        )}
      </dl>
      {pending && (
        <div className="flex flex-wrap items-end gap-2">
          <div className="flex flex-col gap-1">
            <label htmlFor={etaId} className="text-sm font-medium">
              {t('transport.eta')}
            </label>
            <input
              id={etaId}
              inputMode="numeric"
              dir="ltr"
              value={eta}
              onChange={(event) => setEta(event.target.value)}
              className="min-h-11 w-24 rounded-lg border border-stone-300 px-3 py-2"
            />
          </div>
          <button type="button" disabled={step.isPending} onClick={() => step.mutate('on_the_way')} className={`${action} bg-green-700 text-white hover:bg-green-800`}>
            {stage === 'on_the_way' ? t('transport.onTheWayAgain') : t('transport.onTheWay')}
          </button>
          <button type="button" disabled={step.isPending} onClick={() => step.mutate('give_back')} className={`${action} border border-stone-300 text-stone-800 hover:bg-stone-100`}>
            {t('transport.giveBack')}
          </button>
        </div>
      )}
      {stop.status === 'fulfilled' && stage !== 'delivered' && (
        <button type="button" disabled={step.isPending} onClick={() => step.mutate('delivered')} className={`${action} bg-green-700 text-white hover:bg-green-800`}>
          {t('transport.delivered')}
        </button>
      )}
      <div className="flex gap-2">
        <button
          type="button"
          disabled={!onUp || busy}
          onClick={onUp}
          className={`${action} border border-stone-300 text-stone-800 hover:bg-stone-100`}
        >
          <span aria-hidden="true">↑</span>&nbsp;{t('transport.up')}
          <span className="sr-only"> · {stop.food_name}</span>
        </button>
        <button
          type="button"
          disabled={!onDown || busy}
          onClick={onDown}
          className={`${action} border border-stone-300 text-stone-800 hover:bg-stone-100`}
        >
          <span aria-hidden="true">↓</span>&nbsp;{t('transport.down')}
          <span className="sr-only"> · {stop.food_name}</span>
        </button>
      </div>
      <p role="alert" className="min-h-5 text-sm text-red-700">
        {problem}
      </p>
    </article>
  );
}
