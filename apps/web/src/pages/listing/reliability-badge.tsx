import type { Reliability } from '@food-link/contracts';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../i18n/format';

/**
 * A charity's record over 90 days (docs/DOMAIN-RULES.md, "Reliability"), so a donor knows whom they are waiting for: "92% reliable
 * · 12 collected", or "New charity" while it has no history (score null). The counts are in its title.
 */
export function ReliabilityBadge({ reliability }: { reliability: Reliability }) {
  const { t, i18n } = useTranslation('listing');
  const detail = t('reliability.detail', {
    completed: formatNumber(reliability.completed, i18n.language),
    noShows: formatNumber(reliability.no_shows, i18n.language),
    late: formatNumber(reliability.late_cancellations, i18n.language),
  });
  const score = reliability.score;
  const tone =
    score === null ? 'bg-stone-100 text-stone-800' : score >= 0.8 ? 'bg-green-50 text-green-900' : score >= 0.5 ? 'bg-amber-50 text-amber-900' : 'bg-red-50 text-red-900';
  return (
    <span data-testid="reliability" title={detail} className={`inline-block rounded-full px-2 py-0.5 text-xs font-semibold ${tone}`}>
      {score === null
        ? t('reliability.new')
        : t('reliability.score', {
            percent: new Intl.NumberFormat(i18n.language === 'ar' ? 'ar-EG' : 'en-GB', { style: 'percent' }).format(score),
            count: formatNumber(reliability.completed, i18n.language),
          })}
      <span className="sr-only"> ({detail})</span>
    </span>
  );
}
