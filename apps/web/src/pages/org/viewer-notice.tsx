import { PAGE_ROUTES } from '@food-link/contracts';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';

/** A donor organisation's viewer sees the reports only: the dashboard points there. */
export function ViewerNotice() {
  const { t } = useTranslation('org');
  return (
    <section className="rounded-xl border border-green-200 bg-green-50 p-5 text-stone-800" data-testid="viewer-notice">
      <h2 className="mb-2 text-xl font-semibold text-stone-900">{t('viewer.heading')}</h2>
      <p className="mb-3">{t('viewer.body')}</p>
      <Link
        to={PAGE_ROUTES.donorImpact}
        className="font-semibold text-green-800 underline hover:text-green-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-green-800"
      >
        {t('viewer.link')}
      </Link>
    </section>
  );
}
