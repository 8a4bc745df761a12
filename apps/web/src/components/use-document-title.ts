import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * Gives the screen its own tab title, `title · Food Link` in the reader's language (the brand alone when
 * `title` is null), so tabs, history and screen readers tell the screens apart.
 */
export function useDocumentTitle(title: string | null): void {
  const { t } = useTranslation();
  const brand = t('brand');
  useEffect(() => {
    document.title = title ? `${title} · ${brand}` : brand;
  }, [title, brand]);
}
