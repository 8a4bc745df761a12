import { useTranslation } from 'react-i18next';
import { PAGE_ROUTES, type OrgRole } from '@food-link/contracts';
import { can } from '../../components/use-org';
import { Link, useNavigate } from 'react-router-dom';
import { useSignOut } from '../../sign-out/use-sign-out';
import { HomeLink } from '../../components/home-link';
import { LanguageSwitch } from '../../components/language-switch';
import { NotificationBell } from '../../components/notification-bell';

type DonorHeaderProps = {
  signedIn: boolean;
  /** The member's role once known: it decides which buttons there are (docs/ORGANISATIONS.md). */
  role: OrgRole | null;
  formOpen: boolean;
  formId: string;
  onToggleForm: () => void;
};

const buttonClass =
  'rounded-lg px-4 py-2 font-semibold focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-green-800';

export function DonorHeader({ signedIn, role, formOpen, formId, onToggleForm }: DonorHeaderProps) {
  const { t } = useTranslation('donor');
  const navigate = useNavigate();
  const signOut = useSignOut();
  return (
    <div className="mb-6 flex flex-wrap items-center gap-3">
      <div className="basis-full">
        <HomeLink />
      </div>
      <h1 className="me-auto text-3xl font-bold text-stone-900">{t('title')}</h1>
      {signedIn && <NotificationBell signOut={signOut} />}
      <LanguageSwitch />
      {signedIn && (
        <>
          {role && (
            <Link to={PAGE_ROUTES.organisation} className={`${buttonClass} border border-stone-300 text-stone-800 hover:bg-stone-100`}>
              {t('navLink', { ns: 'org' })}
            </Link>
          )}
          {role && can.reports(role) && (
            <Link to={PAGE_ROUTES.donorImpact} className={`${buttonClass} border border-green-700 text-green-800 hover:bg-green-50`}>
              {t('nav.impact')}
            </Link>
          )}
          {role && can.manageListings(role) && (
            <Link to={PAGE_ROUTES.donorSchedules} className={`${buttonClass} border border-green-700 text-green-800 hover:bg-green-50`}>
              {t('nav.schedules')}
            </Link>
          )}
          {role && can.list(role) && (
            <button
              type="button"
              aria-expanded={formOpen}
              aria-controls={formOpen ? formId : undefined}
              onClick={onToggleForm}
              className={`${buttonClass} bg-green-700 text-white hover:bg-green-800`}
            >
              {formOpen ? t('toggle.close') : t('toggle.open')}
            </button>
          )}
          <button
            type="button"
            // The spec's donor-side logout: the stored user id and cached list go with the rest.
            onClick={() => void signOut().then(() => navigate('/'))}
            className={`${buttonClass} border border-stone-300 text-stone-800 hover:bg-stone-100`}
          >
            {t('nav.logout', { ns: 'common' })}
          </button>
        </>
      )}
    </div>
  );
}
