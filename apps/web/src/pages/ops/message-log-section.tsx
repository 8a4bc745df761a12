import { MESSAGE_STATUSES, MESSAGING_CHANNELS, type MessageStatus, type MessagingChannel } from '@food-link/contracts';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { opsEndpoints } from '../../api/ops-endpoints';
import { queryKeys } from '../../api/query-keys';
import { formatNumber } from '../../i18n/format';
import { cairoDateTime } from '../listing/cairo-time';
import { useOpsErrorGuard } from './ops-access';
import { OpsSection } from './ops-section';

const cellClass = 'px-2 py-1.5 align-top';
const buttonClass =
  'rounded-md border border-stone-300 px-2.5 py-1 text-sm font-semibold text-stone-800 hover:bg-stone-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-green-700';
const selectClass = 'min-h-11 rounded-md border border-stone-300 bg-white px-2 text-sm text-stone-900';

/**
 * WhatsApp and SMS as they went (docs/MESSAGING.md, "The operators' log"): the last 7 days per channel
 * (sent, delivered, read, failed…), and the newest messages of a channel or a status with the reason of
 * each failure. Never a message's text; the numbers with their middle hidden. Read on demand.
 */
export function MessageLogSection({ operatorId }: { operatorId: number }) {
  const { t, i18n } = useTranslation('ops');
  const [channel, setChannel] = useState<MessagingChannel | ''>('');
  const [status, setStatus] = useState<MessageStatus | ''>('');
  const query = useQuery({
    queryKey: queryKeys.opsMessages(operatorId, channel, status),
    queryFn: () => opsEndpoints.messages({ channel: channel || undefined, status: status || undefined }),
  });
  useOpsErrorGuard(query.error);
  const number = (value: number) => formatNumber(value, i18n.language);
  const log = query.data;
  return (
    <OpsSection
      title={t('messages.heading')}
      testId="message-log"
      tools={
        <button type="button" onClick={() => void query.refetch()} className={buttonClass}>
          {t('messages.refresh')}
        </button>
      }
    >
      <p className="mb-3 text-sm text-stone-600">{t('messages.intro')}</p>
      {log && (
        // A region that scrolls sideways on a phone: focusable, so the keyboard can scroll it (axe: scrollable-region-focusable).
        <div role="region" aria-label={t('messages.counts')} tabIndex={0} className="mb-4 overflow-x-auto focus-visible:outline-2 focus-visible:outline-green-700">
          <table aria-label={t('messages.counts')} className="w-full min-w-[30rem] text-sm">
            <thead>
              <tr className="border-b border-stone-200 text-stone-600">
                <th scope="col" className={`${cellClass} text-start font-medium`}>
                  {t('messages.channel')}
                </th>
                {MESSAGE_STATUSES.map((name) => (
                  <th key={name} scope="col" className={`${cellClass} text-end font-medium`}>
                    {t(`messages.statuses.${name}`)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {MESSAGING_CHANNELS.map((name) => (
                <tr key={name} className="border-b border-stone-100 last:border-0">
                  <th scope="row" className={`${cellClass} text-start font-semibold`}>
                    {t(`messages.channels.${name}`)}
                  </th>
                  {MESSAGE_STATUSES.map((state) => (
                    <td key={state} className={`${cellClass} text-end tabular-nums ${state === 'failed' && log.counts[name][state] > 0 ? 'font-bold text-red-700' : ''}`}>
                      {number(log.counts[name][state])}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <div className="mb-3 flex flex-wrap gap-3">
        <label className="flex items-center gap-2 text-sm text-stone-800">
          {t('messages.channel')}
          <select value={channel} onChange={(event) => setChannel(event.target.value as MessagingChannel | '')} className={selectClass}>
            <option value="">{t('messages.all')}</option>
            {MESSAGING_CHANNELS.map((name) => (
              <option key={name} value={name}>
                {t(`messages.channels.${name}`)}
              </option>
            ))}
          </select>
        </label>
        <label className="flex items-center gap-2 text-sm text-stone-800">
          {t('messages.status')}
          <select value={status} onChange={(event) => setStatus(event.target.value as MessageStatus | '')} className={selectClass}>
            <option value="">{t('messages.all')}</option>
            {MESSAGE_STATUSES.map((name) => (
              <option key={name} value={name}>
                {t(`messages.statuses.${name}`)}
              </option>
            ))}
          </select>
        </label>
      </div>
      {query.isError ? (
        <p className="text-sm text-red-700">{t('messages.error')}</p>
      ) : !log || log.items.length === 0 ? (
        <p className="text-sm text-stone-600">{query.isPending ? t('messages.loading') : t('messages.empty')}</p>
      ) : (
        <div role="region" aria-label={t('messages.list')} tabIndex={0} className="overflow-x-auto focus-visible:outline-2 focus-visible:outline-green-700">
          <table aria-label={t('messages.list')} className="w-full min-w-[40rem] text-sm">
            <thead>
              <tr className="border-b border-stone-200 text-stone-600">
                {[t('messages.date'), t('messages.channel'), t('messages.to'), t('messages.kind'), t('messages.status'), t('messages.reason')].map((column) => (
                  <th key={column} scope="col" className={`${cellClass} text-start font-medium`}>
                    {column}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {log.items.map((item) => (
                <tr key={item.id} data-testid="message-row" className="border-b border-stone-100 last:border-0">
                  <td className={cellClass}>{cairoDateTime(item.created_at, i18n.language)}</td>
                  <td className={cellClass}>
                    {t(`messages.channels.${item.channel}`)} {item.direction === 'in' ? t('messages.inbound') : ''}
                  </td>
                  <td dir="ltr" className={`${cellClass} text-start`}>
                    {item.phone}
                  </td>
                  <td dir="ltr" className={`${cellClass} text-start`}>
                    {item.kind}
                  </td>
                  <td className={`${cellClass} ${item.status === 'failed' ? 'font-semibold text-red-700' : ''}`}>{t(`messages.statuses.${item.status}`)}</td>
                  <td dir="auto" className={`${cellClass} break-words`}>
                    {item.error ?? ''}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </OpsSection>
  );
}
