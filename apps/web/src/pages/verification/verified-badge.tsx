import { useTranslation } from 'react-i18next';

/**
 * The verified badge beside a claiming charity's name (`charity_verified`): an operator checked its MoSS
 * registration. The meaning is in its title for the eye and read out after the word for screen readers.
 */
export function VerifiedBadge() {
  const { t } = useTranslation('verification');
  return (
    <span data-testid="verified-badge" title={t('badge.verifiedHint')} className="ms-2 inline-flex items-center gap-1 rounded-full bg-green-50 px-2 py-0.5 text-xs font-semibold text-green-900">
      <span aria-hidden="true">✓</span>
      {t('badge.verified')}
      <span className="sr-only"> ({t('badge.verifiedHint')})</span>
    </span>
  );
}
