import { useTranslation } from 'react-i18next';
import { setLanguage, type Language } from '../i18n/i18n';

/**
 * Switches between English and Arabic; `setLanguage` remembers the choice. The button shows the other
 * language in its own script, tagged with its `lang` so screen readers pronounce it right. It is at least
 * 44 px each way, the touch minimum.
 */
export function LanguageSwitch({ className = '', onSwitch }: { className?: string; onSwitch?: () => void }) {
  const { t, i18n } = useTranslation();
  const next: Language = i18n.language === 'ar' ? 'en' : 'ar';
  return (
    <button
      type="button"
      onClick={() => {
        setLanguage(next);
        onSwitch?.();
      }}
      title={t('language.switchToLabel')}
      className={`inline-flex min-h-11 min-w-11 items-center justify-center rounded-full border border-green-700 px-3 text-sm font-semibold text-green-800 transition hover:bg-green-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-green-700 ${className}`}
    >
      <span lang={next}>{t('language.switchTo')}</span>
    </button>
  );
}
