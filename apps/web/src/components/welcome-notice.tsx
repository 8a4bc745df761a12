import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import { useServerMessage } from '../i18n/server-message';

/** What sign-up hands to the area it opens (router state): the spec's message and, for a charity, its id. */
export interface Welcome {
  message: string;
  charityId: number | null;
}

const welcomeIn = (state: unknown): Welcome | null => (state as { welcome?: Welcome } | null)?.welcome ?? null;

/**
 * The first thing a new account sees in its area: the spec's sign-up message and, for a charity,
 * "Your Charity ID: {id}" with what the number is for. Shown once: the browser keeps a history entry's
 * state across a reload and Back, so the welcome is taken out of the entry at once and lives here, for
 * this visit, until the person moves to another view.
 */
export function WelcomeNotice() {
  const { t } = useTranslation('auth');
  const serverMessage = useServerMessage();
  const location = useLocation();
  const navigate = useNavigate();
  const [welcome, setWelcome] = useState(() => welcomeIn(location.state));
  const shownAt = useRef(`${location.pathname}${location.search}`);

  useEffect(() => {
    const here = `${location.pathname}${location.search}`;
    if (welcomeIn(location.state)) navigate(`${here}${location.hash}`, { replace: true, state: null });
    else if (here !== shownAt.current) setWelcome(null);
  }, [location, navigate]);

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
