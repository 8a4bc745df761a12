import { useTranslation } from 'react-i18next';
import { useTimeFormat } from '../../i18n/format-time';
import { useLiveConnected } from '../../live/use-ops-event';
import { EventsChart } from './events-chart';
import { HealthPanel } from './health-panel';
import { OpsSection, PanelNote } from './ops-section';
import { QueueCountsTable } from './queue-counts-table';
import { QueueInspectorButton } from './queue-inspector-button';
import { useOpsSnapshot } from './use-ops-snapshot';

/** Whether pushes are arriving, and when the figures on screen were taken. */
function Freshness({ at }: { at: string | undefined }) {
  const { t } = useTranslation('ops');
  const time = useTimeFormat();
  const connected = useLiveConnected();
  return (
    <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
      <span className={`inline-flex items-center gap-1.5 font-semibold ${connected ? 'text-green-800' : 'text-amber-800'}`}>
        <span aria-hidden="true" className={`size-2.5 rounded-full ${connected ? 'bg-green-600' : 'bg-amber-500'}`} />
        {connected ? t('connection.live') : t('connection.offline')}
      </span>
      {at && (
        <span className="text-stone-600">
          {t('connection.updated', { time: time.clockTime(at) })}
        </span>
      )}
    </p>
  );
}

/** Everything the snapshot carries: services, backlog, sockets, queue counts and the events chart. */
export function LiveStatusSection({ operatorId }: { operatorId: number }) {
  const { t } = useTranslation('ops');
  const snapshot = useOpsSnapshot(operatorId);
  const data = snapshot.data;
  const unknownWithout = (service: 'database' | 'redis') =>
    data?.health.checks[service].status === 'down' ? (
      <p className="text-stone-600">{t('unknown', { service: t(`health.${service}`) })}</p>
    ) : null;
  const missing = snapshot.isError ? (
    <PanelNote kind="error">{t('health.error')}</PanelNote>
  ) : (
    <PanelNote kind="loading">{t('loading')}</PanelNote>
  );

  return (
    <>
      <OpsSection title={t('health.heading')} tools={<Freshness at={data?.at} />} testId="ops-services">
        {data ? <HealthPanel snapshot={data} /> : missing}
      </OpsSection>
      <div className="grid grid-cols-1 gap-6 xl:grid-cols-2">
        <OpsSection title={t('queues.heading')} tools={<QueueInspectorButton />}>
          {data ? unknownWithout('redis') ?? <QueueCountsTable queues={data.queues} label={t('queues.heading')} /> : missing}
        </OpsSection>
        <OpsSection title={t('chart.heading')}>
          {data ? unknownWithout('database') ?? <EventsChart minutes={data.eventsPerMinute} /> : missing}
        </OpsSection>
      </div>
    </>
  );
}
