import { useTranslation } from 'react-i18next';

/** An Egyptian E.164 number as people write it: `+20 100 123 4567`. */
export function readablePhone(e164: string): string {
  const match = /^\+20(\d{3})(\d{3})(\d{4})$/.exec(e164);
  return match ? `+20 ${match[1]} ${match[2]} ${match[3]}` : e164;
}

/** `tel:` link of an E.164 number. */
export const callLink = (e164: string) => `tel:${e164}`;
/** WhatsApp's click-to-chat link of an E.164 number (digits only, no `+`: https://faq.whatsapp.com/5913398998672934). */
export const whatsAppLink = (e164: string) => `https://wa.me/${e164.replace(/\D/g, '')}`;

/**
 * A phone the two parties of a claim may use to talk (docs/MESSAGING.md, "Talk to each other"): the
 * number, read left to right, with a call link and a WhatsApp link, each big enough to tap on a phone.
 */
export function PhoneLinks({ phone }: { phone: string }) {
  const { t } = useTranslation('common');
  const readable = readablePhone(phone);
  const link =
    'inline-flex min-h-11 items-center rounded-lg border border-green-700 px-3 py-2 text-sm font-semibold text-green-800 hover:bg-green-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-green-800';
  return (
    <span className="flex flex-wrap items-center gap-2">
      <bdi dir="ltr" className="whitespace-nowrap">
        {readable}
      </bdi>
      <a className={link} href={callLink(phone)} aria-label={t('phone.callLabel', { phone: readable })}>
        {t('phone.call')}
      </a>
      <a className={link} href={whatsAppLink(phone)} target="_blank" rel="noopener noreferrer" aria-label={t('phone.whatsAppLabel', { phone: readable })}>
        {t('phone.whatsApp')}
      </a>
    </span>
  );
}
