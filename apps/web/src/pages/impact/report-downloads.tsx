import type { ReportFormat, ReportParty } from '@food-link/contracts';
import { useMutation } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { impactEndpoints } from '../../api/impact-endpoints';
import { saveBlob } from '../../components/save-json';
import { useImpactFormat } from './impact-format';

const buttonClass =
  'inline-flex min-h-11 items-center rounded-lg px-4 font-semibold focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-green-800 disabled:cursor-not-allowed disabled:opacity-60';

/**
 * The monthly acknowledgment, a donor's (what it gave) or a charity's (what it received): a month (those
 * with fulfilled donations, newest first) and its CSV and PDF, in the page's language. The heading and
 * intro are the party's; the chooser's and the buttons' words are shared (`donor.report`).
 */
export function ReportDownloads({ party, months }: { party: ReportParty; months: string[] }) {
  const { t, i18n } = useTranslation('impact');
  const format = useImpactFormat();
  const headingId = useId();
  const selectId = useId();
  const newestFirst = [...months].reverse();
  const [month, setMonth] = useState(newestFirst[0] ?? '');
  const download = useMutation({
    mutationFn: (fileFormat: ReportFormat) => impactEndpoints.report(party, month, fileFormat, i18n.language === 'ar' ? 'ar' : 'en'),
    onSuccess: ({ blob, fileName }) => saveBlob(blob, fileName),
  });
  const button = (fileFormat: ReportFormat, label: string) => (
    <button
      type="button"
      onClick={() => download.mutate(fileFormat)}
      disabled={download.isPending || !month}
      className={`${buttonClass} border border-green-700 text-green-800 hover:bg-green-50`}
    >
      {download.isPending && download.variables === fileFormat ? t('donor.report.downloading') : label}
    </button>
  );
  return (
    <section aria-labelledby={headingId} className="mt-8 rounded-xl border border-stone-200 bg-white p-5 shadow-sm">
      <h2 id={headingId} className="mb-1 text-xl font-semibold text-stone-900">
        {t(`${party}.report.heading`)}
      </h2>
      <p className="mb-4 text-sm text-stone-600">{t(`${party}.report.intro`)}</p>
      <div className="flex flex-wrap items-end gap-3">
        <div className="flex flex-col gap-1">
          <label htmlFor={selectId} className="text-sm font-semibold text-stone-800">
            {t('donor.report.month')}
          </label>
          <select
            id={selectId}
            value={month}
            onChange={(event) => setMonth(event.target.value)}
            className="min-h-11 rounded-lg border border-stone-400 bg-white px-3 focus-visible:outline-2 focus-visible:outline-green-800"
          >
            {newestFirst.map((value) => (
              <option key={value} value={value}>
                {format.month(value)}
              </option>
            ))}
          </select>
        </div>
        {button('csv', t('donor.report.csv'))}
        {button('pdf', t('donor.report.pdf'))}
      </div>
      {download.isError && (
        <p role="alert" className="mt-3 text-sm text-red-700">
          {t('donor.report.failed')}
        </p>
      )}
    </section>
  );
}
