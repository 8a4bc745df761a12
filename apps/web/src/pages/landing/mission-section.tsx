import { useTranslation } from 'react-i18next';
import { useFormat } from '../../i18n/format';
import { useImpactTotals } from './use-impact-totals';

/** Our Mission (#about), with the impact counters. */
export function MissionSection() {
  const { t } = useTranslation('landing');
  const format = useFormat();
  const { meals, charities, kg, co2eKg } = useImpactTotals();
  // Whole kilograms: the counters are for reading at a glance (the impact pages give decimals).
  const weight = (value?: number) => (value === undefined ? '—' : format.number(Math.round(value)));
  const counters = [
    { key: 'meals', value: meals === undefined ? t('mission.staticMeals') : format.number(meals), label: t('mission.mealsLabel') },
    {
      key: 'charities',
      value: charities === undefined ? t('mission.staticCharities') : format.number(charities),
      label: t('mission.charitiesLabel'),
    },
    { key: 'kg', value: weight(kg), label: t('mission.kgLabel') },
    { key: 'co2e', value: weight(co2eKg), label: t('mission.co2eLabel') },
  ];
  return (
    <section id="about" tabIndex={-1} aria-labelledby="about-title" className="scroll-mt-20 bg-white focus:outline-none">
      <div className="mx-auto grid max-w-6xl gap-10 px-4 py-16 md:grid-cols-2 md:items-center">
        <div>
          <h2 id="about-title" className="text-3xl font-bold text-stone-900">
            {t('common:nav.mission')}
          </h2>
          <p className="mt-4 text-lg leading-relaxed text-stone-700">{t('mission.body')}</p>
        </div>
        <div>
          <h3 className="sr-only">{t('mission.impactTitle')}</h3>
          <dl className="grid grid-cols-2 gap-4">
            {counters.map((counter) => (
              <div key={counter.key} className="flex flex-col-reverse rounded-2xl bg-green-800 p-6 text-center text-white shadow-md">
                <dt className="mt-2 text-green-100">{counter.label}</dt>
                {/* A fixed height and tabular digits keep the layout still when live numbers replace the static ones. */}
                <dd className="flex h-14 items-center justify-center text-4xl font-extrabold tabular-nums md:text-5xl">
                  <bdi>{counter.value}</bdi>
                </dd>
              </div>
            ))}
          </dl>
          <p className="mt-3 text-center text-sm text-stone-600">{t('mission.liveNote')}</p>
        </div>
      </div>
    </section>
  );
}
