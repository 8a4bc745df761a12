import type { ImpactFigures } from '@food-link/contracts';
import { useTranslation } from 'react-i18next';
import { useImpactFormat } from './impact-format';
import './impact-texts';

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
  return (
    <div className="overflow-x-auto">
      <table className="w-full min-w-72 border-collapse text-start text-sm">
        <caption className="mb-2 text-start text-lg font-semibold text-stone-900">{caption}</caption>
        <thead>
          <tr className="border-b border-stone-300 text-stone-700">
            <th scope="col" className="py-2 pe-3 text-start font-semibold">{nameHeading}</th>
            <th scope="col" className="py-2 pe-3 text-end font-semibold">{t('figures.kg')}</th>
            <th scope="col" className="py-2 pe-3 text-end font-semibold">{t('figures.meals')}</th>
            {withCo2e && <th scope="col" className="py-2 text-end font-semibold">{t('figures.co2e')}</th>}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.key} className="border-b border-stone-100">
              <th scope="row" dir="auto" className="py-2 pe-3 text-start font-normal text-stone-900">{row.name}</th>
              <td className="py-2 pe-3 text-end tabular-nums">{format.kg(row.kg)}</td>
              <td className="py-2 pe-3 text-end tabular-nums">{format.meals(row.meals)}</td>
              {withCo2e && <td className="py-2 text-end tabular-nums">{format.co2e(row.co2e_kg ?? 0)}</td>}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
