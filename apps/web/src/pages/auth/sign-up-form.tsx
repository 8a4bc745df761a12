import { useMutation } from '@tanstack/react-query';
import { RegisterBody } from '@food-link/contracts';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useServerMessage } from '../../i18n/server-message';
import { endpoints } from '../../api/endpoints';
import { useNavigate } from 'react-router-dom';
import { ApiError } from '../../api/client';
import { STORAGE_KEYS, storeSession } from '../../session/session';
import { checkForm, useFieldMessage, type FieldProblems } from '../../components/check-form';
import { FormField } from '../../components/form-field';
import { FormMessage } from './form-message';
import { SubmitButton } from './submit-button';

const EMPTY: RegisterBody = { name: '', email: '', password: '' };

const KINDS = {
  donor: { register: endpoints.registerDonor, texts: 'signUpDonor', nameLabel: 'fields.name', nameAutoComplete: 'name' },
  charity: {
    register: endpoints.registerCharity,
    texts: 'signUpCharity',
    nameLabel: 'fields.charityName',
    nameAutoComplete: 'organization',
  },
} as const;

/** The donor and charity sign-up form: the same fields, a different call and error text. */
export function SignUpForm({ kind }: { kind: keyof typeof KINDS }) {
  const { t, i18n } = useTranslation('auth');
  const serverMessage = useServerMessage();
  const config = KINDS[kind];
  const navigate = useNavigate();
  const [values, setValues] = useState(EMPTY);
  const mutation = useMutation({
    // The account's e-mail and push are written in the language it signs up in.
    mutationFn: (body: RegisterBody) => config.register(body, i18n.language),
    onSuccess: async (data, body) => {
      // The spec keeps the charity id in the browser's storage (section 3) as well as showing it.
      if ('charity_id' in data) localStorage.setItem(STORAGE_KEYS.charityId, String(data.charity_id));
      // A new account goes straight to its area, signed in, with the spec's message there; if the
      // sign-in fails, the form shows the message as before and the person logs in themselves.
      try {
        const { token, data: [user] } = await endpoints.login({ email: body.email, password: body.password });
        storeSession(token, user);
        const welcome = { message: data.message, charityId: 'charity_id' in data ? data.charity_id : null };
        navigate(kind === 'donor' ? '/DonerDashboard' : '/FoodDonationApp', { state: { welcome } });
      } catch {
        setValues(EMPTY);
      }
    },
  });

  const [problems, setProblems] = useState<FieldProblems>({});
  const fieldMessage = useFieldMessage();

  // Checked with the API's own declaration of the body, so the form refuses what the API would.
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const checked = checkForm(RegisterBody, values);
    setProblems(checked.problems ?? {});
    if (checked.body) mutation.mutate(checked.body);
  };
  const field = (name: 'name' | 'email' | 'password') => ({
    name,
    value: values[name],
    required: true,
    error: fieldMessage(problems[name]),
    onChange: (event: { target: { value: string } }) => setValues((current) => ({ ...current, [name]: event.target.value })),
  });

  const data = mutation.data;
  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4">
      <p className="text-xs text-stone-600">{t('fields.requiredNote')}</p>
      <FormField label={t(config.nameLabel)} autoComplete={config.nameAutoComplete} {...field('name')} />
      <FormField label={t('fields.email')} type="email" autoComplete="email" dir="ltr" {...field('email')} />
      <FormField
        label={t('fields.password')}
        type="password"
        autoComplete="new-password"
        minLength={8}
        hint={t('fields.newPasswordHint')}
        {...field('password')}
      />
      <SubmitButton sending={mutation.isPending} label={t(`${config.texts}.submit`)} sendingLabel={t('sending.signUp')} />
      <FormMessage
        error={mutation.isError ? t(`${config.texts}.error`) : null}
        reason={mutation.error instanceof ApiError && mutation.error.body ? serverMessage(mutation.error.message) : null}
        success={
          data ? (
            <>
              <span>{serverMessage(data.message)}</span>
              {'charity_id' in data ? <span>{t('signUpCharity.charityId', { id: data.charity_id })}</span> : null}
            </>
          ) : null
        }
      />
    </form>
  );
}
