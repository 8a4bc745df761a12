import { useTranslation } from 'react-i18next';
import { isRouteErrorResponse, useRouteError } from 'react-router-dom';
import { useDocumentTitle } from '../components/use-document-title';

/** The router's error view: the spec's heading with the status text or message. */
export function RouteErrorPage() {
  const error = useRouteError();
  const { t } = useTranslation();
  useDocumentTitle(t('titles.error'));
  const detail = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`
    : error instanceof Error
      ? error.message
      : String(error);
  return (
    <main className="mx-auto max-w-xl p-8">
      <h1 className="text-2xl font-bold text-red-700">{t('routeError.title')}</h1>
      <p className="mt-4 font-mono text-sm text-stone-700">{detail}</p>
    </main>
  );
}
