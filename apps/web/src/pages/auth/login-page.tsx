import { PAGE_ROUTES } from '@food-link/contracts';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router-dom';
import type { SuspendedSignOut } from '../../session/account-suspension';
import { useSession } from '../../session/use-session';
import { AuthLayout } from './auth-layout';
import { AuthLink } from './auth-link';
import { LoginForm } from './login-form';
import { SuspendedNotice } from './suspended-notice';
import { useScreenTexts } from '../../i18n/use-screen-texts';

export default function LoginPage() {
  useScreenTexts(['auth', 'messages']);
  const { t } = useTranslation('auth');
  // Handed over by the suspension watch as it signs the user out; said only while nobody is signed in.
  const suspended = (useLocation().state as Partial<SuspendedSignOut> | null)?.suspended;
  const signedIn = useSession() !== null;
  return (
    <AuthLayout
      title={t('login.title')}
      intro={t('login.intro')}
      footer={
        <>
          <AuthLink prompt={t('links.noAccount')} to="/SignUpDonor" label={t('links.signUpDonor')} />
          <AuthLink prompt={t('links.charityInstead')} to="/SignUpCharity" label={t('links.signUpCharity')} />
        </>
      }
    >
      {suspended && !signedIn ? <SuspendedNotice reason={suspended.reason} /> : null}
      <LoginForm />
      <p className="mt-4 text-sm">
        <Link
          to={PAGE_ROUTES.forgotPassword}
          className="rounded-sm font-semibold text-green-800 underline underline-offset-2 hover:text-green-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-green-700"
        >
          {t('links.forgotPassword')}
        </Link>
      </p>
    </AuthLayout>
  );
}
