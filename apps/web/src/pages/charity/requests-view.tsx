import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '../../components/use-document-title';
import { SignInPrompt } from '../../components/sign-in-prompt';
import { RequestList } from './request-list';
import { useAccountId } from '../../components/use-account-id';
import { ViewHeading } from './view-heading';

export function RequestsView({ focusHeading }: { focusHeading: boolean }) {
  const { t } = useTranslation('charity');
  useDocumentTitle(t('titles.requests', { ns: 'common' }));
  const charity = useAccountId('charity');

  let body;
  switch (charity.state) {
    case 'signed-out':
    case 'wrong-role':
      body = <SignInPrompt text={t('requests.signIn')} link={t('requests.signInLink')} />;
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
