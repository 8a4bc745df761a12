import { useMutation, useQuery } from '@tanstack/react-query';
import { AcceptInvitationBody, ERRORS, LoginBody, type AcceptedInvitation, type InvitationPreview } from '@food-link/contracts';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { ApiError } from '../../api/client';
import { endpoints } from '../../api/endpoints';
import { orgEndpoints } from '../../api/org-endpoints';
import { queryKeys } from '../../api/query-keys';
import { checkForm, serverFieldProblems, useFieldMessage, type FieldProblems } from '../../components/check-form';
import { EmailAddress } from '../../components/email-address';
import { FormField } from '../../components/form-field';
import { useTimeFormat } from '../../i18n/format-time';
import { useScreenTexts } from '../../i18n/use-screen-texts';
import { useServerMessage } from '../../i18n/server-message';
import { storeSession } from '../../session/session';
import { useSession } from '../../session/use-session';
import { useSignOut } from '../../sign-out/use-sign-out';
import { AuthLayout } from '../auth/auth-layout';
import { FormMessage } from '../auth/form-message';
import { SubmitButton } from '../auth/submit-button';

/** Where a new member lands: a charity's volunteer on their pickups, everyone else on their area. */
export function landingOf(joined: Pick<AcceptedInvitation, 'user_type' | 'role'>): string {
  if (joined.user_type === 'donor') return joined.role === 'viewer' ? '/DonerDashboard/impact' : '/DonerDashboard';
  return joined.role === 'volunteer' ? '/FoodDonationApp?view=pickups' : '/FoodDonationApp';
}

/** The invitation e-mail's link (`/join?token=...`): which organisation and role, then sign in or sign up, then join. */
export default function JoinPage() {
  useScreenTexts(['org', 'auth', 'messages']);
  const { t } = useTranslation('org');
  const token = useSearchParams()[0].get('token') ?? '';
  const preview = useQuery({
    queryKey: queryKeys.invitationPreview(token),
    queryFn: () => orgEndpoints.previewInvitation(token),
    enabled: token !== '',
    retry: false,
  });
  const status = preview.error instanceof ApiError ? preview.error.status : null;

  let body;
  if (!token) body = <p role="alert" className="text-red-700">{t('join.missing')}</p>;
  else if (preview.isPending) body = <p role="status" className="text-stone-600">{t('join.loading')}</p>;
  // A token that never was, or no longer works, reads the same to its holder: ask for a new one.
  else if (status === 410 || status === 404 || status === 400) body = <p role="alert" data-testid="join-gone" className="text-red-700">{t('join.gone')}</p>;
  else if (preview.isError)
    body = (
      <div role="alert" className="text-red-700">
        <p>{t('join.error')}</p>
        <button type="button" onClick={() => void preview.refetch()} className="mt-2 min-h-11 font-semibold underline">
          {t('retry')}
        </button>
      </div>
    );
  else body = <Invitation token={token} invitation={preview.data} />;

  return (
    <AuthLayout title={t('join.title')} intro="" footer={null}>
      {body}
    </AuthLayout>
  );
}

function Invitation({ token, invitation }: { token: string; invitation: InvitationPreview }) {
  const { t } = useTranslation('org');
  const time = useTimeFormat();
  const session = useSession();
  // Signing in on the way to joining stores a session: the form stays until the join is through.
  const [signedIn, setSignedIn] = useState(session !== null);
  // Signing out (another account's session) shows the form for the invited e-mail.
  if (!session && signedIn) setSignedIn(false);
  return (
    <div className="flex flex-col gap-4">
      <div className="rounded-xl bg-green-50 p-4 text-stone-900" data-testid="join-invitation">
        <p>
          {t('join.invited', { organisation: invitation.organisation, email: invitation.email, role: t(`roles.${invitation.role}`) })}
        </p>
        <p className="mt-1 text-sm text-stone-700">{t('join.expires', { date: time.dayTime(invitation.expires_at) })}</p>
      </div>
      {signedIn ? <JoinSignedIn token={token} invitation={invitation} /> : <JoinSignedOut token={token} invitation={invitation} />}
    </div>
  );
}

/**
 * What a refused join says: the link no longer works (410), the account is in another organisation (409);
 * any other refusal (an account with that e-mail exists, another kind of account) with the server's words.
 */
function useJoinRefusal() {
  const { t } = useTranslation('org');
  const serverMessage = useServerMessage();
  return (error: unknown): string => {
    if (!(error instanceof ApiError)) return t('join.failed');
    if (error.status === 410) return t('join.gone');
    if (error.status === 409 && error.message === ERRORS.alreadyInOrganisation) return t('join.conflict');
    return error.body ? `${t('join.failed')} ${serverMessage(error.message)}` : t('join.failed');
  };
}

function useJoined() {
  const navigate = useNavigate();
  return (joined: AcceptedInvitation) => {
    storeSession(joined.token, { user_id: joined.user_id, user_type: joined.user_type, name: joined.name });
    navigate(landingOf(joined));
  };
}

function JoinSignedIn({ token, invitation }: { token: string; invitation: InvitationPreview }) {
  const { t } = useTranslation('org');
  const session = useSession();
  const signOut = useSignOut();
  const refusal = useJoinRefusal();
  const joined = useJoined();
  const me = useQuery({ queryKey: queryKeys.me(session?.token ?? ''), queryFn: endpoints.me });
  const accept = useMutation({ mutationFn: () => orgEndpoints.acceptInvitation({ token }, true), onSuccess: joined });
  if (me.isPending) return <p role="status" className="text-stone-600">{t('loading')}</p>;
  const sameAccount = me.isSuccess && me.data.email === invitation.email;
  if (!sameAccount)
    return (
      <div className="flex flex-col gap-3">
        <p role="alert" className="text-stone-800">{t('join.otherAccount')}</p>
        <button
          type="button"
          onClick={() => void signOut()}
          className="min-h-11 self-start rounded-lg border border-stone-300 px-4 py-2 font-semibold text-stone-800 hover:bg-stone-100"
        >
          {t('join.logout')}
        </button>
      </div>
    );
  return (
    <div className="flex flex-col gap-3">
      <p className="text-sm text-stone-700">
        {t('join.joinAs')}{' '}
        <EmailAddress email={me.data.email} />
      </p>
      <button
        type="button"
        data-testid="join-submit"
        disabled={accept.isPending}
        onClick={() => accept.mutate()}
        className="min-h-11 rounded-full bg-green-700 px-6 py-3 font-semibold text-white hover:bg-green-800 disabled:opacity-60"
      >
        {accept.isPending ? t('join.joining') : t('join.join', { organisation: invitation.organisation })}
      </button>
      <FormMessage error={accept.isError ? refusal(accept.error) : null} />
    </div>
  );
}

const SIGN_UP_FIELDS = ['name', 'password'] as const;

function JoinSignedOut({ token, invitation }: { token: string; invitation: InvitationPreview }) {
  const { t, i18n } = useTranslation('org');
  const fieldMessage = useFieldMessage();
  const refusal = useJoinRefusal();
  const joined = useJoined();
  const [mode, setMode] = useState<'sign-in' | 'sign-up'>(invitation.has_account ? 'sign-in' : 'sign-up');
  const [name, setName] = useState('');
  const [password, setPassword] = useState('');
  const [problems, setProblems] = useState<FieldProblems>({});
  const join = useMutation({
    mutationFn: async (): Promise<AcceptedInvitation> => {
      if (mode === 'sign-up') return orgEndpoints.acceptInvitation({ token, name, password }, false, i18n.language);
      const login = await endpoints.login({ email: invitation.email, password });
      storeSession(login.token, login.data[0]);
      return orgEndpoints.acceptInvitation({ token }, true);
    },
    onSuccess: joined,
    onError: (error) => setProblems(serverFieldProblems(error, SIGN_UP_FIELDS).problems),
  });

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const checked = mode === 'sign-up' ? checkForm(AcceptInvitationBody, { token, name, password }) : checkForm(LoginBody, { email: invitation.email, password });
    const found: FieldProblems = { ...checked.problems };
    if (mode === 'sign-up' && !name.trim()) found.name ??= 'should not be empty';
    if (mode === 'sign-up' && !password) found.password ??= 'should not be empty';
    setProblems(found);
    if (Object.keys(found).length === 0) join.mutate();
  };
  // A wrong password on the way in is the login's 401, said as the login page says it.
  const error = !join.isError
    ? null
    : join.error instanceof ApiError && join.error.status === 401
      ? t('join.wrongPassword')
      : Object.keys(problems).length > 0
        ? null
        : refusal(join.error);

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4" data-testid="join-form">
      <p className="text-stone-700">{mode === 'sign-in' ? t('join.signInIntro') : t('join.signUpIntro')}</p>
      <FormField label={t('join.email')} name="email" type="email" dir="ltr" value={invitation.email} readOnly />
      {mode === 'sign-up' && (
        <FormField
          label={t('join.name')}
          name="name"
          autoComplete="name"
          required
          value={name}
          error={fieldMessage(problems.name)}
          onChange={(event) => setName(event.target.value)}
          data-testid="join-name"
        />
      )}
      <FormField
        label={t('join.password')}
        name="password"
        type="password"
        autoComplete={mode === 'sign-in' ? 'current-password' : 'new-password'}
        required
        value={password}
        error={fieldMessage(problems.password)}
        onChange={(event) => setPassword(event.target.value)}
        data-testid="join-password"
      />
      <SubmitButton sending={join.isPending} label={mode === 'sign-in' ? t('join.signIn') : t('join.signUp')} sendingLabel={t('join.joining')} />
      <button
        type="button"
        data-testid="join-switch"
        onClick={() => {
          setMode(mode === 'sign-in' ? 'sign-up' : 'sign-in');
          setProblems({});
          join.reset();
        }}
        className="min-h-11 self-start text-sm font-semibold text-green-800 underline underline-offset-2"
      >
        {mode === 'sign-in' ? t('join.signUpInstead') : t('join.signInInstead')}
      </button>
      <FormMessage error={error} />
    </form>
  );
}
