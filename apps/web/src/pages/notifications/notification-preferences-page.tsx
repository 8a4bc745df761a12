import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  LANGUAGES,
  NOTIFICATION_CHANNELS,
  NOTIFICATION_KINDS,
  NOTIFICATION_KINDS_OF_ROLE,
  type NotificationChannel,
  type NotificationKind,
  type NotificationPreferences,
} from '@food-link/contracts';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { endpoints } from '../../api/endpoints';
import { queryKeys } from '../../api/query-keys';
import { useDocumentTitle } from '../../components/use-document-title';
import { SignInPrompt } from '../../components/sign-in-prompt';
import { useSession } from '../../session/use-session';
import { TopBar } from '../../components/top-bar';
import { useServerMessage } from '../../i18n/server-message';
import { ApiError } from '../../api/client';
import { useScreenTexts } from '../../i18n/use-screen-texts';

const button =
  'inline-flex min-h-11 items-center rounded-lg px-4 font-semibold focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-green-800 disabled:cursor-not-allowed disabled:opacity-60';

/** The server's reason for a refused save, in the reader's language where we know it. */
function reasonOf(error: unknown): string | null {
  if (!(error instanceof ApiError) || error.status !== 400 || !error.body) return null;
  return Array.isArray(error.body.message) ? error.body.message.join('; ') : error.body.message;
}

/**
 * What reaches the user by which channel: a grid of the kinds the user's role hears of (a charity's new
 * matching food, a donor's news of their donations, reminders, account news) by channels (in the app,
 * push, e-mail, WhatsApp or SMS), each a switch, and the language messages are written in. The kinds of
 * other roles are kept as saved.
 */
function PreferencesForm({ saved: initial }: { saved: NotificationPreferences }) {
  const { t } = useTranslation('notifications');
  const role = useSession()?.userType ?? null;
  const kinds: readonly NotificationKind[] = role ? NOTIFICATION_KINDS_OF_ROLE[role] : NOTIFICATION_KINDS;
  const hintOf = (kind: NotificationKind) => (kind === 'reminders' && role === 'donor' ? t('preferences.kinds.reminders.donorHint') : t(`preferences.kinds.${kind}.hint`));
  const serverMessage = useServerMessage();
  const client = useQueryClient();
  const token = useSession()?.token ?? '';
  const [values, setValues] = useState(initial);
  const [done, setDone] = useState(false);
  const save = useMutation({
    mutationFn: endpoints.saveNotificationPreferences,
    onSuccess: (next) => {
      client.setQueryData(queryKeys.notificationPreferences(token), next);
      setDone(true);
    },
  });
  const toggle = (kind: NotificationKind, channel: NotificationChannel, on: boolean) => {
    setDone(false);
    setValues((current) => ({ ...current, choices: { ...current.choices, [kind]: { ...current.choices[kind], [channel]: on } } }));
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setDone(false);
    save.mutate(values);
  };
  const reason = reasonOf(save.error);

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-6" data-testid="preferences-form">
      <fieldset className="rounded-xl border border-stone-200 bg-white p-4">
        {/* Floated, a long legend wraps inside the box instead of across its border. */}
        <legend className="float-start mb-1 w-full font-semibold text-stone-900">{t('preferences.language')}</legend>
        <div className="clear-both flex flex-wrap gap-x-6">
          {LANGUAGES.map((language) => (
            <label key={language} className="flex min-h-11 items-center gap-3 text-stone-800">
              <input
                type="radio"
                name="language"
                value={language}
                checked={values.language === language}
                onChange={() => {
                  setDone(false);
                  setValues((current) => ({ ...current, language }));
                }}
                className="size-5 accent-green-700"
              />
              <span lang={language}>{t(`preferences.languages.${language}`)}</span>
            </label>
          ))}
        </div>
      </fieldset>
      <div className="overflow-x-auto rounded-xl border border-stone-200 bg-white">
        <table className="w-full text-start">
          <caption className="p-4 text-start font-semibold text-stone-900">{t('preferences.caption')}</caption>
          <thead>
            <tr className="border-y border-stone-200 bg-stone-50 text-sm text-stone-700">
              <th scope="col" className="p-3 text-start font-semibold">
                {t('preferences.kind')}
              </th>
              {NOTIFICATION_CHANNELS.map((channel) => (
                <th key={channel} scope="col" className="p-2 text-center font-semibold">
                  {t(`preferences.channels.${channel}`)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {kinds.map((kind) => (
              <tr key={kind} className="border-b border-stone-100 last:border-0">
                <th scope="row" className="p-3 text-start align-top font-normal">
                  <span className="block font-semibold text-stone-900">{t(`preferences.kinds.${kind}.label`)}</span>
                  <span className="block text-sm text-stone-600">{hintOf(kind)}</span>
                </th>
                {NOTIFICATION_CHANNELS.map((channel) => (
                  <td key={channel} className="p-2 text-center align-middle">
                    <label className="inline-flex min-h-11 min-w-11 cursor-pointer items-center justify-center">
                      <input
                        type="checkbox"
                        role="switch"
                        name={`${kind}.${channel}`}
                        data-testid={`choice-${kind}-${channel}`}
                        aria-label={t('preferences.choice', {
                          kind: t(`preferences.kinds.${kind}.label`),
                          channel: t(`preferences.channels.${channel}`),
                        })}
                        checked={values.choices[kind][channel]}
                        onChange={(event) => toggle(kind, channel, event.target.checked)}
                        className="size-6 accent-green-700"
                      />
                    </label>
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
        <p className="border-t border-stone-100 p-3 text-sm text-stone-600">{t('preferences.pushHint')}</p>
        <p className="border-t border-stone-100 p-3 text-sm text-stone-600">
          {t('preferences.phoneHint')}{' '}
          <Link to="/notifications/phone" className="font-semibold text-green-800 underline hover:text-green-900">
            {t('preferences.phoneLink')}
          </Link>
        </p>
      </div>
      <p role="alert" className="text-red-700">
        {save.isError ? (reason ? serverMessage(reason) : t('preferences.saveError')) : null}
      </p>
      <div className="flex flex-wrap items-center gap-3">
        <button type="submit" disabled={save.isPending} className={`${button} bg-green-700 text-white hover:bg-green-800`}>
          {save.isPending ? t('preferences.saving') : t('preferences.save')}
        </button>
        <p role="status" data-testid="preferences-saved" className="font-semibold text-green-800">
          {done ? t('preferences.saved') : null}
        </p>
      </div>
    </form>
  );
}

/** `/notifications/settings`: the user's notification choices. */
export default function NotificationPreferencesPage() {
  useScreenTexts(['notifications', 'messages']);
  const { t } = useTranslation('notifications');
  useDocumentTitle(t('preferences.title'));
  const session = useSession();
  const token = session?.token ?? null;
  const preferences = useQuery({
    queryKey: queryKeys.notificationPreferences(token ?? ''),
    queryFn: endpoints.notificationPreferences,
    enabled: token !== null,
  });

  let body;
  if (!session) {
    body = <SignInPrompt text={t('page.signIn')} link={t('page.signInLink')} />;
  } else if (preferences.isPending) {
    body = <p role="status" className="text-stone-600">{t('preferences.loading')}</p>;
  } else if (preferences.isError) {
    body = <p role="alert" className="text-red-700">{t('preferences.error')}</p>;
  } else {
    body = <PreferencesForm saved={preferences.data} />;
  }

  return (
    <>
      <TopBar />
      <main id="main" tabIndex={-1} className="min-h-[70vh] bg-stone-50 focus:outline-none">
        <div className="mx-auto max-w-3xl px-4 py-8">
          <p className="mb-3">
            <Link to="/notifications" className="inline-flex min-h-11 items-center font-semibold text-green-800 underline hover:text-green-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-green-800">
              {t('preferences.back')}
            </Link>
          </p>
          <h1 className="mb-2 text-3xl font-bold text-stone-900">{t('preferences.title')}</h1>
          <p className="mb-6 text-stone-700">{t('preferences.intro')}</p>
          {body}
        </div>
      </main>
    </>
  );
}
