import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { formatNumber } from '../../i18n/format';
import { useCharityVerification } from './use-charity-verification';

/**
 * On the board, for a charity that is not verified: its status and how many claims it may hold, with a
 * link to the verification view. Said before a claim is refused at the limit, not after.
 */
export function VerificationNotice() {
  const { t, i18n } = useTranslation('verification');
  const { data: view } = useCharityVerification();
  if (!view || view.status === 'verified') return null;
  return (
    <div data-testid="verification-notice" className="mb-5 rounded-xl border border-amber-300 bg-amber-50 p-4 text-stone-800">
      <p>
        <span className="font-semibold">{t(`status.${view.status}`)}.</span>{' '}
        {t(`means.${view.status}`, { limit: formatNumber(view.claim_limit, i18n.language) })}
      </p>
      <Link
        to="/FoodDonationApp?view=verification"
        className="mt-2 inline-flex min-h-11 items-center font-semibold text-green-800 underline hover:text-green-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-green-800"
      >
        {t('navLink')}
      </Link>
    </div>
  );
}
