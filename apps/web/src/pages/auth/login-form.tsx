import { useMutation } from '@tanstack/react-query';
import { LoginBody, suspensionReasonOf, type UserType } from '@food-link/contracts';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useServerMessage } from '../../i18n/server-message';
import { useNavigate } from 'react-router-dom';
import { ApiError } from '../../api/client';
import { endpoints } from '../../api/endpoints';
import { storeSession } from '../../session/session';
import { checkForm, useFieldMessage, type FieldProblems } from '../../components/check-form';
import { FormField } from '../../components/form-field';
import { FormMessage } from './form-message';
import { SubmitButton } from './submit-button';

/** Where each role lands after login; the spec sends anyone else to the charity area. */
const AREA_OF: Partial<Record<UserType, string>> = { donor: '/DonerDashboard', operator: '/ops' };

/** Login: stores the session, then goes to the area of the user's role (spec, section 6). */
export function LoginForm() {
  const { t } = useTranslation('auth');
  const serverMessage = useServerMessage();
  const navigate = useNavigate();
  const [values, setValues] = useState<LoginBody>({ email: '', password: '' });
  const mutation = useMutation({
    mutationFn: endpoints.login,
    onSuccess: ({ token, data: [user] }) => {
      storeSession(token, user);
      navigate(AREA_OF[user.user_type] ?? '/FoodDonationApp');
    },
  });

  const [problems, setProblems] = useState<FieldProblems>({});
  const fieldMessage = useFieldMessage();

  // Checked with the API's own declaration of the body, so the form refuses what the API would.
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const checked = checkForm(LoginBody, values);
    setProblems(checked.problems ?? {});
    if (checked.body) mutation.mutate(checked.body);
  };
  const field = (name: keyof LoginBody) => ({
    name,
    value: values[name],
    required: true,
    error: fieldMessage(problems[name]),
    onChange: (event: { target: { value: string } }) => setValues((current) => ({ ...current, [name]: event.target.value })),
  });

  // A suspended account's login is refused once the password is right: said as such, with the operator's reason.
  const refusal = mutation.error instanceof ApiError && mutation.error.body ? mutation.error.message : null;
  const suspension = refusal === null ? undefined : suspensionReasonOf(refusal);
  const reason =
    suspension === undefined ? refusal && serverMessage(refusal) : suspension === null ? t('suspended.noReason') : `${t('suspended.reasonLabel')} ${suspension}`;

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4">
      <p className="text-xs text-stone-600">{t('fields.requiredNote')}</p>
      <FormField label={t('fields.email')} type="email" autoComplete="email" dir="ltr" {...field('email')} />
      <FormField label={t('fields.password')} type="password" autoComplete="current-password" {...field('password')} />
      <SubmitButton sending={mutation.isPending} label={t('login.submit')} sendingLabel={t('sending.login')} />
      <FormMessage
        error={mutation.isError ? t(suspension !== undefined ? 'suspended.loginRefused' : 'login.error') : null}
        reason={reason}
        success={mutation.data && serverMessage(mutation.data.message)}
      />
    </form>
  );
}
