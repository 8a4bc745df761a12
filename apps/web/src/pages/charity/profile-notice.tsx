import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useCharityProfile } from './use-charity-profile';

/**
 * Says, until the charity has saved a matching profile, that no new food is matched to it or notified
 * to it (it still sees the board). On the board it links to the profile; on the profile it needs none.
 */
export function ProfileNotice({ withLink }: { withLink: boolean }) {
  const { t } = useTranslation('notifications');
  const profile = useCharityProfile();
  if (profile.data?.saved !== false) return null;
  return (
    <div data-testid="profile-not-saved" className="mb-5 rounded-xl border border-amber-300 bg-amber-50 p-4 text-stone-800">
      <p>{t('profile.notSaved')}</p>
      {withLink && (
        <Link
          to="/FoodDonationApp?view=profile"
          className="mt-2 inline-flex min-h-11 items-center font-semibold text-green-800 underline hover:text-green-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-green-800"
        >
          {t('profile.notSavedLink')}
        </Link>
      )}
    </div>
  );
}
