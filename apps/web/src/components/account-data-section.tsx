import { useMutation } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { ApiError } from '../api/client';
import { endpoints } from '../api/endpoints';
import { useSignOut } from '../sign-out/use-sign-out';
import { useServerMessage } from '../i18n/server-message';
import { FormField } from './form-field';
import { PushDeviceToggle } from './push-device-toggle';
import { saveJson } from './save-json';

const buttonClass =
  'rounded-lg px-4 py-2 font-semibold focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-green-800 disabled:cursor-not-allowed disabled:opacity-60';

/** The server's reason under our own text, when it gave one (wrong password, say). */
function reason(error: unknown): string | null {
  if (!(error instanceof ApiError) || !error.body) return null;
  return Array.isArray(error.body.message) ? error.body.message.join('; ') : error.body.message;
}

/**
 * "Your data" at the foot of a dashboard: download everything kept about the signed-in user, or delete
 * the account after confirming with the password (Egypt's Personal Data Protection Law, 151 of 2020).
 */
export function AccountDataSection() {
  const { t } = useTranslation('messages');
  const serverMessage = useServerMessage();
  const navigate = useNavigate();
  const signOut = useSignOut();
  const headingId = useId();
  const warningId = useId();
  const [confirming, setConfirming] = useState(false);
  const [password, setPassword] = useState('');

  const download = useMutation({
    mutationFn: endpoints.exportAccount,
    onSuccess: (data) => saveJson(data, `foodlink-data-${data.account.user_id}.json`),
  });
  const remove = useMutation({
    mutationFn: endpoints.deleteAccount,
    // The server deleted the account's push subscriptions with it; signing out unsubscribes this browser too.
    onSuccess: () => signOut().then(() => navigate('/#hero')),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    remove.mutate(password);
  };
  const deleteReason = reason(remove.error);

  return (
    <section aria-labelledby={headingId} className="mt-10 rounded-xl border border-stone-200 bg-white p-5 shadow-sm">
      <h2 id={headingId} className="mb-1 text-lg font-semibold text-stone-900">
        {t('account.heading')}
      </h2>
      <PushDeviceToggle />
      <p className="mb-4 text-sm text-stone-600">{t('account.intro')}</p>
      <div className="flex flex-wrap gap-3">
        <button
          type="button"
          onClick={() => download.mutate()}
          disabled={download.isPending}
          className={`${buttonClass} border border-green-700 text-green-800 hover:bg-green-50`}
        >
          {download.isPending ? t('account.downloading') : t('account.download')}
        </button>
        {!confirming && (
          <button
            type="button"
            onClick={() => setConfirming(true)}
            className={`${buttonClass} border border-red-700 text-red-700 hover:bg-red-50`}
          >
            {t('account.delete')}
          </button>
        )}
      </div>
      {download.isError && (
        <p role="alert" className="mt-3 text-sm text-red-700">
          {t('account.downloadError')}
        </p>
      )}
      {confirming && (
        <form onSubmit={submit} aria-describedby={warningId} className="mt-4 flex max-w-xl flex-col gap-3">
          <p id={warningId} className="rounded-lg bg-red-50 p-3 text-sm text-red-900">
            {t('account.deleteWarning')}
          </p>
          <FormField
            label={t('account.password')}
            name="password"
            type="password"
            autoComplete="current-password"
            required
            value={password}
            onChange={(event) => setPassword(event.target.value)}
            error={remove.isError ? [t('account.deleteError'), deleteReason && serverMessage(deleteReason)].filter(Boolean).join(' ') : undefined}
          />
          <div className="flex flex-wrap gap-3">
            <button type="submit" disabled={remove.isPending || password === ''} className={`${buttonClass} bg-red-700 text-white hover:bg-red-800`}>
              {remove.isPending ? t('account.deleting') : t('account.confirmDelete')}
            </button>
            <button
              type="button"
              onClick={() => {
                setConfirming(false);
                setPassword('');
                remove.reset();
              }}
              className={`${buttonClass} border border-stone-300 text-stone-800 hover:bg-stone-100`}
            >
              {t('account.keep')}
            </button>
          </div>
        </form>
      )}
    </section>
  );
}
