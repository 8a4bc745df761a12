import { DOMAIN_EVENT_TYPES, type DomainEventType, type OpsEventView } from '@food-link/contracts';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useTimeFormat } from '../../i18n/format-time';
import { OpsSection, PanelNote } from './ops-section';
import { useOpsEvents } from './use-ops-events';

const ALL = 'all';

/** The latest domain events, newest first, growing live; filtered by type here and on the server. */
export function RecentEventsSection({ operatorId }: { operatorId: number }) {
  const { t } = useTranslation('ops');
  const selectId = useId();
  const [type, setType] = useState<DomainEventType | null>(null);
  const events = useOpsEvents(operatorId, type);

  return (
    <OpsSection
      title={t('events.heading')}
      tools={
        <>
          <label htmlFor={selectId} className="text-sm font-medium text-stone-800">
            {t('events.typeLabel')}
          </label>
          <select
            id={selectId}
            value={type ?? ALL}
            onChange={(event) => setType(event.target.value === ALL ? null : (event.target.value as DomainEventType))}
            className="min-h-11 max-w-full min-w-0 rounded-lg border border-stone-300 bg-white px-2 py-1.5 text-sm focus-visible:outline-2 focus-visible:outline-green-700"
          >
            <option value={ALL}>{t('events.all')}</option>
            {DOMAIN_EVENT_TYPES.map((name) => (
              <option key={name} value={name}>
                {t(`eventTypes.${name}`)} ({name})
              </option>
            ))}
          </select>
        </>
      }
    >
      <p className="mb-3 text-sm text-stone-600">{t('events.intro')}</p>
      {events.data ? (
        events.data.length === 0 ? (
          <PanelNote kind="empty">{t('events.empty')}</PanelNote>
        ) : (
          <ol data-testid="ops-events" aria-label={t('events.heading')} className="divide-y divide-stone-100">
            {events.data.map((event) => (
              <EventRow key={event.id} event={event} />
            ))}
          </ol>
        )
      ) : events.isError ? (
        <PanelNote kind="error">{t('events.error')}</PanelNote>
      ) : (
        <PanelNote kind="loading">{t('loading')}</PanelNote>
      )}
    </OpsSection>
  );
}

function EventRow({ event }: { event: OpsEventView }) {
  const { t } = useTranslation('ops');
  const time = useTimeFormat();
  const concerns = [
    event.foodId !== null && t('events.food', { id: event.foodId }),
    event.requestId !== null && t('events.request', { id: event.requestId }),
  ].filter(Boolean);
  return (
    <li
      data-testid="ops-event"
      data-event-id={event.id}
      data-event-type={event.type}
      className="grid grid-cols-1 gap-x-4 gap-y-0.5 py-2 text-sm sm:grid-cols-[14rem_1fr_auto]"
    >
      <span>
        <span className="font-semibold text-stone-900">{t(`eventTypes.${event.type}`)}</span>{' '}
        <code dir="ltr" className="text-xs text-stone-500">
          {event.type}
        </code>
      </span>
      <span className="text-stone-700">
        {concerns.join(' · ')}
        {event.publishedAt === null && (
          <span className="ms-2 rounded bg-amber-100 px-1.5 py-0.5 text-xs text-amber-900">{t('events.unpublished')}</span>
        )}
      </span>
      <time dateTime={event.occurredAt} className="text-stone-600 tabular-nums">
        {time.dateTime(event.occurredAt)}
      </time>
    </li>
  );
}
