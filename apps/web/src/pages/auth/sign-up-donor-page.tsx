import { useTranslation } from 'react-i18next';
import { AuthLayout } from './auth-layout';
import { AuthLink } from './auth-link';
import { SignUpForm } from './sign-up-form';
import { useScreenTexts } from '../../i18n/use-screen-texts';

export default function SignUpDonorPage() {
  useScreenTexts(['auth', 'messages']);
  const { t } = useTranslation('auth');
  return (
    <AuthLayout
      title={t('signUpDonor.title')}
      intro={t('signUpDonor.intro')}
      footer={
        <>
          <AuthLink prompt={t('links.haveAccount')} to="/Login" label={t('links.login')} />
          <AuthLink prompt={t('links.charityInstead')} to="/SignUpCharity" label={t('links.signUpCharity')} />
        </>
      }
    >
      <SignUpForm kind="donor" />
    </AuthLayout>
  );
}
