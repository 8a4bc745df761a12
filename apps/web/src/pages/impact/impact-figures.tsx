import type { ImpactFigures } from '@food-link/contracts';
import { useTranslation } from 'react-i18next';
import { useImpactFormat } from './impact-format';
import { ImpactTable } from './impact-table';

/** The four totals (kg, meals, CO2e, water) as a description list of cards. */
export function ImpactTotals({ figures }: { figures: ImpactFigures }) {
  const { t } = useTranslation('impact');
  const format = useImpactFormat();
  const items = [
    { label: t('figures.kg'), value: format.kg(figures.kg) },
    { label: t('figures.meals'), value: format.meals(figures.meals) },
    { label: t('figures.co2e'), value: format.co2e(figures.co2e_kg) },
    { label: t('figures.water'), value: format.water(figures.water_l) },
  ];
  return (
    <dl aria-label={t('figures.label')} className="grid grid-cols-2 gap-3 md:grid-cols-4">
      {items.map((item) => (
        <div key={item.label} className="flex flex-col-reverse rounded-xl border border-stone-200 bg-white p-4 shadow-sm">
          <dt className="text-sm text-stone-600">{item.label}</dt>
          <dd className="text-2xl font-bold text-green-800">{item.value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** A table of named rows with their kg and meals (and CO2e when given): per pickup point, charity or donor. */
export function FiguresTable({
  caption,
  nameHeading,
  rows,
}: {
  caption: string;
  nameHeading: string;
  rows: { key: string; name: string; kg: number; meals: number; co2e_kg?: number }[];
}) {
  const { t } = useTranslation('impact');
  const format = useImpactFormat();
  const withCo2e = rows.some((row) => row.co2e_kg !== undefined);
  const columns = [{ heading: nameHeading }, { heading: t('figures.kg'), numeric: true }, { heading: t('figures.meals'), numeric: true }];
  return (
    <ImpactTable
      caption={caption}
      columns={withCo2e ? [...columns, { heading: t('figures.co2e'), numeric: true }] : columns}
      rows={rows.map((row) => {
        const cells = [row.name, format.kg(row.kg), format.meals(row.meals)];
        return { key: row.key, cells: withCo2e ? [...cells, format.co2e(row.co2e_kg ?? 0)] : cells };
      })}
    />
  );
}
