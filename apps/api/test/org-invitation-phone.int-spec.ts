import { ORG_ROUTES } from '@food-link/contracts';
import { createCharity, createDonor } from './support/factories';
import { MessagingProviders } from './support/messaging-providers';
import { startTestApp, type TestApp } from './support/test-app';
import { waitFor } from './support/wait';

/*
 * An organisation's invitation by WhatsApp or SMS too (docs/MESSAGING.md, "Invitations"; issue 26: "by the
 * other channels when they exist"): POST /api/org/invitations with `phone` sends the link to that number,
 * on WhatsApp as the approved template, by SMS with the link first; the link works; the log keeps no link.
 * Against the local server of support/messaging-providers.ts, which speaks both providers' APIs.
 */
const PUBLIC_URL = 'https://foodlink.example';

describe('invitations by WhatsApp and SMS', () => {
  let t: TestApp;
  let providers: MessagingProviders;
  let sequence = 0;
  const newEmail = () => `invited-${process.pid}-${Date.now().toString(36)}-${++sequence}@example.eg`;
  const newPhone = () => `+2011${String(50_000_000 + ++sequence * 7919 + Math.floor(Math.random() * 1000)).slice(-8)}`;

  beforeAll(async () => {
    providers = await MessagingProviders.start();
    t = await startTestApp({ ...providers.env(PUBLIC_URL), WEB_ORIGIN: PUBLIC_URL });
  });
  afterAll(async () => {
    await t?.close();
    await providers?.close();
  });

  const tokenOf = (text: string) => /https:\/\/foodlink\.example\/join\?token=([\w-]+)/.exec(text)?.[1];

  it("sends the link by WhatsApp's template to the phone given (the e-mail still goes), and the link opens the invitation", async () => {
    const admin = await createDonor(t.http);
    const phone = newPhone();
    const created = await t.http.post(ORG_ROUTES.invitations, { email: newEmail(), role: 'viewer', phone: `0${phone.slice(3)}`, phone_channel: 'whatsapp' }, { token: admin.token });
    expect(created.status).toBe(201);
    const [message] = await waitFor(async () => providers.whatsAppSent().filter((body) => body.to === phone.slice(1)), (sent) => sent.length === 1, 'the WhatsApp invitation');
    expect(message.type).toBe('template');
    expect(message.template.name).toBe('foodlink_org_invitation');
    expect(message.template.language.code).toBe('en');
    const [words, link] = message.template.components[0].parameters.map((p: { text: string }) => p.text);
    expect(words).toBe(`${admin.name} invites you to join ${admin.name} on Food Link as a viewer. Open this link within 7 days to sign in or create your account and join.`);
    const token = tokenOf(link);
    expect(token).toBeDefined();
    const preview = await t.http.get(`${ORG_ROUTES.previewInvitation}?token=${token}`);
    expect(preview.status).toBe(200);
    // The log keeps the words, never the link's secret.
    const [row] = await t.db.query(`SELECT kind, body, user_id, status FROM messaging_messages WHERE phone = $1`, [phone]);
    expect(row).toMatchObject({ kind: 'org_invitation', user_id: null, status: 'sent' });
    expect(row.body).not.toContain(token);
  });

  it('sends it by SMS with the link first; no phone, no message; a bad phone is a 400 naming it', async () => {
    const admin = await createCharity(t.http);
    const phone = newPhone();
    expect((await t.http.post(ORG_ROUTES.invitations, { email: newEmail(), role: 'volunteer', phone, phone_channel: 'sms' }, { token: admin.token })).status).toBe(201);
    const [sms] = await waitFor(async () => providers.smsSent().filter((form) => form.get('To') === phone), (sent) => sent.length === 1, 'the SMS invitation');
    const body = sms.get('Body') as string;
    expect(body.split('\n')[0]).toMatch(/^https:\/\/foodlink\.example\/join\?token=[\w-]+$/);
    expect(body).toContain('as a volunteer');

    const before = providers.requests.length;
    expect((await t.http.post(ORG_ROUTES.invitations, { email: newEmail(), role: 'volunteer' }, { token: admin.token })).status).toBe(201);
    const bad = await t.http.post(ORG_ROUTES.invitations, { email: newEmail(), role: 'volunteer', phone: '12345' }, { token: admin.token });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body.message)).toContain('phone');
    const badChannel = await t.http.post(ORG_ROUTES.invitations, { email: newEmail(), role: 'volunteer', phone, phone_channel: 'pigeon' }, { token: admin.token });
    expect(badChannel.status).toBe(400);
    expect(JSON.stringify(badChannel.body.message)).toContain('phone_channel');
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(providers.requests.length).toBe(before);
  });
});
