import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { MESSAGING_CHANNELS, type MessagingChannel, type PhoneView } from '@food-link/contracts';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { ApiError } from '../../api/client';
import { phoneEndpoints } from '../../api/phone-endpoints';
import { queryKeys } from '../../api/query-keys';
import { SignInPrompt } from '../../components/sign-in-prompt';
import { TopBar } from '../../components/top-bar';
import { useDocumentTitle } from '../../components/use-document-title';
import { useServerMessage } from '../../i18n/server-message';
import { useScreenTexts } from '../../i18n/use-screen-texts';
import { useSession } from '../../session/use-session';

const button =
  'inline-flex min-h-11 items-center rounded-lg px-4 font-semibold focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-green-800 disabled:cursor-not-allowed disabled:opacity-60';
const primary = `${button} bg-green-700 text-white hover:bg-green-800`;
const secondary = `${button} border border-stone-300 text-stone-800 hover:bg-stone-100`;
const field = 'min-h-11 w-full rounded-lg border border-stone-300 bg-white px-3 text-stone-900';
const box = 'flex flex-col gap-4 rounded-xl border border-stone-200 bg-white p-4';

/** The server's words for a refusal (a 400 names its field; 409 and 429 say why). */
function reasonOf(error: unknown): string | null {
  if (!(error instanceof ApiError) || !error.body) return null;
  return Array.isArray(error.body.message) ? error.body.message.join('; ') : error.body.message;
}

/** The phone's settings once verified: messages on or off, SMS as WhatsApp's fallback, quiet hours. */
function VerifiedPhone({ phone, onSaved }: { phone: PhoneView; onSaved: (next: PhoneView) => void }) {
  const { t } = useTranslation('notifications');
  const serverMessage = useServerMessage();
  const [on, setOn] = useState(phone.on);
  const [fallback, setFallback] = useState(phone.sms_fallback);
  const [quiet, setQuiet] = useState(phone.quiet_hours !== null);
  const [start, setStart] = useState(phone.quiet_hours?.start ?? '22:00');
  const [end, setEnd] = useState(phone.quiet_hours?.end ?? '07:00');
  const [done, setDone] = useState(false);
  const save = useMutation({
    mutationFn: phoneEndpoints.savePhoneSettings,
    onSuccess: (next) => {
      onSaved(next);
      setDone(true);
    },
  });
  const remove = useMutation({ mutationFn: phoneEndpoints.removePhone, onSuccess: onSaved });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setDone(false);
    save.mutate({ on, sms_fallback: fallback, quiet_hours: quiet ? { start, end } : null });
  };
  const reason = reasonOf(save.error ?? remove.error);
  return (
    <form onSubmit={submit} noValidate className={box} data-testid="phone-verified">
      <p className="text-stone-900">
        {t('phone.verifiedAs', { channel: t(`phone.channels.${phone.channel ?? 'whatsapp'}`) })}{' '}
        <bdi dir="ltr" className="font-semibold">
          {phone.phone}
        </bdi>
      </p>
      <label className="flex min-h-11 items-center gap-3 text-stone-800">
        <input type="checkbox" role="switch" checked={on} onChange={(event) => (setDone(false), setOn(event.target.checked))} className="size-6 accent-green-700" />
        {t('phone.on')}
      </label>
      {phone.channel === 'whatsapp' && (
        <label className="flex min-h-11 items-center gap-3 text-stone-800">
          <input
            type="checkbox"
            role="switch"
            checked={fallback}
            disabled={!phone.available.sms}
            onChange={(event) => (setDone(false), setFallback(event.target.checked))}
            className="size-6 accent-green-700"
          />
          {t('phone.fallback')}
        </label>
      )}
      <fieldset className="flex flex-col gap-2">
        <legend className="font-semibold text-stone-900">{t('phone.quietHours')}</legend>
        <label className="flex min-h-11 items-center gap-3 text-stone-800">
          <input type="checkbox" role="switch" checked={quiet} onChange={(event) => (setDone(false), setQuiet(event.target.checked))} className="size-6 accent-green-700" />
          {t('phone.quietOn')}
        </label>
        {quiet && (
          <div className="flex flex-wrap gap-4">
            <label className="flex flex-col text-sm text-stone-800">
              {t('phone.quietStart')}
              <input type="time" value={start} onChange={(event) => (setDone(false), setStart(event.target.value))} className={field} />
            </label>
            <label className="flex flex-col text-sm text-stone-800">
              {t('phone.quietEnd')}
              <input type="time" value={end} onChange={(event) => (setDone(false), setEnd(event.target.value))} className={field} />
            </label>
          </div>
        )}
      </fieldset>
      <p role="alert" className="text-red-700">
        {save.isError || remove.isError ? (reason ? serverMessage(reason) : t('phone.error')) : null}
      </p>
      <div className="flex flex-wrap items-center gap-3">
        <button type="submit" disabled={save.isPending} className={primary}>
          {t('phone.save')}
        </button>
        <button type="button" onClick={() => remove.mutate()} disabled={remove.isPending} className={secondary}>
          {t('phone.remove')}
        </button>
        <p role="status" className="font-semibold text-green-800">
          {done ? t('phone.saved') : null}
        </p>
      </div>
    </form>
  );
}

/** Adding a phone (a code is sent to it on the chosen channel), then typing the code back. */
function AddPhone({ phone, onChanged }: { phone: PhoneView; onChanged: (next: PhoneView) => void }) {
  const { t } = useTranslation('notifications');
  const serverMessage = useServerMessage();
  const channels = MESSAGING_CHANNELS.filter((channel) => phone.available[channel]);
  const [number, setNumber] = useState(phone.phone ?? '');
  const [channel, setChannel] = useState<MessagingChannel>(phone.channel && phone.available[phone.channel] ? phone.channel : channels[0]);
  const [code, setCode] = useState('');
  const ask = useMutation({ mutationFn: phoneEndpoints.requestPhoneCode, onSuccess: onChanged });
  const verify = useMutation({ mutationFn: phoneEndpoints.verifyPhone, onSuccess: onChanged });
  const pending = phone.phone !== null && phone.code_expires_at !== null;
  const askReason = reasonOf(ask.error);
  const verifyReason = reasonOf(verify.error);
  return (
    <div className="flex flex-col gap-6">
      <form
        className={box}
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          ask.mutate({ phone: number, channel });
        }}
      >
        <label className="flex flex-col gap-1 text-stone-800">
          <span className="font-semibold">{t('phone.number')}</span>
          <input type="tel" inputMode="tel" autoComplete="tel" dir="ltr" value={number} onChange={(event) => setNumber(event.target.value)} className={field} />
          <span className="text-sm text-stone-600">{t('phone.numberHint')}</span>
        </label>
        <fieldset className="flex flex-wrap gap-x-6">
          <legend className="mb-1 font-semibold text-stone-900">{t('phone.channel')}</legend>
          {channels.map((name) => (
            <label key={name} className="flex min-h-11 items-center gap-3 text-stone-800">
              <input type="radio" name="channel" value={name} checked={channel === name} onChange={() => setChannel(name)} className="size-5 accent-green-700" />
              {t(`phone.channels.${name}`)}
            </label>
          ))}
        </fieldset>
        <p role="alert" className="text-red-700">
          {ask.isError ? (askReason ? serverMessage(askReason) : t('phone.error')) : null}
        </p>
        <div>
          <button type="submit" disabled={ask.isPending} className={primary}>
            {t('phone.sendCode')}
          </button>
        </div>
      </form>
      {pending && (
        <form
          className={box}
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            verify.mutate({ code });
          }}
        >
          <p className="text-stone-800">
            {t('phone.codeSent', { channel: t(`phone.channels.${phone.channel ?? 'whatsapp'}`) })}{' '}
            <bdi dir="ltr" className="font-semibold">
              {phone.phone}
            </bdi>
          </p>
          <label className="flex flex-col gap-1 text-stone-800">
            <span className="font-semibold">{t('phone.code')}</span>
            <input
              inputMode="numeric"
              autoComplete="one-time-code"
              dir="ltr"
              maxLength={6}
              value={code}
              onChange={(event) => setCode(event.target.value)}
              className={`${field} max-w-40 tracking-widest`}
            />
          </label>
          <p role="alert" className="text-red-700">
            {verify.isError ? (verifyReason ? serverMessage(verifyReason) : t('phone.error')) : null}
          </p>
          <div>
            <button type="submit" disabled={verify.isPending} className={primary}>
              {t('phone.verify')}
            </button>
          </div>
        </form>
      )}
    </div>
  );
}

/** `/notifications/phone`: WhatsApp or SMS for the signed-in user (docs/MESSAGING.md). */
export default function PhoneSettingsPage() {
  useScreenTexts(['notifications', 'messages']);
  const { t } = useTranslation('notifications');
  useDocumentTitle(t('phone.title'));
  const session = useSession();
  const token = session?.token ?? null;
  const client = useQueryClient();
  const phone = useQuery({ queryKey: queryKeys.phone(token ?? ''), queryFn: phoneEndpoints.phone, enabled: token !== null });
  const changed = (next: PhoneView) => client.setQueryData(queryKeys.phone(token ?? ''), next);

  let body;
  if (!session) body = <SignInPrompt text={t('page.signIn')} link={t('page.signInLink')} />;
  else if (phone.isPending) body = <p role="status" className="text-stone-600">{t('phone.loading')}</p>;
  else if (phone.isError) body = <p role="alert" className="text-red-700">{t('phone.loadError')}</p>;
  else if (!phone.data.available.whatsapp && !phone.data.available.sms) body = <p role="status" className="rounded-xl border border-amber-300 bg-amber-50 p-4 text-stone-900">{t('phone.unconfigured')}</p>;
  else if (phone.data.verified) body = <VerifiedPhone key={phone.data.phone} phone={phone.data} onSaved={changed} />;
  else body = <AddPhone phone={phone.data} onChanged={changed} />;

  return (
    <>
      <TopBar />
      <main id="main" tabIndex={-1} className="min-h-[70vh] bg-stone-50 focus:outline-none">
        <div className="mx-auto max-w-3xl px-4 py-8">
          <p className="mb-3">
            <Link
              to="/notifications/settings"
              className="inline-flex min-h-11 items-center font-semibold text-green-800 underline hover:text-green-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-green-800"
            >
              {t('phone.back')}
            </Link>
          </p>
          <h1 className="mb-2 text-3xl font-bold text-stone-900">{t('phone.title')}</h1>
          <p className="mb-6 text-stone-700">{t('phone.intro')}</p>
          {body}
        </div>
      </main>
    </>
  );
}
