import { act, fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { storeSession } from '../session/session';
import { renderApp } from '../test/render-app';
import { ANCHOR_WAIT_MS, TopBar } from './top-bar';

vi.mock('socket.io-client', () => import('../test/fake-socket'));

/** The top bar on two routes: the landing page and another page (where no section exists). */
const routes = [
  { path: '/', element: <TopBar /> },
  { path: '/Login', element: <TopBar /> },
];

const scrolled = vi.fn();

beforeEach(() => {
  // jsdom does not lay out pages, so it has no scrolling; record where the top bar scrolls instead.
  Element.prototype.scrollIntoView = function (this: Element) {
    scrolled(this.id);
  };
});

afterEach(() => {
  scrolled.mockReset();
  vi.useRealTimers();
  document.querySelectorAll('[data-late-section]').forEach((element) => element.remove());
});

/** A section that appears after the page has rendered, as when a lazy page is still loading. */
function addLateSection(id: string) {
  const section = document.createElement('section');
  section.id = id;
  section.dataset.lateSection = '';
  document.body.append(section);
}

describe('TopBar', () => {
  it('links to Login when no token is stored', () => {
    renderApp(routes);
    expect(screen.getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/Login');
    expect(screen.queryByRole('button', { name: 'Logout' })).not.toBeInTheDocument();
  });

  it('offers Logout when a token is stored; logging out clears storage and goes to /#hero', async () => {
    localStorage.setItem('token', 'a-token');
    localStorage.setItem('userId', '7');
    localStorage.setItem('charityName', 'Misr El Kheir');
    const { router } = renderApp(routes, { path: '/Login' });
    expect(screen.queryByRole('link', { name: 'Login' })).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Logout' }));

    expect(localStorage.getItem('token')).toBeNull();
    expect(localStorage.getItem('userId')).toBeNull();
    expect(localStorage.getItem('charityName')).toBeNull();
    expect(router.state.location).toMatchObject({ pathname: '/', hash: '#hero' });
    expect(screen.getByRole('link', { name: 'Login' })).toBeInTheDocument();
  });

  it('opens and closes the menu with the hamburger toggle', async () => {
    renderApp(routes);
    const toggle = screen.getByRole('button', { name: 'Open menu' });
    const menu = document.getElementById(toggle.getAttribute('aria-controls') ?? '');
    expect(menu).toHaveAccessibleName('Main navigation');
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(menu).toHaveClass('hidden');

    await userEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(toggle).toHaveAccessibleName('Close menu');
    expect(menu).not.toHaveClass('hidden');

    await userEvent.keyboard('{Escape}');
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(toggle).toHaveFocus();
  });

  it('lists the five section anchors', () => {
    renderApp(routes);
    const anchors = {
      Home: '/#hero',
      'Our Mission': '/#about',
      'How It Works': '/#how-it-works',
      Testimonials: '/#testimonials',
      'About Food Waste': '/#call-to-action',
    };
    for (const [name, href] of Object.entries(anchors)) {
      expect(screen.getByRole('link', { name })).toHaveAttribute('href', href);
    }
  });

  it('scrolls to a section on the same page', async () => {
    addLateSection('testimonials');
    const { router } = renderApp(routes);
    await userEvent.click(screen.getByRole('link', { name: 'Testimonials' }));
    expect(router.state.location).toMatchObject({ pathname: '/', hash: '#testimonials' });
    expect(scrolled).toHaveBeenCalledWith('testimonials');
  });

  it('from another page, goes to the landing page and waits for the section to appear', async () => {
    const { router } = renderApp(routes, { path: '/Login' });
    await userEvent.click(screen.getByRole('link', { name: 'How It Works' }));
    expect(router.state.location).toMatchObject({ pathname: '/', hash: '#how-it-works' });
    expect(scrolled).not.toHaveBeenCalled();

    addLateSection('how-it-works');
    await vi.waitFor(() => expect(scrolled).toHaveBeenCalledWith('how-it-works'));
  });

  it(`waits up to ${ANCHOR_WAIT_MS} ms for the section`, async () => {
    renderApp(routes, { path: '/Login' });
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    fireEvent.click(screen.getByRole('link', { name: 'Our Mission' }));

    act(() => vi.advanceTimersByTime(ANCHOR_WAIT_MS - 1));
    addLateSection('about');
    await act(() => Promise.resolve());
    expect(scrolled).toHaveBeenCalledWith('about');
  });

  it(`gives up after ${ANCHOR_WAIT_MS} ms`, async () => {
    renderApp(routes, { path: '/Login' });
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    fireEvent.click(screen.getByRole('link', { name: 'Our Mission' }));

    act(() => vi.advanceTimersByTime(ANCHOR_WAIT_MS));
    addLateSection('about');
    // The observer would have run by now, had it still been watching.
    await act(() => Promise.resolve());
    expect(scrolled).not.toHaveBeenCalled();
  });

  it('switches to Arabic, right to left, and remembers the choice', async () => {
    renderApp(routes);
    await userEvent.click(screen.getByRole('button', { name: 'العربية' }));

    expect(document.documentElement).toHaveAttribute('lang', 'ar');
    expect(document.documentElement).toHaveAttribute('dir', 'rtl');
    expect(localStorage.getItem('language')).toBe('ar');
    expect(screen.getByRole('link', { name: 'الرئيسية' })).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'English' }));
    expect(document.documentElement).toHaveAttribute('dir', 'ltr');
    expect(screen.getByRole('link', { name: 'Home' })).toBeInTheDocument();
  });

  it.each([
    ['donor', '/DonerDashboard'],
    ['charity', '/FoodDonationApp'],
  ] as const)('leads a signed-in %s back to their dashboard', async (userType, dashboard) => {
    storeSession(`token-${userType}`, { user_id: 7, user_type: userType, name: 'Misr El Kheir' });
    renderApp(routes);
    expect(screen.getByRole('link', { name: 'My dashboard' })).toHaveAttribute('href', dashboard);
  });

  it('offers no dashboard link to a visitor who is not signed in', () => {
    renderApp(routes);
    expect(screen.queryByRole('link', { name: 'My dashboard' })).not.toBeInTheDocument();
  });

  it('closes the mobile menu once the language is switched', async () => {
    renderApp(routes);
    const toggle = screen.getByRole('button', { name: 'Open menu' });
    await userEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await userEvent.click(screen.getByRole('button', { name: 'العربية' }));
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(document.getElementById(toggle.getAttribute('aria-controls') ?? '')).toHaveClass('hidden');
    await userEvent.click(screen.getByRole('button', { name: 'English' }));
  });

  it('is opaque, so the open menu never shows the page through it', () => {
    renderApp(routes);
    const header = screen.getByRole('banner');
    expect(header).toHaveClass('bg-white');
    expect(header.className).not.toMatch(/bg-white\/|backdrop-blur/);
  });
});
