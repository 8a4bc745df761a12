import type { HealthCheck, OpsSnapshot, WorkersCheck } from '@food-link/contracts';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../i18n/format';
import { useTimeFormat } from '../../i18n/format-time';

const CHECKS = ['database', 'redis', 'workers'] as const;

const cardClass = 'flex min-w-0 flex-col gap-1 rounded-lg border p-3';
const labelClass = 'text-sm text-stone-600';

/**
 * Each dependency up or down, the outbox backlog and the connected sockets, as of the last snapshot. A
 * figure that needs a dependency that is down is said to be unknown rather than shown as zero.
 */
export function HealthPanel({ snapshot }: { snapshot: OpsSnapshot }) {
  const { t } = useTranslation('ops');
  const format = useFormat();
  const time = useTimeFormat();
  const { outbox } = snapshot;

  return (
    <div className="grid grid-cols-1 gap-3 sm:grid-cols-2 xl:grid-cols-5">
      {CHECKS.map((name) => {
        const check: HealthCheck | WorkersCheck = snapshot.health.checks[name];
        const up = check.status === 'up';
        return (
          <div
            key={name}
            data-testid={`ops-health-${name}`}
            className={`${cardClass} ${up ? 'border-green-200 bg-green-50' : 'border-red-300 bg-red-50'}`}
          >
            <h3 className="font-semibold text-stone-900">{t(`health.${name}`)}</h3>
            <p className={`font-semibold ${up ? 'text-green-800' : 'text-red-800'}`}>
              <span aria-hidden="true">{up ? '● ' : '▲ '}</span>
              {t(up ? 'health.up' : 'health.down')}
            </p>
            <dl className="grid grid-cols-[auto_1fr] gap-x-2 text-sm">
              {check.latencyMs !== undefined && (
                <>
                  <dt className="text-stone-600">{t('health.latency')}</dt>
                  <dd>{time.milliseconds(check.latencyMs)}</dd>
                </>
              )}
              {'count' in check && (
                <>
                  <dt className="text-stone-600">{t('health.workerCount')}</dt>
                  <dd>{format.number(check.count)}</dd>
                </>
              )}
            </dl>
            {check.error && (
              <p className="text-sm wrap-anywhere text-red-800" dir="auto">
                {check.error}
              </p>
            )}
          </div>
        );
      })}
      <div data-testid="ops-outbox" className={`${cardClass} border-stone-200`}>
        <h3 className="font-semibold text-stone-900">{t('outbox.heading')}</h3>
        {outbox ? (
          <dl className="text-sm">
            <dt className={labelClass}>{t('outbox.unpublished')}</dt>
            <dd className="text-2xl font-bold text-stone-900">{format.number(outbox.unpublished)}</dd>
            <dt className={labelClass}>{t('outbox.oldest')}</dt>
            <dd>{outbox.oldestAgeSeconds === null ? t('outbox.none') : time.duration(outbox.oldestAgeSeconds)}</dd>
          </dl>
        ) : (
          <p className={labelClass}>{t('unknown', { service: t('health.database') })}</p>
        )}
      </div>
      <div data-testid="ops-sockets" className={`${cardClass} border-stone-200`}>
        <h3 className="font-semibold text-stone-900">{t('sockets.heading')}</h3>
        {snapshot.sockets === null ? (
          <p className={labelClass}>{t('unknown', { service: t('health.redis') })}</p>
        ) : (
          <>
            <p className="text-2xl font-bold text-stone-900">{format.number(snapshot.sockets)}</p>
            <p className={labelClass}>{t('sockets.hint')}</p>
          </>
        )}
      </div>
    </div>
  );
}
