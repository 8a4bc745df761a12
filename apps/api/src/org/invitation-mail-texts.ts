import type { Language, OrgRole } from '@food-link/contracts';
import { escapeHtml } from '../common/html';
import type { MailMessage } from '../mail/mailer';

interface InvitationTexts {
  subject: (organisation: string) => string;
  body: (inviter: string, organisation: string, role: string, days: number) => string;
  button: string;
  ignore: string;
  signature: string;
  roles: Record<OrgRole, string>;
}

const TEXTS: Record<Language, InvitationTexts> = {
  en: {
    subject: (organisation) => `${organisation} invites you to Food Link`,
    body: (inviter, organisation, role, days) =>
      `${inviter} invites you to join ${organisation} on Food Link as ${role}. Open this link within ${days} days to sign in or create your account and join:`,
    button: 'Join',
    ignore: 'If you did not expect this, ignore this e-mail: nothing happens unless you open the link.',
    signature: 'Food Link',
    roles: {
      admin: 'an administrator',
      branch_manager: 'a branch manager',
      staff: 'a staff member',
      viewer: 'a viewer',
      coordinator: 'a coordinator',
      volunteer: 'a volunteer',
    },
  },
  ar: {
    subject: (organisation) => `${organisation} تدعوك إلى فود لينك`,
    body: (inviter, organisation, role, days) =>
      `يدعوك ${inviter} للانضمام إلى ${organisation} على فود لينك بصفة ${role}. افتح هذا الرابط خلال ${toArabicDigits(days)} أيام لتسجّل الدخول أو تنشئ حسابك وتنضم:`,
    button: 'انضم',
    ignore: 'إن لم تتوقع هذه الرسالة فتجاهلها: لن يحدث شيء ما لم تفتح الرابط.',
    signature: 'فود لينك',
    roles: {
      admin: 'مسؤول',
      branch_manager: 'مدير فرع',
      staff: 'موظف',
      viewer: 'مطّلع',
      coordinator: 'منسّق',
      volunteer: 'متطوع',
    },
  },
};

function toArabicDigits(value: number): string {
  return String(value).replace(/[0-9]/g, (digit) => '٠١٢٣٤٥٦٧٨٩'[Number(digit)]);
}

/** The invitation's words without the link, for WhatsApp and SMS (docs/MESSAGING.md, "Invitations"). */
export function invitationWords(invitation: { inviter: string; organisation: string; role: OrgRole; days: number }, language: Language): string {
  const t = TEXTS[language];
  return t.body(invitation.inviter, invitation.organisation, t.roles[invitation.role], invitation.days).replace(/:$/, '.');
}

/** The invitation e-mail (docs/ORGANISATIONS.md): plain text and HTML, right to left in Arabic. */
export function invitationMail(
  to: string,
  invitation: { inviter: string; organisation: string; role: OrgRole; days: number },
  link: string,
  language: Language,
): MailMessage {
  const t = TEXTS[language];
  const body = t.body(invitation.inviter, invitation.organisation, t.roles[invitation.role], invitation.days);
  const text = [body, '', link, '', t.ignore, '', t.signature, ''].join('\n');
  const dir = language === 'ar' ? 'rtl' : 'ltr';
  const html = `<!doctype html>
<html lang="${language}" dir="${dir}">
<body style="font-family: sans-serif; line-height: 1.5; color: #1c1917">
<p>${escapeHtml(body)}</p>
<p><a href="${escapeHtml(link)}" style="display: inline-block; padding: 10px 16px; background: #166534; color: #ffffff; border-radius: 6px; text-decoration: none">${escapeHtml(t.button)}</a></p>
<p dir="ltr" style="font-size: 12px; word-break: break-all">${escapeHtml(link)}</p>
<p>${escapeHtml(t.ignore)}</p>
<p>${escapeHtml(t.signature)}</p>
</body>
</html>
`;
  return { to, subject: t.subject(invitation.organisation), text, html, language };
}
