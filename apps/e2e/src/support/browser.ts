import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { PLATFORM_TIME_ZONE } from '@food-link/contracts';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { screenshotDir } from './paths';

/** Every wait on a page gives up after this long (Playwright's own default, 30 s, is far too patient). */
export const WAIT_MS = 10_000;

export const DESKTOP = { width: 1280, height: 900 };
export const MOBILE = { width: 390, height: 844 };

/** Debian's Chromium, headless, with the flags this sandbox needs (no network beyond loopback). */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

export function baseUrl(): string {
  const url = process.env.E2E_BASE_URL;
  if (!url) throw new Error('E2E_BASE_URL is not set: the global setup did not start the stack');
  return url;
}

export interface PageOptions {
  viewport?: { width: number; height: number };
  /**
   * Entries put in the app's local storage before its first page loads: the language choice
   * (`language`), or a session made over HTTP (`token`, `userId`, ...).
   */
  storage?: Record<string, string>;
  /** Runs on the new context before the first page is opened (e.g. to route a call). */
  prepare?: (context: BrowserContext) => Promise<unknown>;
}

/** A fresh browser context (its own storage: one user per context) opened at `path`. */
export async function openPage(browser: Browser, path = '/', options: PageOptions = {}): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    baseURL: baseUrl(),
    viewport: options.viewport ?? DESKTOP,
    locale: 'en-GB',
    timezoneId: PLATFORM_TIME_ZONE,
    // Still pages: no smooth scrolling or pulsing placeholders under the screenshots.
    reducedMotion: 'reduce',
  });
  context.setDefaultTimeout(WAIT_MS);
  context.setDefaultNavigationTimeout(15_000);
  if (options.storage) {
    // Only on the tab's first document: what the app changes later must survive a reload.
    await context.addInitScript((entries) => {
      if (location.protocol !== 'http:' || sessionStorage.getItem('e2e-storage-set')) return;
      sessionStorage.setItem('e2e-storage-set', '1');
      for (const [key, value] of Object.entries(entries)) localStorage.setItem(key, value);
    }, options.storage);
  }
  await options.prepare?.(context);
  const page = await context.newPage();
  await page.goto(path);
  return { context, page };
}

/** Saves a screenshot (full page unless told otherwise) under test-results/e2e/<name>.png. */
export async function screenshot(page: Page, name: string, { fullPage = true } = {}): Promise<void> {
  mkdirSync(screenshotDir, { recursive: true });
  await page.screenshot({ path: join(screenshotDir, `${name}.png`), fullPage, animations: 'disabled' });
}

/**
 * Marks the page's window; `stillSamePage` is true only while no reload or full navigation has
 * replaced it (client-side route changes keep it).
 */
export async function markWindow(page: Page): Promise<void> {
  await page.evaluate(() => {
    (window as unknown as { __e2eMarker?: number }).__e2eMarker = 1;
  });
}

export function stillSamePage(page: Page): Promise<boolean> {
  return page.evaluate(() => (window as unknown as { __e2eMarker?: number }).__e2eMarker === 1);
}
