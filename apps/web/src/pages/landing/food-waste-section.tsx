import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';

/** The spec's six food-waste figures (section 9), in the order it lists them. */
const FACTS = ['emissions', 'freshwater', 'land', 'money', 'access', 'hunger'] as const;

/** About Food Waste (#call-to-action): the figures, then the invitation to act. */
export function FoodWasteSection() {
  const { t } = useTranslation('landing');
  return (
    <section
      id="call-to-action"
      tabIndex={-1}
      aria-labelledby="call-to-action-title"
      className="scroll-mt-20 bg-stone-50 focus:outline-none"
    >
      <div className="mx-auto max-w-6xl px-4 py-16">
        <h2 id="call-to-action-title" className="text-center text-3xl font-bold text-stone-900">
          {t('common:nav.aboutFoodWaste')}
        </h2>
        <p className="mx-auto mt-3 max-w-3xl text-center text-lg text-stone-700">{t('facts.lead')}</p>
        <ul className="mt-10 grid gap-4 sm:grid-cols-2 md:grid-cols-3">
          {FACTS.map((fact) => (
            <li key={fact} className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-stone-200">
              <p className="text-3xl font-extrabold text-green-800">
                <bdi>{t(`facts.${fact}.figure`)}</bdi>
              </p>
              <p className="mt-2 text-stone-700">{t(`facts.${fact}.text`)}</p>
              {/* Each figure says where it comes from. */}
              <p className="mt-3 text-xs text-stone-600">{t('facts.sourceLabel', { source: t(`facts.${fact}.source`) })}</p>
            </li>
          ))}
        </ul>
        <div className="mt-12 flex flex-col items-center gap-4 rounded-2xl bg-amber-100 px-6 py-8 text-center">
          <h3 className="text-2xl font-bold text-stone-900">{t('facts.ctaTitle')}</h3>
          <div className="flex flex-wrap justify-center gap-3">
            <Link
              to="/SignUpDonor"
              className="rounded-full bg-green-700 px-6 py-3 font-semibold text-white transition hover:bg-green-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-green-700"
            >
              {t('facts.donorCta')}
            </Link>
            <Link
              to="/SignUpCharity"
              className="rounded-full border-2 border-green-700 bg-white px-6 py-3 font-semibold text-green-800 transition hover:bg-green-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-green-700"
            >
              {t('facts.charityCta')}
            </Link>
          </div>
        </div>
      </div>
    </section>
  );
}
