import { useTranslation } from 'react-i18next';
import { AuthLayout } from './auth-layout';
import { AuthLink } from './auth-link';
import { LoginForm } from './login-form';

export default function LoginPage() {
  const { t } = useTranslation('auth');
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
      <LoginForm />
    </AuthLayout>
  );
}
