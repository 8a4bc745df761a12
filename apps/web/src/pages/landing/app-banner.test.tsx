import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18next from 'i18next';
import { AppBanner } from './app-banner';
import { isIos } from './install-help';

/** A `beforeinstallprompt` as Chromium fires it, answered with `outcome` when shown. */
function offerInstall(outcome: 'accepted' | 'dismissed') {
  const event = new Event('beforeinstallprompt', { cancelable: true }) as Event & { prompt: ReturnType<typeof vi.fn>; userChoice: Promise<unknown> };
  event.prompt = vi.fn(async () => undefined);
  event.userChoice = Promise.resolve({ outcome, platform: 'web' });
  act(() => {
    window.dispatchEvent(event);
  });
  return event;
}

const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';

describe('"Get the app"', () => {
  afterEach(async () => {
    cleanup();
    vi.restoreAllMocks();
    await i18next.changeLanguage('en');
  });

  it("shows the browser's install prompt where the browser offers one, and its mini-infobar stays away", async () => {
    const user = userEvent.setup();
    render(<AppBanner />);
    const offer = offerInstall('dismissed');
    expect(offer.defaultPrevented).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Get the app' }));
    expect(offer.prompt).toHaveBeenCalledTimes(1);
    expect(await screen.findByText('No problem: you can install Food Link later from your browser’s menu.')).toBeInTheDocument();
    // Used once: without a new offer, the next press explains instead of prompting again.
    await user.click(screen.getByRole('button', { name: 'Get the app' }));
    expect(offer.prompt).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(screen.getByTestId('install-help')).toHaveTextContent('Open your browser’s menu and choose “Install app” or “Add to Home screen”.'));
  });

  it('shows the Add to Home Screen steps on an iPhone, in Arabic too', async () => {
    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(IPHONE);
    const user = userEvent.setup();
    const { unmount } = render(<AppBanner />);
    await user.click(screen.getByRole('button', { name: 'Get the app' }));
    await waitFor(() => expect(screen.getByTestId('install-help')).toHaveTextContent('On an iPhone or iPad: tap the Share button in Safari, then “Add to Home Screen”.'));
    unmount();

    await i18next.changeLanguage('ar');
    render(<AppBanner />);
    await user.click(screen.getByRole('button', { name: 'احصل على التطبيق' }));
    await waitFor(() => expect(screen.getByTestId('install-help')).toHaveTextContent('على الآيفون أو الآيباد: اضغط زر المشاركة في سفاري، ثم «إضافة إلى الشاشة الرئيسية».'));
  });

  it('tells an iPad (which says it is a Mac) from a Mac', () => {
    const mac = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15';
    expect(isIos({ userAgent: mac, maxTouchPoints: 5 })).toBe(true);
    expect(isIos({ userAgent: mac, maxTouchPoints: 0 })).toBe(false);
    expect(isIos({ userAgent: IPHONE, maxTouchPoints: 5 })).toBe(true);
  });

  it('installs from the prompt in Arabic, then says the app is installed instead of offering it', async () => {
    await i18next.changeLanguage('ar');
    const user = userEvent.setup();
    render(<AppBanner />);
    const offer = offerInstall('accepted');
    await user.click(screen.getByRole('button', { name: 'احصل على التطبيق' }));
    expect(offer.prompt).toHaveBeenCalledTimes(1);
    expect(await screen.findByText('فود لينك مثبّت على هذا الجهاز: افتحه من شاشتك الرئيسية.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'احصل على التطبيق' })).not.toBeInTheDocument();
  });
});
