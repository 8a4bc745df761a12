import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useDocumentTitle } from '../components/use-document-title';

export function NotFoundPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('titles.notFound'));
  return (
    <main className="mx-auto flex min-h-screen max-w-xl flex-col items-center justify-center gap-6 p-8 text-center">
      <h1 className="text-3xl font-bold">{t('notFound.title')}</h1>
      <Link to="/" className="rounded-lg bg-green-700 px-5 py-2 font-semibold text-white hover:bg-green-800">
        {t('notFound.back')}
      </Link>
    </main>
  );
}
