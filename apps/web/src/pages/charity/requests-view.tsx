import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useDocumentTitle } from '../../app/use-document-title';
import { RequestList } from './request-list';
import { useCharityUserId } from './use-charity-user-id';
import { ViewHeading } from './view-heading';
import './charity-texts';

export function RequestsView({ focusHeading }: { focusHeading: boolean }) {
  const { t } = useTranslation('charity');
  useDocumentTitle(t('titles.requests', { ns: 'common' }));
  const charity = useCharityUserId();

  let body;
  switch (charity.state) {
    case 'signed-out':
      body = (
        <div className="rounded-xl border border-amber-300 bg-amber-50 p-5 text-stone-800">
          <p className="mb-3">{t('requests.signIn')}</p>
          <Link
            to="/Login"
            className="font-semibold text-green-800 underline hover:text-green-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-green-800"
          >
            {t('requests.signInLink')}
          </Link>
        </div>
      );
      break;
    case 'loading':
      body = <p role="status" className="text-stone-600">{t('requests.loading')}</p>;
      break;
    case 'error':
      body = <p role="alert" className="text-red-700">{t('requests.error')}</p>;
      break;
    case 'not-found':
      body = <p role="alert" className="text-red-700">{t('requests.notFound')}</p>;
      break;
    case 'ready':
      body = <RequestList charityUserId={charity.userId} />;
  }

  return (
    <section>
      <ViewHeading focus={focusHeading}>{t('requests.heading')}</ViewHeading>
      {body}
    </section>
  );
}
