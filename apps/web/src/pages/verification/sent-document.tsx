import { VERIFICATION_ROUTES } from '@food-link/contracts';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { VerificationDocument } from './verification-document';

/**
 * "View the document you sent": the charity's own document (`GET /api/charity/verification/document`),
 * fetched with its session only when asked for, in the viewer the operators use. Keyed by the submission's
 * time, so a resubmission shows the new document.
 */
export function SentDocument({ submittedAt }: { submittedAt: string }) {
  const { t } = useTranslation('verification');
  const [open, setOpen] = useState(false);
  const panelId = useId();
  return (
    <div className="mt-3">
      <button
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((shown) => !shown)}
        className="min-h-11 font-semibold text-green-800 underline hover:text-green-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-green-800"
      >
        {open ? t('sentDocument.hide') : t('sentDocument.view')}
      </button>
      <div id={panelId} data-testid="sent-document">
        {open && <VerificationDocument key={submittedAt} url={VERIFICATION_ROUTES.charityDocument} title={t('sentDocument.title')} />}
      </div>
    </div>
  );
}
