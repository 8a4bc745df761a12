import { useTranslation } from 'react-i18next';
import { useScreenTexts } from '../../i18n/use-screen-texts';

export type InstallHelpCase = 'installed' | 'dismissed' | 'ios' | 'manual';

/** Safari on an iPhone or iPad (an iPad says it is a Mac, but has a touch screen): no prompt, "Add to Home Screen" by hand. */
export function isIos(nav: Pick<Navigator, 'userAgent' | 'maxTouchPoints'> = navigator): boolean {
  return /iPad|iPhone|iPod/.test(nav.userAgent) || (/Macintosh/.test(nav.userAgent) && nav.maxTouchPoints > 1);
}

/**
 * What "Get the app" says when the browser's prompt is not the answer: installed, declined for now, or
 * how to add the app to the home screen by hand (iPhone and iPad, other browsers). Fetched with its
 * texts when first needed, not with the landing page.
 */
export default function InstallHelp({ outcome }: { outcome: 'accepted' | 'dismissed' | null }) {
  useScreenTexts(['install']);
  const { t } = useTranslation('install');
  const which: InstallHelpCase = outcome === 'accepted' ? 'installed' : outcome === 'dismissed' ? 'dismissed' : isIos() ? 'ios' : 'manual';
  return <span data-case={which}>{t(which)}</span>;
}
