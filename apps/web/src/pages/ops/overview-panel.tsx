import { FOOD_STATUSES, REQUEST_STATUSES, type OpsOverview } from '@food-link/contracts';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../i18n/format';
import { OpsSection, PanelNote } from './ops-section';
import { useOpsOverview } from './use-ops-overview';

type Group = { name: string; counts: [key: string, value: number][] };

function groupsOf(overview: OpsOverview): Group[] {
  return [
    { name: 'users', counts: Object.entries(overview.users) },
    { name: 'items', counts: [...FOOD_STATUSES.map((status) => [status, overview.items[status]] as [string, number]), ['total', overview.items.total]] },
    {
      name: 'requests',
      counts: [...REQUEST_STATUSES.map((status) => [status, overview.requests[status]] as [string, number]), ['total', overview.requests.total]],
    },
    { name: 'impact', counts: [['totalMeals', overview.impact.totalMeals], ['totalCharities', overview.impact.totalCharities]] },
    { name: 'events', counts: [['recorded', overview.events]] },
  ];
}

/** Platform-wide counts: users by role, items and requests by status, impact, events recorded. */
export function OverviewPanel({ operatorId }: { operatorId: number }) {
  const { t } = useTranslation('ops');
  const format = useFormat();
  const overview = useOpsOverview(operatorId);

  return (
    <OpsSection title={t('overview.heading')} testId="ops-overview">
      {overview.data ? (
        <div className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-5">
          {groupsOf(overview.data).map((group) => (
            <div key={group.name} className="rounded-lg border border-stone-200 p-3">
              <h3 className="mb-2 font-semibold text-stone-900">{t(`overview.${group.name}.heading`)}</h3>
              <dl className="grid grid-cols-[1fr_auto] gap-x-3 gap-y-1 text-sm">
                {group.counts.map(([key, value]) => (
                  <div key={key} className={`contents ${key === 'total' ? 'font-semibold' : ''}`}>
                    <dt className="text-stone-600">{t(`overview.${group.name}.${key}`)}</dt>
                    <dd data-testid={`overview-${group.name}-${key}`} className="text-end text-stone-900 tabular-nums">
                      {format.number(value)}
                    </dd>
                  </div>
                ))}
              </dl>
            </div>
          ))}
        </div>
      ) : overview.isError ? (
        <PanelNote kind="error">{t('overview.error')}</PanelNote>
      ) : (
        <PanelNote kind="loading">{t('loading')}</PanelNote>
      )}
    </OpsSection>
  );
}
