import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router-dom';
import { useServerMessage } from '../i18n/server-message';

/** What sign-up hands to the area it opens (router state): the spec's message and, for a charity, its id. */
export interface Welcome {
  message: string;
  charityId: number | null;
}

/**
 * The first thing a new account sees in its area: the spec's sign-up message and, for a charity,
 * "Your Charity ID: {id}" with what the number is for. Shown once (it lives in the navigation's state).
 */
export function WelcomeNotice() {
  const { t } = useTranslation('auth');
  const serverMessage = useServerMessage();
  const welcome = (useLocation().state as { welcome?: Welcome } | null)?.welcome;
  if (!welcome) return null;
  return (
    <div role="status" data-testid="welcome" className="mb-6 rounded-xl border border-green-300 bg-green-50 p-4 text-green-950">
      <p className="font-semibold">{serverMessage(welcome.message)}</p>
      {welcome.charityId !== null && (
        <>
          <p className="mt-1 font-semibold">{t('signUpCharity.charityId', { id: welcome.charityId })}</p>
          <p className="text-sm">{t('signUpCharity.charityIdExplained')}</p>
        </>
      )}
    </div>
  );
}
