import { useTranslation } from 'react-i18next';
import { AuthLayout } from './auth-layout';
import { AuthLink } from './auth-link';
import { SignUpForm } from './sign-up-form';
import { useScreenTexts } from '../../i18n/use-screen-texts';

export default function SignUpCharityPage() {
  useScreenTexts(['auth', 'messages']);
  const { t } = useTranslation('auth');
  return (
    <AuthLayout
      title={t('signUpCharity.title')}
      intro={t('signUpCharity.intro')}
      footer={
        <>
          <AuthLink prompt={t('links.haveAccount')} to="/Login" label={t('links.login')} />
          <AuthLink prompt={t('links.donorInstead')} to="/SignUpDonor" label={t('links.signUpDonor')} />
        </>
      }
    >
      <SignUpForm kind="charity" />
    </AuthLayout>
  );
}
