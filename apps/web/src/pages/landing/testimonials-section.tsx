import { useTranslation } from 'react-i18next';

const QUOTES = ['one', 'two'] as const;

/** Testimonials (#testimonials): a donor's and a charity's words. */
export function TestimonialsSection() {
  const { t } = useTranslation('landing');
  return (
    <section id="testimonials" tabIndex={-1} aria-labelledby="testimonials-title" className="scroll-mt-20 bg-white focus:outline-none">
      <div className="mx-auto max-w-6xl px-4 py-16">
        <h2 id="testimonials-title" className="text-center text-3xl font-bold text-stone-900">
          {t('common:nav.testimonials')}
        </h2>
        <p className="mt-3 text-center text-lg text-stone-700">{t('testimonials.lead')}</p>
        <div className="mt-10 grid gap-6 md:grid-cols-2">
          {QUOTES.map((quote) => (
            <figure key={quote} className="relative rounded-2xl bg-amber-50 p-8 ring-1 ring-amber-200">
              <span aria-hidden="true" className="absolute -top-4 start-6 text-6xl font-serif leading-none text-amber-500">
                “
              </span>
              <blockquote className="text-lg leading-relaxed text-stone-800">{t(`testimonials.${quote}.quote`)}</blockquote>
              <figcaption className="mt-5">
                <span className="block font-bold text-stone-900">{t(`testimonials.${quote}.name`)}</span>
                <span className="block text-sm text-stone-600">{t(`testimonials.${quote}.role`)}</span>
              </figcaption>
            </figure>
          ))}
        </div>
      </div>
    </section>
  );
}
