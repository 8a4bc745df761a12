import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { localeOf } from '../../i18n/i18n';

const SECTIONS = [
  { id: 'about', label: 'common:nav.mission' },
  { id: 'how-it-works', label: 'common:nav.howItWorks' },
  { id: 'testimonials', label: 'common:nav.testimonials' },
  { id: 'call-to-action', label: 'common:nav.aboutFoodWaste' },
] as const;

const JOIN = [
  { to: '/SignUpDonor', label: 'hero.donorCta' },
  { to: '/SignUpCharity', label: 'hero.charityCta' },
  { to: '/Login', label: 'common:nav.login' },
] as const;

const ABOUT = [
  { to: '/contact', label: 'footer.contact' },
  { to: '/privacy', label: 'footer.privacy' },
  { to: '/terms', label: 'footer.terms' },
  { to: '/food-safety', label: 'footer.foodSafety' },
  { to: '/impact', label: 'footer.impact' },
] as const;

const linkClass = 'rounded-sm text-stone-300 hover:text-white focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-green-400';

/** One titled column of in-app links. */
function FooterLinks({ id, heading, links }: { id: string; heading: string; links: readonly { to: string; label: string }[] }) {
  const { t } = useTranslation('landing');
  return (
    <nav aria-labelledby={id}>
      <h2 id={id} className="font-semibold text-white">
        {heading}
      </h2>
      <ul className="mt-3 flex flex-col gap-2">
        {links.map((link) => (
          <li key={link.to}>
            <Link to={link.to} className={linkClass}>
              {t(link.label)}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

export function SiteFooter() {
  const { t, i18n } = useTranslation('landing');
  // The year in the reader's digits, without the thousands separator a number would get.
  const year = new Intl.DateTimeFormat(localeOf(i18n.language), { year: 'numeric' }).format(new Date());
  return (
    <footer className="bg-stone-900 text-stone-300">
      <div className="mx-auto grid max-w-6xl gap-8 px-4 py-12 sm:grid-cols-2 md:grid-cols-4">
        <div>
          <p className="text-xl font-extrabold text-white">{t('common:brand')}</p>
          <p className="mt-2 max-w-xs">{t('footer.tagline')}</p>
        </div>
        <nav aria-labelledby="footer-explore">
          <h2 id="footer-explore" className="font-semibold text-white">
            {t('footer.explore')}
          </h2>
          <ul className="mt-3 flex flex-col gap-2">
            {SECTIONS.map((section) => (
              <li key={section.id}>
                {/* The landing page's sections: the browser's own fragment jump there, or a load of the landing page from another page. */}
                <a href={`/#${section.id}`} className={linkClass}>
                  {t(section.label)}
                </a>
              </li>
            ))}
          </ul>
        </nav>
        <FooterLinks id="footer-join" heading={t('footer.getStarted')} links={JOIN} />
        <FooterLinks id="footer-about" heading={t('footer.about')} links={ABOUT} />
      </div>
      <p className="border-t border-stone-700 px-4 py-5 text-center text-sm text-stone-400">{t('footer.rights', { year })}</p>
    </footer>
  );
}
