import { useTranslation } from 'react-i18next';
import { setLanguage, type Language } from '../i18n/i18n';

/**
 * Switches between English and Arabic; `setLanguage` remembers the choice. The button shows the other
 * language in its own script, tagged with its `lang` so screen readers pronounce it right.
 */
export function LanguageSwitch({ className = '' }: { className?: string }) {
  const { t, i18n } = useTranslation();
  const next: Language = i18n.language === 'ar' ? 'en' : 'ar';
  return (
    <button
      type="button"
      onClick={() => setLanguage(next)}
      title={t('language.switchToLabel')}
      className={`rounded-full border border-green-700 px-3 py-1 text-sm font-semibold text-green-800 transition hover:bg-green-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-green-700 ${className}`}
    >
      <span lang={next}>{t('language.switchTo')}</span>
    </button>
  );
}
