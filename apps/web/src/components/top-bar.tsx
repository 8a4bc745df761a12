import { lazy, Suspense, useEffect, useId, useRef, useState, type KeyboardEvent, type MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import type { UserType } from '@food-link/contracts';
import { useSession } from '../session/use-session';
import { useSignOut } from '../sign-out/use-sign-out';
import { LanguageSwitch } from './language-switch';

// Only a signed-in user has a bell: a visitor's landing page does not load it.
const NotificationBell = lazy(() => import('./notification-bell').then((module) => ({ default: module.NotificationBell })));

/** How long an anchor link waits for its section to appear (spec, section 9). */
export const ANCHOR_WAIT_MS = 10000;

const ANCHORS = [
  { id: 'hero', label: 'nav.home' },
  { id: 'about', label: 'nav.mission' },
  { id: 'how-it-works', label: 'nav.howItWorks' },
  { id: 'testimonials', label: 'nav.testimonials' },
  { id: 'call-to-action', label: 'nav.aboutFoodWaste' },
] as const;

/**
 * Calls `onFound` with the element once it is in the document; gives up silently after `timeoutMs`.
 * Returns a function that stops waiting.
 */
function whenElementAppears(id: string, timeoutMs: number, onFound: (element: HTMLElement) => void): () => void {
  const present = document.getElementById(id);
  if (present) {
    onFound(present);
    return () => undefined;
  }
  const observer = new MutationObserver(() => {
    const element = document.getElementById(id);
    if (!element) return;
    stop();
    onFound(element);
  });
  const timer = setTimeout(stop, timeoutMs);
  function stop() {
    observer.disconnect();
    clearTimeout(timer);
  }
  observer.observe(document.body, { childList: true, subtree: true });
  return stop;
}

/**
 * Scrolls to the section named by the URL's hash, waiting for it when the page that holds it is still
 * rendering (a link followed from another route). Runs again for each navigation, even to the same hash.
 */
export function useScrollToHash() {
  const { hash, key } = useLocation();
  useEffect(() => {
    const id = decodeURIComponent(hash.slice(1));
    if (!id) return;
    return whenElementAppears(id, ANCHOR_WAIT_MS, (element) => {
      // 'auto' follows the page's CSS: smooth, unless the reader asked for reduced motion.
      element.scrollIntoView({ behavior: 'auto', block: 'start' });
      // Keyboard and screen-reader users continue from the section they chose.
      if (element.hasAttribute('tabindex')) element.focus({ preventScroll: true });
    });
  }, [hash, key]);
}

/** Where each kind of user works; the top bar links there while they are signed in. */
const DASHBOARDS: Record<UserType, string> = { donor: '/DonerDashboard', charity: '/FoodDonationApp', operator: '/ops' };

const isPlainClick = (event: MouseEvent) =>
  event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;

const linkClass =
  'block rounded-md px-3 py-2 text-stone-700 transition hover:bg-green-50 hover:text-green-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-green-700';

/** The site's top bar: section anchors, language switch, the notification bell, and Login or Logout. */
export function TopBar() {
  const { t } = useTranslation();
  const session = useSession();
  const navigate = useNavigate();
  const signOut = useSignOut();
  const { pathname } = useLocation();
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const toggle = useRef<HTMLButtonElement>(null);
  useScrollToHash();

  const goToSection = (event: MouseEvent<HTMLAnchorElement>, id: string) => {
    if (!isPlainClick(event)) return;
    event.preventDefault();
    setOpen(false);
    // A section on this page is scrolled to in place; any other lives on the landing page.
    navigate({ pathname: document.getElementById(id) ? pathname : '/', hash: id });
  };

  const logout = () => {
    setOpen(false);
    void signOut().then(() => navigate('/#hero'));
  };

  const closeOnEscape = (event: KeyboardEvent) => {
    if (event.key !== 'Escape' || !open) return;
    setOpen(false);
    toggle.current?.focus();
  };

  const dashboard = session?.userType ? DASHBOARDS[session.userType] : null;

  return (
    // Opaque: the open mobile menu lies over the page, which must not show through it.
    <header className="sticky top-0 z-40 border-b border-stone-200 bg-white" onKeyDown={closeOnEscape}>
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:start-4 focus:top-3 focus:z-50 focus:rounded-md focus:bg-green-800 focus:px-4 focus:py-2 focus:text-white"
      >
        {t('landing:skipToContent')}
      </a>
      <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-3 px-4 py-3">
        <a
          href="/#hero"
          onClick={(event) => goToSection(event, 'hero')}
          className="flex items-center gap-2 rounded-md text-xl font-extrabold text-green-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-green-700"
        >
          <svg aria-hidden="true" viewBox="0 0 24 24" className="size-7 fill-green-700">
            <path d="M17 8C8 10 5.9 16.17 3.82 21.34l1.89.66.95-2.3c.48.17.98.3 1.34.3C19 20 22 3 22 3c-1 2-8 2.25-13 3.25S2 11.5 2 13.5s1.75 3.75 1.75 3.75C7 8 17 8 17 8z" />
          </svg>
          {t('brand')}
        </a>
        {/* The bell stays in sight on a phone, outside the menu; from the medium breakpoint it ends the row. */}
        <div className="flex items-center gap-1 md:order-last">
          {session && (
            <Suspense fallback={null}>
              <NotificationBell signOut={signOut} />
            </Suspense>
          )}
          <button
            ref={toggle}
            type="button"
            aria-expanded={open}
            aria-controls={menuId}
            aria-label={open ? t('nav.closeMenu') : t('nav.openMenu')}
            onClick={() => setOpen((value) => !value)}
            className="rounded-md p-2 text-stone-700 hover:bg-stone-100 focus-visible:outline-2 focus-visible:outline-green-700 md:hidden"
          >
            <svg aria-hidden="true" viewBox="0 0 24 24" className="size-6 stroke-current" fill="none" strokeWidth="2" strokeLinecap="round">
              {open ? <path d="M6 6l12 12M18 6L6 18" /> : <path d="M4 7h16M4 12h16M4 17h16" />}
            </svg>
          </button>
        </div>
        <nav
          id={menuId}
          aria-label={t('nav.mainNavigation')}
          className={`${open ? 'flex' : 'hidden'} w-full flex-col gap-3 pb-2 md:flex md:w-auto md:flex-row md:items-center md:pb-0`}
        >
          <ul className="flex flex-col gap-1 md:flex-row md:gap-0">
            {ANCHORS.map((anchor) => (
              <li key={anchor.id}>
                <a href={`/#${anchor.id}`} onClick={(event) => goToSection(event, anchor.id)} className={linkClass}>
                  {t(anchor.label)}
                </a>
              </li>
            ))}
          </ul>
          <div className="flex flex-wrap items-center gap-3 ps-3 md:ps-2">
            {/* The new language re-lays the page; the menu that offered the switch has done its job. */}
            <LanguageSwitch onSwitch={() => setOpen(false)} />
            {dashboard && (
              <Link
                to={dashboard}
                onClick={() => setOpen(false)}
                className="rounded-full border border-green-700 px-4 py-1.5 text-sm font-semibold text-green-800 hover:bg-green-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-green-700"
              >
                {t('nav.dashboard')}
              </Link>
            )}
            {session ? (
              <button
                type="button"
                onClick={logout}
                className="rounded-full bg-stone-800 px-4 py-1.5 text-sm font-semibold text-white hover:bg-stone-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-green-700"
              >
                {t('nav.logout')}
              </button>
            ) : (
              <Link
                to="/Login"
                className="rounded-full bg-green-700 px-4 py-1.5 text-sm font-semibold text-white hover:bg-green-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-green-700"
              >
                {t('nav.login')}
              </Link>
            )}
          </div>
        </nav>
      </div>
    </header>
  );
}
