import { type PickupPointBody } from '@food-link/contracts';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { expectNoAxeViolations } from './support/axe';
import { apiAddFood, apiAddPickupPoint, apiSignUp, type ApiSession } from './support/api';
import { DESKTOP, MOBILE, launchBrowser, openPage, screenshot } from './support/browser';
import { daysFromToday, field, foodCard, requestNamed } from './support/flows';
import { invitationLink, joinByInvitation } from './support/org';
import { newUser, type E2eUser } from './support/users';

/*
 * Organisations (issue 26, docs/ORGANISATIONS.md), through the screens, live, in both languages: a
 * charity's administrator invites a volunteer on the Members page; the volunteer opens the e-mail's link
 * on a phone, signs up and lands on My pickups; the coordinator claims a branch's food and assigns it to
 * the volunteer, whose phone shows the code at once; the donor's branch staff types that code on Donate,
 * and the volunteer's pickup reads Collected. The branch staff and the coordinator join by invitation
 * over HTTP (the e-mail's token, the same call the invitation page makes): the scene, not the subject.
 */

const TEXTS = {
  en: {
    members: 'Members',
    invite: 'Invite a member',
    email: 'E-mail',
    role: 'Role',
    volunteer: 'Volunteer',
    send: 'Send invitation',
    sent: (email: string) => `Invitation sent to ${email}.`,
    pending: 'Pending invitations',
    joinTitle: 'Join an organisation',
    invited: (org: string, email: string) => `${org} invites ${email} to join as Volunteer.`,
    name: 'Your name',
    password: 'Password',
    signUp: 'Sign up and join',
    myPickups: 'My pickups',
    nothing: /^Nothing assigned to you right now/,
    charityNav: 'Charity area',
    pickupHeading: 'Request a Food Pickup',
    submitRequest: 'Submit Request',
    requestSent: 'Pickup request submitted successfully!',
    requestsNav: 'Your Requests',
    assigned: (name: string) => `Assigned to ${name}.`,
    status: 'Status',
    claimed: 'Claimed',
    donate: 'Donate',
    confirmTitle: (charity: string) => `Has ${charity} collected the food?`,
    confirm: 'Yes, donation handed over',
    completed: 'Donation completed successfully!',
    collected: 'Collected',
    activity: 'Activity',
    joinedLine: (name: string) => new RegExp(`^\u2068?${name}\u2069? joined$`),
    subject: (id: string) => `Falafel sandwiches ${id}`,
  },
  ar: {
    members: 'الأعضاء',
    invite: 'دعوة عضو',
    email: 'البريد الإلكتروني',
    role: 'الدور',
    volunteer: 'متطوّع',
    send: 'إرسال الدعوة',
    sent: (email: string) => `أُرسلت الدعوة إلى ${email}.`,
    pending: 'دعوات لم تُقبل بعد',
    joinTitle: 'الانضمام إلى مؤسسة',
    invited: (org: string, email: string) => `تدعو ${org} صاحب البريد ${email} للانضمام بدور متطوّع.`,
    name: 'اسمك',
    password: 'كلمة المرور',
    signUp: 'إنشاء الحساب والانضمام',
    myPickups: 'استلاماتي',
    nothing: /^لا شيء مكلّف به الآن/,
    charityNav: 'منطقة الجمعية',
    pickupHeading: 'طلب استلام طعام',
    submitRequest: 'إرسال الطلب',
    requestSent: 'تم إرسال طلب الاستلام بنجاح!',
    requestsNav: 'طلباتك',
    assigned: (name: string) => `كُلّف ${name}.`,
    status: 'الحالة',
    claimed: 'محجوز',
    donate: 'تبرّع',
    confirmTitle: (charity: string) => `هل استلمت ${charity} الطعام؟`,
    confirm: 'نعم، تم تسليم التبرع',
    completed: 'تمت عملية التبرع بنجاح!',
    collected: 'تم الاستلام',
    activity: 'النشاط',
    joinedLine: (name: string) => new RegExp(`^انضم \u2068?${name}\u2069?$`),
    subject: (id: string) => `سندوتشات فلافل ${id}`,
  },
} as const;

type Language = keyof typeof TEXTS;

const point = (language: Language): PickupPointBody => ({
  label: language === 'en' ? 'Smouha branch' : 'فرع سموحة',
  governorate: 'EG-ALX',
  area: language === 'en' ? 'Smouha' : 'سموحة',
  address_line: language === 'en' ? '14 Fawzy Moaz Street' : '١٤ شارع فوزي معاذ',
  landmark: null,
  lat: null,
  lng: null,
  contact_name: 'Mona Adel',
  contact_phone: '+201001234567',
  notes: null,
  is_default: true,
});

describe.each(['en', 'ar'] as const)('an organisation at work, in %s', (language) => {
  const tx = TEXTS[language];
  const storage = (session: ApiSession) => ({ ...session.storage, language });
  let browser: Browser;
  const contexts: BrowserContext[] = [];
  let donorAdmin: ApiSession;
  let charityUser: E2eUser;
  let charityAdmin: ApiSession;
  let staff: ApiSession;
  const staffUser = newUser('donor');
  let coordinator: ApiSession;
  const coordinatorUser = newUser('charity');
  const volunteer = newUser('charity');
  volunteer.name = language === 'en' ? `Omar Said ${volunteer.email.slice(8, 14)}` : `عمر سعيد ${volunteer.email.slice(8, 14)}`;
  let volunteerPage: Page;
  let staffPage: Page;
  let coordinatorPage: Page;
  let foodId: number;
  let foodName: string;
  let code = '';

  const open = async (path: string, options: Parameters<typeof openPage>[2]) => {
    const opened = await openPage(browser, path, options);
    contexts.push(opened.context);
    return opened.page;
  };

  beforeAll(async () => {
    browser = await launchBrowser();
    donorAdmin = await apiSignUp(newUser('donor'), 'donor');
    const pointId = await apiAddPickupPoint(donorAdmin.token, point(language));
    staff = await joinByInvitation(donorAdmin, staffUser, { role: 'staff', pickup_point_ids: [pointId] });
    charityUser = newUser('charity');
    charityAdmin = await apiSignUp(charityUser, 'charity');
    coordinator = await joinByInvitation(charityAdmin, coordinatorUser, { role: 'coordinator' });
    foodName = tx.subject(volunteer.email.slice(8, 14));
    foodId = await apiAddFood(staff.token, {
      food_name: foodName,
      quantity: 12,
      description: language === 'en' ? 'Wrapped, still warm' : 'ملفوفة وما زالت دافئة',
      expiration_date: daysFromToday(1),
      pickup_point_id: pointId,
    });
  });

  afterAll(async () => {
    for (const context of contexts) await context.close();
    await browser?.close();
  });

  it("the charity's administrator invites a volunteer on the Members page", async () => {
    const page = await open('/org', { storage: storage(charityAdmin), viewport: DESKTOP });
    const form = page.getByRole('region', { name: tx.invite });
    await form.getByRole('textbox', { name: tx.email }).fill(volunteer.email);
    await form.getByRole('combobox', { name: tx.role }).selectOption('volunteer');
    await form.getByRole('button', { name: tx.send, exact: true }).click();
    await form.getByText(tx.sent(volunteer.email), { exact: true }).waitFor();
    await page.getByRole('region', { name: tx.pending }).getByText(volunteer.email).waitFor();
    await expectNoAxeViolations(page, `members page (${language})`);
    await screenshot(page, `org-members-${language}`);
  });

  it("the volunteer opens the e-mail's link on a phone, signs up and lands on My pickups", async () => {
    const link = await invitationLink(volunteer.email);
    volunteerPage = await open(`${link.pathname}${link.search}`, { storage: { language }, viewport: MOBILE });
    await volunteerPage.getByRole('heading', { name: tx.joinTitle, level: 1 }).waitFor();
    await volunteerPage.getByText(tx.invited(charityUser.name, volunteer.email), { exact: true }).waitFor();
    await expectNoAxeViolations(volunteerPage, `invitation page (${language})`);
    await volunteerPage.getByRole('textbox', { name: tx.name }).fill(volunteer.name);
    await volunteerPage.getByLabel(tx.password, { exact: true }).fill(volunteer.password);
    await volunteerPage.getByRole('button', { name: tx.signUp, exact: true }).click();
    await volunteerPage.getByRole('heading', { name: tx.myPickups, level: 1 }).waitFor();
    await volunteerPage.getByText(tx.nothing).waitFor();
    expect(await volunteerPage.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  });

  // All live, the pages are never loaded again (docs/ORGANISATIONS.md, "Live events"): the branch staff hears
  // the claim in their branch's room, the volunteer the assignment and the handover in their own.
  it('the branch staff sees the listing, and the coordinator claims it', async () => {
    staffPage = await open('/DonerDashboard', { storage: storage(staff), viewport: DESKTOP });
    await foodCard(staffPage, foodId).waitFor();
    coordinatorPage = await open(`/FoodDonationApp?food=${foodId}`, { storage: storage(coordinator), viewport: DESKTOP });
    await coordinatorPage.getByRole('heading', { name: tx.pickupHeading, level: 1 }).waitFor();
    await coordinatorPage.getByRole('button', { name: tx.submitRequest, exact: true }).click();
    await coordinatorPage.getByText(tx.requestSent).waitFor();
    await field(foodCard(staffPage, foodId), tx.status).filter({ hasText: new RegExp(`^${tx.claimed}$`) }).waitFor();
  });

  it("the coordinator assigns the pickup, and the volunteer's phone shows the code", async () => {
    await coordinatorPage.getByRole('navigation', { name: tx.charityNav }).getByRole('button', { name: tx.requestsNav, exact: true }).click();
    const request = requestNamed(coordinatorPage, foodName);
    const choice = request.getByTestId('assign-select');
    const value = await choice.locator('option', { hasText: volunteer.name }).getAttribute('value');
    await choice.selectOption(value ?? '');
    await request.getByTestId('assign-submit').click();
    await request.getByText(tx.assigned(volunteer.name), { exact: true }).waitFor();
    await expectNoAxeViolations(coordinatorPage, `requests with the assign control (${language})`);

    const pickup = volunteerPage.locator(`article[data-request-id]`).filter({ hasText: foodName });
    const shown = pickup.getByTestId('my-pickup-code');
    await shown.waitFor();
    code = (await shown.textContent()) ?? '';
    expect(code).toMatch(/^\d{4,8}$/);
    expect(await pickup.getByTestId('my-pickup-call').getAttribute('href')).toBe('tel:+201001234567');
    await expectNoAxeViolations(volunteerPage, `my pickups (${language})`);
    expect(await volunteerPage.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await screenshot(volunteerPage, `org-my-pickups-${language}`);
  });

  it("the branch staff types the volunteer's code on Donate, and the volunteer's pickup reads Collected", async () => {
    const card = foodCard(staffPage, foodId);
    await card.getByTestId('donate-code').fill(code);
    await card.getByRole('button', { name: tx.donate, exact: true }).click();
    await staffPage.getByRole('dialog', { name: tx.confirmTitle(charityUser.name) }).getByRole('button', { name: tx.confirm, exact: true }).click();
    await card.getByText(tx.completed, { exact: true }).waitFor();
    await volunteerPage.locator(`article[data-request-id]`).filter({ hasText: foodName }).getByText(tx.collected, { exact: true }).waitFor();
  });

  it("the administrator's activity names who did what", async () => {
    const page = await open('/org', { storage: storage(charityAdmin), viewport: MOBILE });
    const activity = page.getByRole('region', { name: tx.activity });
    await activity.getByText(tx.joinedLine(volunteer.name)).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await expectNoAxeViolations(page, `activity on a phone (${language})`);
  });
});
