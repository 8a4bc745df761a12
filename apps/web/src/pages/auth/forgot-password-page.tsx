import { ForgotPasswordBody } from '@food-link/contracts';
import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { endpoints } from '../../api/endpoints';
import { checkForm, useFieldMessage, type FieldProblems } from '../../components/check-form';
import { FormField } from '../../components/form-field';
import { AuthLayout } from './auth-layout';
import { AuthLink } from './auth-link';
import { FormMessage } from './form-message';
import { SubmitButton } from './submit-button';
import { useScreenTexts } from '../../i18n/use-screen-texts';

/**
 * "Forgot password?": asks for a reset link. The confirmation is the same whatever the address (the API
 * answers alike too), so the page tells nobody whether an account exists. The e-mail is written in the
 * language the page is in.
 */
export default function ForgotPasswordPage() {
  useScreenTexts(['auth', 'messages']);
  const { t, i18n } = useTranslation('auth');
  const fieldMessage = useFieldMessage();
  const [email, setEmail] = useState('');
  const [problems, setProblems] = useState<FieldProblems>({});
  const mutation = useMutation({ mutationFn: endpoints.forgotPassword });

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const checked = checkForm(ForgotPasswordBody, { email, language: i18n.language === 'ar' ? 'ar' : 'en' });
    setProblems(checked.problems ?? {});
    if (checked.body) mutation.mutate(checked.body);
  };

  return (
    <AuthLayout
      title={t('forgot.title')}
      intro={t('forgot.intro')}
      footer={<AuthLink prompt={t('links.haveAccount')} to="/Login" label={t('links.login')} />}
    >
      <form onSubmit={submit} noValidate className="flex flex-col gap-4">
        <FormField
          label={t('fields.email')}
          type="email"
          name="email"
          autoComplete="email"
          dir="ltr"
          required
          value={email}
          error={fieldMessage(problems.email)}
          onChange={(event) => setEmail(event.target.value)}
        />
        <SubmitButton sending={mutation.isPending} label={t('forgot.submit')} sendingLabel={t('forgot.sending')} />
        <FormMessage error={mutation.isError ? t('forgot.error') : null} success={mutation.isSuccess ? t('forgot.sent') : null} />
      </form>
    </AuthLayout>
  );
}
