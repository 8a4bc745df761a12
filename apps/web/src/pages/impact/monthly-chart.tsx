import type { ImpactMonth } from '@food-link/contracts';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useImpactFormat } from './impact-format';
import { ImpactTable } from './impact-table';

type Metric = 'kg' | 'meals' | 'co2e_kg';

const WIDTH = 320;
const HEIGHT = 120;
const AXIS = 18;
const COLOURS: Record<Metric, string> = { kg: 'fill-green-700', meals: 'fill-amber-600', co2e_kg: 'fill-sky-700' };

/** Where each month's bar sits: oldest at the reading start (the left, or the right in Arabic). */
export function barLayout(count: number, rtl: boolean): { x: number; width: number }[] {
  const slot = WIDTH / Math.max(count, 1);
  const width = Math.max(Math.min(slot * 0.7, 40), 2);
  return Array.from({ length: count }, (_, index) => {
    const position = rtl ? count - 1 - index : index;
    return { x: position * slot + (slot - width) / 2, width };
  });
}

/** Which months carry a label under the axis: at most six, evenly spaced, always the latest. */
export function labelledMonths(count: number): Set<number> {
  const step = Math.ceil(count / 6);
  const chosen = new Set<number>();
  for (let index = count - 1; index >= 0; index -= step) chosen.add(index);
  return chosen;
}

/**
 * One figure's bars by month, drawn with plain SVG. Screen readers hear a one-sentence summary (the SVG
 * is an image with that name); the table under the charts carries every figure.
 */
function MetricChart({ months, metric, label, format }: { months: ImpactMonth[]; metric: Metric; label: string; format: (value: number) => string }) {
  const { t, i18n } = useTranslation('impact');
  const date = useImpactFormat();
  const captionId = useId();
  const max = Math.max(...months.map((month) => month[metric]), 0);
  const maxMonth = months.find((month) => month[metric] === max) ?? months[0];
  const bars = barLayout(months.length, i18n.dir() === 'rtl');
  const labelled = labelledMonths(months.length);
  const plot = HEIGHT - AXIS;
  const summary = t('chart.summary', {
    metric: label,
    first: date.month(months[0].month),
    last: date.month(months[months.length - 1].month),
    max: format(max),
    maxMonth: date.month(maxMonth.month),
  });
  return (
    <figure aria-labelledby={captionId} className="rounded-xl border border-stone-200 bg-white p-4 shadow-sm">
      <figcaption id={captionId} className="mb-2 font-semibold text-stone-900">
        {label}
      </figcaption>
      <svg role="img" aria-label={summary} viewBox={`0 0 ${WIDTH} ${HEIGHT}`} className="h-auto w-full" data-metric={metric}>
        <line x1={0} x2={WIDTH} y1={plot} y2={plot} className="stroke-stone-400" strokeWidth={1} />
        {months.map((month, index) => {
          const height = max > 0 ? (month[metric] / max) * (plot - 4) : 0;
          const bar = bars[index];
          return (
            <g key={month.month}>
              <rect x={bar.x} y={plot - height} width={bar.width} height={height} rx={2} className={COLOURS[metric]} data-month={month.month} data-value={month[metric]}>
                <title>{`${date.month(month.month)}: ${format(month[metric])}`}</title>
              </rect>
              {labelled.has(index) && (
                <text x={bar.x + bar.width / 2} y={HEIGHT - 4} textAnchor="middle" className="fill-stone-600 text-[9px]">
                  {date.month(month.month)}
                </text>
              )}
            </g>
          );
        })}
      </svg>
    </figure>
  );
}

/** kg, meals and CO2e by month: three bar charts (each on its own scale) and the same figures as a table. */
export function MonthlyChart({ months }: { months: ImpactMonth[] }) {
  const { t } = useTranslation('impact');
  const format = useImpactFormat();
  const headingId = useId();
  if (months.length === 0) return null;
  return (
    <section aria-labelledby={headingId} className="mt-8">
      <h2 id={headingId} className="mb-3 text-xl font-semibold text-stone-900">
        {t('chart.heading')}
      </h2>
      <div className="grid gap-3 md:grid-cols-3">
        <MetricChart months={months} metric="kg" label={t('figures.kg')} format={format.kg} />
        <MetricChart months={months} metric="meals" label={t('figures.meals')} format={format.meals} />
        <MetricChart months={months} metric="co2e_kg" label={t('figures.co2e')} format={format.co2e} />
      </div>
      <details className="mt-3">
        <summary className="inline-flex min-h-11 cursor-pointer items-center rounded-md font-semibold text-green-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-green-800">
          {t('chart.table')}
        </summary>
        <ImpactTable
          caption={t('chart.caption')}
          captionClass="mt-2 text-stone-700"
          columns={[
            { heading: t('chart.month') },
            { heading: t('figures.kg'), numeric: true },
            { heading: t('figures.meals'), numeric: true },
            { heading: t('figures.co2e'), numeric: true },
          ]}
          rows={months.map((month) => ({
            key: month.month,
            cells: [format.month(month.month), format.kg(month.kg), format.meals(month.meals), format.co2e(month.co2e_kg)],
          }))}
        />
      </details>
    </section>
  );
}
