import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useDocumentTitle } from '../components/use-document-title';
import { TopBar } from '../components/top-bar';

/** An address nothing answers: the top bar (home, the language switch, the account) stays, as on every page. */
export function NotFoundPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('titles.notFound'));
  return (
    <>
      <TopBar />
      <main id="main" tabIndex={-1} className="mx-auto flex min-h-[60vh] max-w-xl focus:outline-none flex-col items-center justify-center gap-6 p-8 text-center">
        <h1 className="text-3xl font-bold">{t('notFound.title')}</h1>
        <Link to="/" className="inline-flex min-h-11 items-center rounded-lg bg-green-700 px-5 py-2 font-semibold text-white hover:bg-green-800">
          {t('notFound.back')}
        </Link>
      </main>
    </>
  );
}
