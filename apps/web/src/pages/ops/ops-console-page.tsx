import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { useSignOut } from '../../sign-out/use-sign-out';
import { useSession } from '../../session/use-session';
import { LanguageSwitch } from '../../components/language-switch';
import { AccessMessage } from './access-message';
import { OpsConsole } from './ops-console';
import { useAccountId, type AccountIdentity } from '../../components/use-account-id';
import { useScreenTexts } from '../../i18n/use-screen-texts';

function Body({ identity }: { identity: AccountIdentity }) {
  const { t } = useTranslation('ops');
  const token = useSession()?.token;
  switch (identity.state) {
    case 'signed-out':
    case 'error':
    case 'not-found':
      return <AccessMessage text={t('access.signIn')} />;
    case 'wrong-role':
      return <AccessMessage text={t('access.wrongRole', { role: t(`roles.${identity.role}`) })} />;
    case 'loading':
      return (
        <p role="status" className="text-stone-600">
          {t('access.checking')}
        </p>
      );
    case 'ready':
      // A new session starts the console afresh, forgetting a refusal met with the old one.
      return <OpsConsole key={token} operatorId={identity.userId} />;
  }
}

/** `/ops`: the operator console (queues, events, failed jobs, health), live over the tab's socket. */
export default function OpsConsolePage() {
  useScreenTexts(['ops', 'listing', 'moderation', 'verification', 'messages']);
  const { t } = useTranslation('ops');
  const navigate = useNavigate();
  const signOut = useSignOut();
  const identity = useAccountId('operator');

  return (
    <main className="mx-auto max-w-7xl px-4 py-8 sm:px-6">
      <div className="mb-6 flex flex-wrap items-center gap-3">
        <div className="me-auto">
          <h1 className="text-3xl font-bold text-stone-900">{t('title')}</h1>
          <p className="text-stone-600">{t('intro')}</p>
        </div>
        <LanguageSwitch />
        {identity.state === 'ready' && (
          <button
            type="button"
            onClick={() => void signOut().then(() => navigate('/'))}
            className="rounded-lg border border-stone-300 px-4 py-2 font-semibold text-stone-800 hover:bg-stone-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-green-800"
          >
            {t('nav.logout', { ns: 'common' })}
          </button>
        )}
      </div>
      <Body identity={identity} />
    </main>
  );
}
