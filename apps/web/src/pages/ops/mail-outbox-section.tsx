import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { opsEndpoints } from '../../api/ops-endpoints';
import { queryKeys } from '../../api/query-keys';
import { cairoDateTime } from '../listing/cairo-time';
import { useOpsErrorGuard } from './ops-access';
import { OpsSection } from './ops-section';

const cellClass = 'px-2 py-1.5 align-top';
const buttonClass =
  'rounded-md border border-stone-300 px-2.5 py-1 text-sm font-semibold text-stone-800 hover:bg-stone-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-green-700';

/** One outbox message's plain text, as it was written (links whole, Arabic decoded). */
function MailMessage({ operatorId, file, onClose }: { operatorId: number; file: string; onClose: () => void }) {
  const { t } = useTranslation('ops');
  const query = useQuery({ queryKey: queryKeys.opsMailMessage(operatorId, file), queryFn: () => opsEndpoints.mailMessage(file) });
  useOpsErrorGuard(query.error);
  return (
    <div data-testid="mail-message" className="mt-3 rounded-lg border border-stone-200 bg-stone-50 p-3">
      {query.data ? (
        <>
          <p dir="auto" className="font-semibold text-stone-900">
            {query.data.subject}
          </p>
          <pre dir="auto" className="mt-2 text-sm break-words whitespace-pre-wrap text-stone-800">
            {query.data.text}
          </pre>
        </>
      ) : (
        <p role="status" className="text-sm text-stone-600">
          {query.isError ? t('mail.error') : t('mail.loading')}
        </p>
      )}
      <button type="button" onClick={onClose} className={`mt-2 ${buttonClass}`}>
        {t('mail.close')}
      </button>
    </div>
  );
}

/**
 * The development mail outbox (no SMTP_URL: the API keeps each e-mail under DATA_DIR/mail), so whoever
 * runs `npm start` can read what was "sent", a password reset link say. Read on demand, not live.
 */
export function MailOutboxSection({ operatorId }: { operatorId: number }) {
  const { t, i18n } = useTranslation('ops');
  const [open, setOpen] = useState<string | null>(null);
  const query = useQuery({ queryKey: queryKeys.opsMail(operatorId), queryFn: opsEndpoints.mail });
  useOpsErrorGuard(query.error);
  const mails = query.data ?? [];
  return (
    <OpsSection
      title={t('mail.heading')}
      testId="mail-outbox"
      tools={
        <button type="button" onClick={() => void query.refetch()} className={buttonClass}>
          {t('mail.refresh')}
        </button>
      }
    >
      <p className="mb-3 text-sm text-stone-600">{t('mail.intro')}</p>
      {query.isError ? (
        <p className="text-sm text-red-700">
          {t('mail.error')}
        </p>
      ) : mails.length === 0 ? (
        <p className="text-sm text-stone-600">{query.isPending ? t('mail.loading') : t('mail.empty')}</p>
      ) : (
        <div className="overflow-x-auto">
          <table aria-label={t('mail.heading')} className="w-full min-w-[36rem] text-sm">
            <thead>
              <tr className="border-b border-stone-200 text-stone-600">
                {[t('mail.date'), t('mail.to'), t('mail.subject'), ''].map((column, index) => (
                  <th key={index} scope="col" className={`${cellClass} text-start font-medium`}>
                    {column}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {mails.map((mail) => (
                <tr key={mail.file} data-testid="mail-row" className="border-b border-stone-100 last:border-0">
                  <td className={cellClass}>{cairoDateTime(mail.date, i18n.language)}</td>
                  <td dir="ltr" className={`${cellClass} break-all`}>
                    {mail.to}
                  </td>
                  <th scope="row" dir="auto" className={`${cellClass} text-start font-normal`}>
                    {mail.subject}
                  </th>
                  <td className={cellClass}>
                    <button type="button" onClick={() => setOpen(mail.file)} aria-label={`${t('mail.open')}: ${mail.subject}`} className={buttonClass}>
                      {t('mail.open')}
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {open && <MailMessage key={open} operatorId={operatorId} file={open} onClose={() => setOpen(null)} />}
    </OpsSection>
  );
}
