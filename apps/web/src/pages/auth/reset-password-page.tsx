import { PAGE_ROUTES, ResetPasswordBody } from '@food-link/contracts';
import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { ApiError } from '../../api/client';
import { endpoints } from '../../api/endpoints';
import { clearSession } from '../../session/session';
import { checkForm, useFieldMessage, type FieldProblems } from '../../components/check-form';
import { FormField } from '../../components/form-field';
import { useServerMessage } from '../../i18n/server-message';
import { AuthLayout } from './auth-layout';
import { AuthLink } from './auth-link';
import { FormMessage } from './form-message';
import { SubmitButton } from './submit-button';
import { useScreenTexts } from '../../i18n/use-screen-texts';

const linkClass = 'font-semibold text-green-800 underline underline-offset-2 hover:text-green-900';

/**
 * The page the e-mailed link opens (`/reset-password?token=…`): a new password, typed twice. The
 * password rules are the sign-up's (the same shape checks both). Once it is set, every session of the
 * account has ended, this browser's included, so it signs in afresh.
 */
export default function ResetPasswordPage() {
  useScreenTexts(['auth', 'messages']);
  const { t } = useTranslation('auth');
  const fieldMessage = useFieldMessage();
  const serverMessage = useServerMessage();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [values, setValues] = useState({ password: '', confirm: '' });
  const [problems, setProblems] = useState<FieldProblems>({});
  const mutation = useMutation({ mutationFn: endpoints.resetPassword, onSuccess: () => clearSession() });

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const checked = checkForm(ResetPasswordBody, { token, password: values.password });
    const found: FieldProblems = { ...(checked.problems ?? {}) };
    if (!found.password && values.password !== values.confirm) found.confirm = t('reset.mismatch');
    setProblems(found);
    if (checked.body && !found.confirm) mutation.mutate(checked.body);
  };
  const field = (name: 'password' | 'confirm') => ({
    name,
    type: 'password',
    autoComplete: 'new-password',
    required: true,
    value: values[name],
    error: name === 'confirm' ? problems.confirm : fieldMessage(problems.password),
    onChange: (event: { target: { value: string } }) => setValues((current) => ({ ...current, [name]: event.target.value })),
  });

  return (
    <AuthLayout
      title={t('reset.title')}
      intro={t('reset.intro')}
      footer={<AuthLink prompt={t('links.haveAccount')} to="/Login" label={t('links.login')} />}
    >
      {!token ? (
        <p role="alert" className="text-sm text-red-700">
          {t('reset.noToken')}{' '}
          <Link to={PAGE_ROUTES.forgotPassword} className={linkClass}>
            {t('reset.askAgain')}
          </Link>
        </p>
      ) : mutation.isSuccess ? (
        <p role="status" className="font-semibold text-green-800">
          {t('reset.done')}{' '}
          <Link to="/Login" className={linkClass}>
            {t('links.login')}
          </Link>
        </p>
      ) : (
        <form onSubmit={submit} noValidate className="flex flex-col gap-4">
          <FormField label={t('reset.newPassword')} hint={t('fields.newPasswordHint')} {...field('password')} />
          <FormField label={t('reset.confirm')} {...field('confirm')} />
          <SubmitButton sending={mutation.isPending} label={t('reset.submit')} sendingLabel={t('reset.sending')} />
          <FormMessage
            error={mutation.isError ? t('reset.error') : null}
            reason={mutation.error instanceof ApiError && mutation.error.body ? serverMessage(mutation.error.message) : null}
          />
          {mutation.error instanceof ApiError && (mutation.error.status === 400 || mutation.error.status === 409) && (
            <Link to={PAGE_ROUTES.forgotPassword} className={`text-sm ${linkClass}`}>
              {t('reset.askAgain')}
            </Link>
          )}
        </form>
      )}
    </AuthLayout>
  );
}
