import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { InstallHelpCase } from './install-help';
import { promptInstall, runsInstalled } from './install-prompt';

type Help = { which: InstallHelpCase; text: typeof import('./install-help').installHelpText };

/**
 * The download-the-app banner. There is no store app: "Get the app" installs the web app, with the
 * browser's own install prompt where it has one, and says how to add it to the home screen where it
 * has not (Safari on an iPhone or iPad, Firefox).
 */
export function AppBanner() {
  const { t, i18n } = useTranslation('landing');
  const [help, setHelp] = useState<Help | null>(null);
  const installed = help?.which === 'installed' || runsInstalled();

  async function getTheApp() {
    const outcome = await promptInstall();
    const { installHelpCase, installHelpText } = await import('./install-help');
    setHelp({ which: installHelpCase(outcome), text: installHelpText });
  }

  return (
    <aside aria-labelledby="app-banner-title" className="bg-green-800 text-white">
      <div className="mx-auto flex max-w-6xl flex-col items-start gap-6 px-4 py-12 md:flex-row md:items-center md:justify-between">
        <div className="flex items-start gap-4">
          <svg aria-hidden="true" viewBox="0 0 24 24" className="size-12 shrink-0 fill-none stroke-green-200" strokeWidth="1.5">
            <rect x="6" y="2" width="12" height="20" rx="2.5" />
            <path d="M10.5 18.5h3" strokeLinecap="round" />
          </svg>
          <div>
            <h2 id="app-banner-title" className="text-2xl font-bold">
              {t('appBanner.title')}
            </h2>
            <p className="mt-2 max-w-2xl text-green-100">{t('appBanner.body')}</p>
            <p role="status" data-testid="install-help" className="mt-3 max-w-2xl font-medium">
              {help?.text(help.which, i18n.language)}
            </p>
          </div>
        </div>
        {!installed && (
          <button
            type="button"
            data-testid="get-the-app"
            onClick={() => void getTheApp()}
            className="min-h-11 shrink-0 rounded-full bg-white px-6 py-3 font-semibold text-green-900 transition hover:bg-green-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white"
          >
            {t('appBanner.cta')}
          </button>
        )}
      </div>
    </aside>
  );
}
