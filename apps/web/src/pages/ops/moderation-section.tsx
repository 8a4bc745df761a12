import { useTranslation } from 'react-i18next';
import { ModerationAccountForm } from './moderation-account-form';
import { ModerationAudit } from './moderation-audit';
import { ModerationListingForm } from './moderation-listing-form';
import { ModerationSearch } from './moderation-search';
import { OpsSection } from './ops-section';

/**
 * "Moderation" (docs/VERIFICATION.md, "Moderation"): find a listing or an account by name, e-mail or phone and act on it from
 * the result, or by its number: hide or put back a listing, suspend or reinstate an account, each with the reason the person is told, and the trust audit trail beneath.
 */
export function ModerationSection({ operatorId }: { operatorId: number }) {
  const { t } = useTranslation('moderation');
  return (
    <OpsSection title={t('ops.heading')} testId="ops-moderation">
      <p className="mb-3 text-sm text-stone-600">{t('ops.intro')}</p>
      <ModerationSearch operatorId={operatorId} />
      {/* Columns that may shrink: an input's or a label's own width never widens the page past a phone. */}
      <div className="grid grid-cols-1 gap-6 md:grid-cols-2 [&>*]:min-w-0">
        <ModerationListingForm operatorId={operatorId} />
        <ModerationAccountForm operatorId={operatorId} />
      </div>
      <div className="mt-6">
        <ModerationAudit operatorId={operatorId} />
      </div>
    </OpsSection>
  );
}
