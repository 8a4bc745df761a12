import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';

/** The first screen: what Food Link does, and the two ways to join. */
export function HeroSection() {
  const { t } = useTranslation('landing');
  return (
    <section
      id="hero"
      tabIndex={-1}
      aria-labelledby="hero-title"
      className="scroll-mt-20 bg-gradient-to-b from-green-50 via-white to-amber-50/60 focus:outline-none"
    >
      <div className="mx-auto grid max-w-6xl items-center gap-10 px-4 py-16 md:grid-cols-[3fr_2fr] md:py-24">
        <div>
          <p className="mb-4 inline-block rounded-full bg-green-100 px-3 py-1 text-sm font-semibold text-green-900">
            {t('hero.eyebrow')}
          </p>
          <h1 id="hero-title" className="text-4xl font-extrabold leading-tight text-stone-900 text-balance md:text-5xl">
            {t('hero.title')}
          </h1>
          <p className="mt-5 max-w-2xl text-lg leading-relaxed text-stone-700">{t('hero.lead')}</p>
          <div className="mt-8 flex flex-wrap gap-3">
            <Link
              to="/SignUpDonor"
              className="rounded-full bg-green-700 px-6 py-3 font-semibold text-white shadow-sm transition hover:bg-green-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-green-700"
            >
              {t('hero.donorCta')}
            </Link>
            <Link
              to="/SignUpCharity"
              className="rounded-full border-2 border-green-700 bg-white px-6 py-3 font-semibold text-green-800 transition hover:bg-green-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-green-700"
            >
              {t('hero.charityCta')}
            </Link>
          </div>
          <p className="mt-5 text-sm text-stone-600">
            {t('hero.haveAccount')}{' '}
            <Link to="/Login" className="font-semibold text-green-800 underline underline-offset-2 hover:text-green-900">
              {t('common:nav.login')}
            </Link>
          </p>
        </div>
        <HeroIllustration />
      </div>
    </section>
  );
}

/** A plate of shared food: decoration only, hidden from screen readers. */
function HeroIllustration() {
  return (
    <svg aria-hidden="true" viewBox="0 0 240 200" className="mx-auto hidden w-full max-w-sm md:block">
      <circle cx="120" cy="100" r="92" className="fill-green-100" />
      <ellipse cx="120" cy="128" rx="78" ry="20" className="fill-amber-200" />
      <path d="M46 124a74 54 0 0 0 148 0z" className="fill-white stroke-green-700" strokeWidth="4" />
      <circle cx="94" cy="110" r="16" className="fill-amber-500" />
      <circle cx="122" cy="104" r="18" className="fill-orange-400" />
      <circle cx="150" cy="112" r="14" className="fill-lime-500" />
      <path d="M150 60c18-18 40-14 40-14s-2 24-24 32c-8 3-16 0-16-18z" className="fill-green-600" />
      <path d="M98 76c-4-10 4-16 0-26M120 72c-4-10 4-16 0-26M142 76c-4-10 4-16 0-26" className="stroke-stone-400" fill="none" strokeWidth="3" strokeLinecap="round" />
    </svg>
  );
}
