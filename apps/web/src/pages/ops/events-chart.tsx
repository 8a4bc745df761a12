import type { EventsPerMinute } from '@food-link/contracts';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../i18n/format';
import { useTimeFormat } from '../../i18n/format-time';

const WIDTH = 600;
const HEIGHT = 100;

/**
 * Events per minute over the last hour as bars, oldest first. The drawing is one image whose text
 * alternative is the visible summary under it (total, busiest minute, last minute). Time runs the way
 * the page reads: left to right in English, right to left in Arabic.
 */
export function EventsChart({ minutes }: { minutes: EventsPerMinute[] }) {
  const { t } = useTranslation('ops');
  const format = useFormat();
  const time = useTimeFormat();
  const summaryId = useId();

  const total = minutes.reduce((sum, minute) => sum + minute.count, 0);
  if (minutes.length === 0 || total === 0) {
    return (
      <p data-testid="ops-chart-summary" className="text-stone-600">
        {t('chart.empty')}
      </p>
    );
  }
  const busiest = minutes.reduce((top, minute) => (minute.count > top.count ? minute : top));
  const last = minutes[minutes.length - 1];
  const slot = WIDTH / minutes.length;

  return (
    <figure className="flex flex-col gap-2">
      <p className="text-xs text-stone-600">{t('chart.peak', { value: format.number(busiest.count) })}</p>
      <svg
        role="img"
        aria-labelledby={summaryId}
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        preserveAspectRatio="none"
        className="h-28 w-full rounded-md bg-stone-50 rtl:-scale-x-100"
      >
        <line x1="0" y1={HEIGHT - 0.5} x2={WIDTH} y2={HEIGHT - 0.5} className="stroke-stone-300" strokeWidth="1" />
        {minutes.map((minute, index) => {
          const height = (minute.count / busiest.count) * (HEIGHT - 4);
          return (
            <rect
              key={minute.minute}
              x={index * slot + slot * 0.15}
              y={HEIGHT - height}
              width={slot * 0.7}
              height={height}
              className="fill-green-600"
            >
              <title>{t('chart.bar', { time: time.timeOfDay(minute.minute), value: format.number(minute.count) })}</title>
            </rect>
          );
        })}
      </svg>
      <div aria-hidden="true" className="flex justify-between text-xs text-stone-600">
        <span>{time.timeOfDay(minutes[0].minute)}</span>
        <span>{time.timeOfDay(last.minute)}</span>
      </div>
      <figcaption id={summaryId} data-testid="ops-chart-summary" className="text-sm text-stone-700">
        {t('chart.summary', {
          total: format.number(total),
          busiest: format.number(busiest.count),
          busiestAt: time.timeOfDay(busiest.minute),
          last: format.number(last.count),
        })}
      </figcaption>
    </figure>
  );
}
