import type { Browser } from 'playwright-core';
import { apiAddFood, apiSignUp } from './support/api';
import { baseUrl, launchBrowser, openPage, screenshot } from './support/browser';
import { daysFromToday, logIn } from './support/flows';
import { waitForMail } from './support/mail';
import { newUser } from './support/users';

/**
 * Password reset by e-mail through the run's real SMTP server (the global setup starts it and points
 * SMTP_URL at it), and a shared listing opened by someone without an account.
 */
describe('account recovery and sharing, in Chromium', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser?.close());

  it('resets a forgotten password from the e-mailed link, then signs in with the new one', async () => {
    const donor = newUser('donor');
    const oldSession = await apiSignUp(donor, 'donor');
    const { context, page } = await openPage(browser, '/Login');
    try {
      await page.getByRole('link', { name: 'Forgot password?' }).click();
      await page.getByRole('heading', { name: 'Forgot your password?' }).waitFor();
      await page.getByLabel('Email', { exact: true }).fill(donor.email.toUpperCase());
      await page.getByRole('button', { name: 'Send the link' }).click();
      await page.getByText('If an account uses this address, a link to reset its password is on its way.').waitFor();
      await screenshot(page, 'forgot-password');

      const mail = await waitForMail(donor.email);
      expect(mail.subject).toBe('Reset your Food Link password');
      const link = /http:\/\/127\.0\.0\.1:\d+\/reset-password\?token=[\w-]+/.exec(mail.text ?? '')?.[0];
      expect(link?.startsWith(`${baseUrl()}/reset-password?token=`)).toBe(true);

      await page.goto(link as string);
      await page.getByRole('heading', { name: 'Choose a new password' }).waitFor();
      const newPassword = `${donor.password}-renewed`;
      await page.getByLabel('New password', { exact: true }).fill(newPassword);
      await page.getByLabel('Confirm the new password').fill(newPassword);
      await page.getByRole('button', { name: 'Set the password' }).click();
      await page.getByText('Your password has been changed. Log in with it.').waitFor();
      await screenshot(page, 'reset-password-done');

      // The session from before the reset has ended; the new password signs in.
      const me = await fetch(`${baseUrl()}/api/auth/me`, { headers: { authorization: oldSession.token } });
      expect(me.status).toBe(401);
      await logIn(page, { ...donor, password: newPassword }, 'donor');

      // The link works once.
      await page.goto(link as string);
      await page.getByLabel('New password', { exact: true }).fill('a third passphrase');
      await page.getByLabel('Confirm the new password').fill('a third passphrase');
      await page.getByRole('button', { name: 'Set the password' }).click();
      await page.getByText('token has already been used').waitFor();
    } finally {
      await context.close();
    }
  });

  it('opens a shared listing for a visitor without an account, with a WhatsApp share link and preview tags', async () => {
    const donor = newUser('donor');
    const session = await apiSignUp(donor, 'donor');
    const name = `Shared koshary ${Date.now().toString(36)}`;
    const foodId = await apiAddFood(session.token, { food_name: name, quantity: 25, description: 'Boxes for tonight', expiration_date: daysFromToday(2) });

    const html = await (await fetch(`${baseUrl()}/food/${foodId}`, { headers: { accept: 'text/html' } })).text();
    expect(html).toContain(`<meta property="og:title" content="${name} · Food Link" />`);
    expect(html).toContain(`<meta property="og:url" content="${baseUrl()}/food/${foodId}" />`);

    const { context, page } = await openPage(browser, `/food/${foodId}`);
    try {
      await page.getByRole('heading', { name, level: 1 }).waitFor();
      const share = page.getByRole('link', { name: `Share on WhatsApp: ${name}` });
      const href = (await share.getAttribute('href')) ?? '';
      const text = new URL(href).searchParams.get('text') ?? '';
      expect(href.startsWith('https://wa.me/?text=')).toBe(true);
      expect(text).toContain(name);
      expect(text).toContain(`${baseUrl()}/food/${foodId}`);
      await screenshot(page, 'listing-page');

      await page.goto('/food/999999999');
      await page.getByRole('heading', { name: 'Page Not Found' }).waitFor();
    } finally {
      await context.close();
    }
  });
});
