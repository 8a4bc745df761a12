import { install } from '../../i18n/resources/install';

/*
 * What "Get the app" says when the browser's prompt is not the answer: installed, declined for now, or
 * how to add the app to the home screen by hand (iPhone and iPad, other browsers). Fetched when first
 * needed, with its texts (i18n/resources/install.ts) and nothing else, so the landing page's bundle
 * neither carries nor shares it.
 */

export type InstallHelpCase = 'installed' | 'dismissed' | 'ios' | 'manual';

/** Safari on an iPhone or iPad (an iPad says it is a Mac, but has a touch screen): no prompt, "Add to Home Screen" by hand. */
export function isIos(nav: Pick<Navigator, 'userAgent' | 'maxTouchPoints'> = navigator): boolean {
  return /iPad|iPhone|iPod/.test(nav.userAgent) || (/Macintosh/.test(nav.userAgent) && nav.maxTouchPoints > 1);
}

/** Which help the answer to "Get the app" calls for. */
export function installHelpCase(outcome: 'accepted' | 'dismissed' | null): InstallHelpCase {
  return outcome === 'accepted' ? 'installed' : outcome === 'dismissed' ? 'dismissed' : isIos() ? 'ios' : 'manual';
}

export function installHelpText(which: InstallHelpCase, language: string): string {
  return install[language === 'ar' ? 'ar' : 'en'][which];
}
