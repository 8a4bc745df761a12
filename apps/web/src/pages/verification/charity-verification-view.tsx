import { SUBMITTABLE_STATUSES } from '@food-link/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '../../components/use-document-title';
import { useSession } from '../../session/use-session';
import { SignInPrompt } from '../../components/sign-in-prompt';
import { ViewHeading } from '../charity/view-heading';
import { SentDocument } from './sent-document';
import { useCharityVerification } from './use-charity-verification';
import { VerificationForm } from './verification-form';
import { VerificationStatusPanel } from './verification-status-panel';

/**
 * The charity area's verification view: where its verification stands, what that means for claiming, the
 * document it sent (once it has sent one), and the form to send (or, after a rejection, send again) its
 * MoSS registration. It follows the operators'
 * decisions live.
 */
export function CharityVerificationView({ focusHeading }: { focusHeading: boolean }) {
  const { t } = useTranslation('verification');
  useDocumentTitle(t('heading'));
  const signedIn = useSession() !== null;
  const verification = useCharityVerification();
  const [sent, setSent] = useState(false);

  let body;
  if (!signedIn) body = <SignInPrompt text={t('signIn')} link={t('signInLink')} />;
  else if (verification.isPending) body = <p role="status" className="text-stone-600">{t('loading')}</p>;
  else if (verification.isError) body = <p role="alert" className="text-red-700">{t('error')}</p>;
  else {
    const view = verification.data;
    body = (
      <>
        <VerificationStatusPanel view={view} />
        {view.submitted_at && <SentDocument submittedAt={view.submitted_at} />}
        <p role="status" data-testid="verification-sent" className="mt-3 font-semibold text-green-800">
          {sent && view.status === 'pending' ? t('form.sent') : null}
        </p>
        {SUBMITTABLE_STATUSES.includes(view.status) && <VerificationForm resubmit={view.status === 'rejected'} onSent={() => setSent(true)} />}
      </>
    );
  }

  return (
    <section className="max-w-3xl">
      <ViewHeading focus={focusHeading}>{t('heading')}</ViewHeading>
      <p className="mb-5 text-stone-700">{t('intro')}</p>
      {body}
    </section>
  );
}
