import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useFormat } from '../../i18n/format';

const JOURNEYS = [
  { key: 'donors', to: '/SignUpDonor', accent: 'bg-green-700' },
  { key: 'charities', to: '/SignUpCharity', accent: 'bg-amber-600' },
] as const;

const STEPS = ['step1', 'step2', 'step3', 'step4'] as const;

/** How It Works (#how-it-works): the donor's and the charity's journeys side by side. */
export function HowItWorksSection() {
  const { t } = useTranslation('landing');
  // Step numbers in the reader's digits (Arabic-Indic in Arabic).
  const format = useFormat();
  return (
    <section
      id="how-it-works"
      tabIndex={-1}
      aria-labelledby="how-it-works-title"
      className="scroll-mt-20 bg-stone-50 focus:outline-none"
    >
      <div className="mx-auto max-w-6xl px-4 py-16">
        <h2 id="how-it-works-title" className="text-center text-3xl font-bold text-stone-900">
          {t('common:nav.howItWorks')}
        </h2>
        <p className="mt-3 text-center text-lg text-stone-700">{t('how.lead')}</p>
        <p className="mt-2 text-center text-stone-700">
          {t('how.safety')}{' '}
          <Link to="/food-safety" className="font-semibold text-green-800 underline underline-offset-2 hover:text-green-900">
            {t('how.safetyLink')}
          </Link>
        </p>
        <div className="mt-10 grid gap-6 md:grid-cols-2">
          {JOURNEYS.map((journey) => (
            <article key={journey.key} className="flex flex-col rounded-2xl bg-white p-6 shadow-sm ring-1 ring-stone-200">
              <h3 className="text-xl font-bold text-stone-900">{t(`how.${journey.key}.title`)}</h3>
              <ol className="mt-5 flex flex-1 flex-col gap-4">
                {STEPS.map((step, index) => (
                  <li key={step} className="flex items-start gap-3">
                    <span
                      aria-hidden="true"
                      className={`flex size-8 shrink-0 items-center justify-center rounded-full font-bold text-white ${journey.accent}`}
                    >
                      {format.number(index + 1)}
                    </span>
                    <span className="pt-1 text-stone-700">{t(`how.${journey.key}.${step}`)}</span>
                  </li>
                ))}
              </ol>
              <Link
                to={journey.to}
                className="mt-6 self-start rounded-full bg-green-700 px-5 py-2 font-semibold text-white transition hover:bg-green-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-green-700"
              >
                {t(`how.${journey.key}.cta`)}
              </Link>
            </article>
          ))}
        </div>
      </div>
    </section>
  );
}
