import { useTranslation } from 'react-i18next';

const STORES = ['googlePlay', 'appStore'] as const;

/**
 * The download-the-app banner. The apps are not published yet, so the store badges are labels, not
 * links that would lead nowhere.
 */
export function AppBanner() {
  const { t } = useTranslation('landing');
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
            <p className="mt-2 text-green-100">{t('appBanner.body')}</p>
          </div>
        </div>
        <ul className="flex flex-wrap gap-3">
          {STORES.map((store) => (
            <li key={store} className="rounded-xl border border-green-300 bg-green-900/60 px-4 py-2 text-sm font-semibold text-green-50">
              {t(`appBanner.${store}`)}
            </li>
          ))}
        </ul>
      </div>
    </aside>
  );
}
