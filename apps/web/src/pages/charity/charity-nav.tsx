import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { useSignOut } from '../../sign-out/use-sign-out';
import { useSession } from '../../session/use-session';
import { HomeLink } from '../../components/home-link';
import { LanguageSwitch } from '../../components/language-switch';
import { NotificationBell } from '../../components/notification-bell';
import { useCharityName } from '../../session/use-charity-name';
import { PAGE_ROUTES, type OrgRole } from '@food-link/contracts';
import { can } from '../../components/use-org';

type NavView = 'available' | 'requests' | 'profile' | 'impact' | 'verification' | 'pickups' | 'trips';
type CharityNavProps = { current: NavView; onShow: (view: NavView) => void; role: OrgRole | null };

const buttonClass =
  'inline-flex min-h-11 items-center rounded-lg px-3 text-sm font-semibold focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-green-800';

/**
 * The charity area's header. On a phone the first row holds the home link and the account controls, so
 * Log Out never drops to a row of its own whatever the name's length; the charity's name and the two
 * views take the rows below. From the medium breakpoint all sit on one row. A signed-in charity also has its
 * matching profile, its impact and its verification as views, and the notification bell after the views. A visitor who is not signed in is offered Log In instead of Log Out.
 */
export function CharityNav({ current, onShow, role }: CharityNavProps) {
  const { t } = useTranslation('charity');
  const navigate = useNavigate();
  const signOut = useSignOut();
  const session = useSession();
  const charityName = useCharityName();
  const viewButton = (view: NavView, label: string) => (
    <button
      type="button"
      aria-current={current === view ? 'page' : undefined}
      onClick={() => onShow(view)}
      className={`${buttonClass} ${current === view ? 'bg-green-700 text-white' : 'text-stone-800 hover:bg-stone-100'}`}
    >
      {label}
    </button>
  );

  return (
    <header className="border-b border-stone-200 bg-white">
      <nav aria-label={t('nav.label')} className="mx-auto flex max-w-7xl flex-wrap items-center gap-x-3 gap-y-2 px-4 py-3 sm:px-6">
        <HomeLink />
        {session && charityName ? (
          <p dir="auto" className="order-1 min-w-0 basis-full text-lg font-bold break-words text-green-800 md:order-none md:basis-0 md:flex-1">
            {charityName}
          </p>
        ) : (
          <span className="hidden md:block md:flex-1" />
        )}
        <div className="order-2 flex w-full flex-wrap gap-2 md:order-none md:w-auto">
          {/* A volunteer has their pickups only; the verification is the administrator's (docs/ORGANISATIONS.md). */}
          {(!role || can.claim(role)) && viewButton('available', t('nav.available'))}
          {(!role || can.claim(role)) && viewButton('requests', t('nav.requests'))}
          {session && role && viewButton('pickups', t('pickups.navLink', { ns: 'org' }))}
          {session && role === 'volunteer' && viewButton('trips', t('transport.navLink', { ns: 'org' }))}
          {session && role && can.claim(role) && viewButton('profile', t('nav.profile'))}
          {session && role && can.reports(role) && viewButton('impact', t('charity.navLink', { ns: 'impact' }))}
          {session && role && can.settings(role) && viewButton('verification', t('navLink', { ns: 'verification' }))}
          {session && role && (
            <Link to={PAGE_ROUTES.organisation} className={`${buttonClass} text-stone-800 hover:bg-stone-100`}>
              {t('navLink', { ns: 'org' })}
            </Link>
          )}
          {session && role && can.claim(role) && (
            <Link to={PAGE_ROUTES.charityWeek} className={`${buttonClass} text-stone-800 underline underline-offset-2 hover:bg-stone-100`}>
              {t('nav.week')}
            </Link>
          )}
          {/* With the views rather than the account controls: those keep to the first row on a phone. */}
          <NotificationBell className="ms-auto md:ms-0" signOut={signOut} />
        </div>
        <div className="ms-auto flex shrink-0 items-center gap-2 md:ms-0">
          <LanguageSwitch />
          {session ? (
            <button
              type="button"
              onClick={() => void signOut().then(() => navigate('/'))}
              className={`${buttonClass} border border-stone-300 text-stone-800 hover:bg-stone-100`}
            >
              {t('nav.logout')}
            </button>
          ) : (
            <Link to="/Login" className={`${buttonClass} bg-green-700 text-white hover:bg-green-800`}>
              {t('nav.login')}
            </Link>
          )}
        </div>
      </nav>
    </header>
  );
}
