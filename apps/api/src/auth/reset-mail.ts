import type { Language } from '@food-link/contracts';
import { escapeHtml } from '../common/html';
import type { MailMessage } from '../mail/mailer';

interface ResetMailTexts {
  subject: string;
  greeting: (name: string) => string;
  body: (minutes: number) => string;
  button: string;
  ignore: string;
  signature: string;
}

/** The reset e-mail in each language the app speaks (docs/ACCOUNT-RECOVERY.md). */
const TEXTS: Record<Language, ResetMailTexts> = {
  en: {
    subject: 'Reset your Food Link password',
    greeting: (name) => `Hello ${name},`,
    body: (minutes) =>
      `Someone (we hope you) asked to reset the password of your Food Link account. Open this link within ${minutes} minutes to choose a new one; it works once, and signs you out everywhere:`,
    button: 'Choose a new password',
    ignore: 'If you did not ask for this, ignore this e-mail: your password stays as it is.',
    signature: 'Food Link',
  },
  ar: {
    subject: 'إعادة تعيين كلمة مرور فود لينك',
    greeting: (name) => `مرحبًا ${name}،`,
    body: (minutes) =>
      `طلب أحدٌ (نرجو أن تكون أنت) إعادة تعيين كلمة مرور حسابك في فود لينك. افتح هذا الرابط خلال ${minutes} دقيقة لتختار كلمة مرور جديدة؛ يعمل الرابط مرة واحدة، ويُخرجك من كل الأجهزة:`,
    button: 'اختر كلمة مرور جديدة',
    ignore: 'إن لم تطلب ذلك فتجاهل هذه الرسالة: كلمة مرورك باقية كما هي.',
    signature: 'فود لينك',
  },
};

/** The reset e-mail: plain text (every client shows it) and HTML, right to left in Arabic. */
export function resetMail(to: string, name: string, link: string, minutes: number, language: Language): MailMessage {
  const t = TEXTS[language];
  const text = [t.greeting(name), '', t.body(minutes), '', link, '', t.ignore, '', t.signature, ''].join('\n');
  const dir = language === 'ar' ? 'rtl' : 'ltr';
  const html = `<!doctype html>
<html lang="${language}" dir="${dir}">
<body style="font-family: sans-serif; line-height: 1.5; color: #1c1917">
<p>${escapeHtml(t.greeting(name))}</p>
<p>${escapeHtml(t.body(minutes))}</p>
<p><a href="${escapeHtml(link)}" style="display: inline-block; padding: 10px 16px; background: #166534; color: #ffffff; border-radius: 6px; text-decoration: none">${escapeHtml(t.button)}</a></p>
<p dir="ltr" style="font-size: 12px; word-break: break-all">${escapeHtml(link)}</p>
<p>${escapeHtml(t.ignore)}</p>
<p>${escapeHtml(t.signature)}</p>
</body>
</html>
`;
  return { to, subject: t.subject, text, html, language };
}
