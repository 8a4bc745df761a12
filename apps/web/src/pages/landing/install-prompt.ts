import { useSyncExternalStore } from 'react';

/**
 * The browser's own install prompt (`beforeinstallprompt`, Chromium's browsers): kept when the browser
 * offers it, so "Get the app" can show it when pressed, and forgotten once used or once the app is
 * installed. Listening starts when this module loads, with the landing page, so an early event is kept.
 */
export interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<void>;
  readonly userChoice: Promise<{ outcome: 'accepted' | 'dismissed'; platform: string }>;
}

let deferred: BeforeInstallPromptEvent | null = null;
let installed = false;
const listeners = new Set<() => void>();
const notify = () => listeners.forEach((listener) => listener());

if (typeof window !== 'undefined') {
  window.addEventListener('beforeinstallprompt', (event) => {
    // Not the browser's own mini-infobar: the page offers it where the reader asks for the app.
    event.preventDefault();
    deferred = event as BeforeInstallPromptEvent;
    notify();
  });
  window.addEventListener('appinstalled', () => {
    deferred = null;
    installed = true;
    notify();
  });
}

export type InstallWay = 'prompt' | 'ios' | 'installed' | 'manual';

/** Safari on an iPhone or iPad (an iPad says it is a Mac, but has a touch screen): no prompt, "Add to Home Screen" by hand. */
export function isIos(nav: Pick<Navigator, 'userAgent' | 'maxTouchPoints'> = navigator): boolean {
  return /iPad|iPhone|iPod/.test(nav.userAgent) || (/Macintosh/.test(nav.userAgent) && nav.maxTouchPoints > 1);
}

function runsInstalled(): boolean {
  return installed || (typeof window.matchMedia === 'function' && window.matchMedia('(display-mode: standalone)').matches) || ('standalone' in navigator && navigator.standalone === true);
}

function currentWay(): InstallWay {
  if (runsInstalled()) return 'installed';
  if (deferred) return 'prompt';
  return isIos() ? 'ios' : 'manual';
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** How this browser installs the app now. */
export function useInstallWay(): InstallWay {
  return useSyncExternalStore(subscribe, currentWay, () => 'manual');
}

/** Shows the browser's install prompt; the reader's answer, or null when there is no prompt to show. */
export async function promptInstall(): Promise<'accepted' | 'dismissed' | null> {
  const event = deferred;
  if (!event) return null;
  // A prompt shows once: the browser fires beforeinstallprompt again if it may be offered again.
  deferred = null;
  await event.prompt();
  const { outcome } = await event.userChoice;
  if (outcome === 'accepted') installed = true;
  notify();
  return outcome;
}
