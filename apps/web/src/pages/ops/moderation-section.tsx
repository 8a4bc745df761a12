import { useTranslation } from 'react-i18next';
import { ModerationAccountForm } from './moderation-account-form';
import { ModerationAudit } from './moderation-audit';
import { ModerationListingForm } from './moderation-listing-form';
import { OpsSection } from './ops-section';

/**
 * "Moderation" (docs/VERIFICATION.md, "Moderation"): hide or put back a listing, suspend or reinstate an
 * account, each with the reason the person is told, and the trust audit trail beneath.
 */
export function ModerationSection({ operatorId }: { operatorId: number }) {
  const { t } = useTranslation('moderation');
  return (
    <OpsSection title={t('ops.heading')} testId="ops-moderation">
      <p className="mb-3 text-sm text-stone-600">{t('ops.intro')}</p>
      <div className="grid gap-6 md:grid-cols-2">
        <ModerationListingForm operatorId={operatorId} />
        <ModerationAccountForm operatorId={operatorId} />
      </div>
      <div className="mt-6">
        <ModerationAudit operatorId={operatorId} />
      </div>
    </OpsSection>
  );
}
