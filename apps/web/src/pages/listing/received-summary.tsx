import type { ReceivedReport } from '@food-link/contracts';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../i18n/format';

/** What the charity reported it received: shown to it and to the donor. */
export function ReceivedSummary({ received }: { received: ReceivedReport }) {
  const { t, i18n } = useTranslation('listing');
  const parts = [
    received.received_quantity != null ? formatNumber(received.received_quantity, i18n.language) : null,
    received.received_weight_kg != null ? `${formatNumber(received.received_weight_kg, i18n.language)} kg` : null,
  ].filter(Boolean);
  return (
    <div data-testid="received-summary" className="rounded-lg bg-sky-50 p-3 text-sm text-sky-950">
      <p className="font-semibold">{t('received.shownTitle')}</p>
      {parts.length > 0 && <p>{t('received.summary', { what: parts.join(' · ') })}</p>}
      {received.comment && (
        <p dir="auto" className="wrap-anywhere">
          {t('received.commentLabel')}: {received.comment}
        </p>
      )}
    </div>
  );
}
