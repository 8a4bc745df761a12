/**
 * The browser's own install prompt (`beforeinstallprompt`, Chromium's browsers): kept when the browser
 * offers it, so "Get the app" shows it when pressed. Listening starts when this module loads, with the
 * landing page, so an early offer is kept; an offer shows once.
 */
export interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<void>;
  readonly userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

let offer: BeforeInstallPromptEvent | null = null;

addEventListener('beforeinstallprompt', (event) => {
  // Not the browser's own mini-infobar: the page offers the app where the reader asks for it.
  event.preventDefault();
  offer = event as BeforeInstallPromptEvent;
});

/** Shows the browser's install prompt: the reader's answer, or null when the browser offers none. */
export async function promptInstall(): Promise<'accepted' | 'dismissed' | null> {
  const shown = offer;
  offer = null;
  if (!shown) return null;
  await shown.prompt();
  return (await shown.userChoice).outcome;
}

/** Running as the installed app (from the home screen). */
export const runsInstalled = () => (typeof matchMedia === 'function' && matchMedia('(display-mode: standalone)').matches) || (navigator as { standalone?: boolean }).standalone === true;
