import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { HomeLink } from '../../components/home-link';
import { LanguageSwitch } from '../../components/language-switch';
import { useSession } from '../../session/use-session';

/** The organisation pages' header: home, back to the member's area, and the language. */
export function OrgPageHeader() {
  const { t } = useTranslation('org');
  const session = useSession();
  const area = session?.userType === 'donor' ? '/DonerDashboard' : '/FoodDonationApp';
  return (
    <header className="border-b border-stone-200 bg-white">
      <div className="mx-auto flex max-w-3xl flex-wrap items-center gap-3 px-4 py-3">
        <HomeLink />
        <div className="ms-auto flex items-center gap-2">
          <LanguageSwitch />
        </div>
        {session && (
          <Link
            to={area}
            className="basis-full text-sm font-semibold text-green-800 underline underline-offset-2 hover:text-green-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-green-800 sm:basis-auto"
          >
            {t('back')}
          </Link>
        )}
      </div>
    </header>
  );
}
