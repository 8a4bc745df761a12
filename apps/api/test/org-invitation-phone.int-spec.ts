import { ORG_ROUTES } from '@food-link/contracts';
import { createCharity, createDonor } from './support/factories';
import { MessagingProviders } from './support/messaging-providers';
import { startTestApp, type TestApp } from './support/test-app';
import { waitFor } from './support/wait';

/*
 * An organisation's invitation by WhatsApp or SMS too (docs/MESSAGING.md, "Invitations"; issue 26: "by the
 * other channels when they exist"): when the invited e-mail is an account's with a verified phone, the link
 * goes to that phone too, on its channel (WhatsApp: the approved template; SMS: the link first) and in its
 * owner's language; the link works; the log keeps no link. Nothing goes to a phone nobody verified, nor to
 * one that said STOP (issue 29). Against the local server of support/messaging-providers.ts, which speaks
 * both providers' APIs.
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

  /** An account whose phone is verified on `channel` (verification itself: messaging.int-spec.ts). */
  const withVerifiedPhone = async (user: { id: number }, channel: 'whatsapp' | 'sms', stopped = false) => {
    const phone = newPhone();
    await t.db.query(`INSERT INTO messaging_phones (user_id, phone, channel, verified_at, stopped_at) VALUES ($1, $2, $3, now(), $4)`, [
      user.id,
      phone,
      channel,
      stopped ? new Date() : null,
    ]);
    return phone;
  };

  it("sends the link by WhatsApp's template to the invited account's verified phone (the e-mail still goes), and the link opens the invitation", async () => {
    const admin = await createDonor(t.http);
    const invitee = await createCharity(t.http);
    const phone = await withVerifiedPhone(invitee, 'whatsapp');
    const created = await t.http.post(ORG_ROUTES.invitations, { email: invitee.email, role: 'viewer' }, { token: admin.token });
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
    expect(row).toMatchObject({ kind: 'org_invitation', user_id: invitee.id, status: 'sent' });
    expect(row.body).not.toContain(token);
  });

  it('sends it by SMS with the link first to a phone verified for SMS; nothing to an e-mail without a verified phone, nor to a phone that said STOP', async () => {
    const admin = await createCharity(t.http);
    const invitee = await createDonor(t.http);
    const phone = await withVerifiedPhone(invitee, 'sms');
    expect((await t.http.post(ORG_ROUTES.invitations, { email: invitee.email, role: 'volunteer' }, { token: admin.token })).status).toBe(201);
    const [sms] = await waitFor(async () => providers.smsSent().filter((form) => form.get('To') === phone), (sent) => sent.length === 1, 'the SMS invitation');
    const body = sms.get('Body') as string;
    expect(body.split('\n')[0]).toMatch(/^https:\/\/foodlink\.example\/join\?token=[\w-]+$/);
    expect(body).toContain('as a volunteer');

    const before = providers.requests.length;
    // A new person (no account), an account without a phone, and one whose phone said STOP: e-mail only.
    const noPhone = await createDonor(t.http);
    const stopped = await createDonor(t.http);
    await withVerifiedPhone(stopped, 'whatsapp', true);
    for (const email of [newEmail(), noPhone.email, stopped.email]) {
      expect((await t.http.post(ORG_ROUTES.invitations, { email, role: 'volunteer' }, { token: admin.token })).status).toBe(201);
    }
    // The body takes no phone of the admin's choosing (an unknown field, left out): a number nobody verified is never written to.
    expect((await t.http.post(ORG_ROUTES.invitations, { email: newEmail(), role: 'volunteer', phone: '+201112345678' }, { token: admin.token })).status).toBe(201);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(providers.requests.length).toBe(before);
  });
});
