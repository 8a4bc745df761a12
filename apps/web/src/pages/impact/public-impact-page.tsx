import { governorateName, type PublicImpactResponse } from '@food-link/contracts';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { impactEndpoints } from '../../api/impact-endpoints';
import { queryKeys } from '../../api/query-keys';
import { useDocumentTitle } from '../../components/use-document-title';
import { localeOf } from '../../i18n/i18n';
import { TopBar } from '../../components/top-bar';
import { SiteFooter } from '../landing/site-footer';
import { FiguresTable, ImpactTotals } from './impact-figures';
import { useImpactFormat } from './impact-format';
import { ImpactTable } from './impact-table';
import { MonthlyChart } from './monthly-chart';
import { useScreenTexts } from '../../i18n/use-screen-texts';

/** The governorate's name in the page's language; `null` is food listed without a pickup point. */
function useGovernorateLabel() {
  const { t, i18n } = useTranslation('impact');
  return (code: string | null) => (code ? governorateName(code, i18n.language === 'ar' ? 'ar' : 'en') : t('unknownPoint'));
}

/** Every governorate and month, newest month first, then the governorates as ordered by the server. */
function MonthRows({ rows }: { rows: PublicImpactResponse['rows'] }) {
  const { t } = useTranslation('impact');
  const format = useImpactFormat();
  const governorate = useGovernorateLabel();
  const sorted = [...rows].sort((a, b) => b.month.localeCompare(a.month));
  return (
    <ImpactTable
      caption={t('public.rows')}
      columns={[
        { heading: t('chart.month') },
        { heading: t('public.governorate') },
        { heading: t('figures.kg'), numeric: true },
        { heading: t('figures.meals'), numeric: true },
        { heading: t('figures.co2e'), numeric: true },
      ]}
      rows={sorted.map((row) => ({
        key: `${row.month} ${row.governorate}`,
        cells: [format.month(row.month), governorate(row.governorate), format.kg(row.kg), format.meals(row.meals), format.co2e(row.co2e_kg)],
      }))}
    />
  );
}

/** The factors the figures use, with their sources (docs/IMPACT.md). */
function Factors({ factors }: { factors: PublicImpactResponse['factors'] }) {
  const { t, i18n } = useTranslation('impact');
  const number = new Intl.NumberFormat(localeOf(i18n.language));
  return (
    <div className="mt-8">
      <ImpactTable
        caption={t('public.factors')}
        columns={[{ heading: t('public.factor') }, { heading: t('public.value'), numeric: true }, { heading: t('public.validFrom') }, { heading: t('public.source') }]}
        rows={factors.map((factor) => ({
          key: `${factor.name} ${factor.valid_from}`,
          cells: [
            t(`public.factorNames.${factor.name}`),
            number.format(factor.value),
            factor.valid_from,
            <a key="source" href={factor.source_url} dir="ltr" className="text-green-800 underline underline-offset-2 hover:text-green-900" rel="noreferrer" target="_blank">
              {factor.source}
            </a>,
          ],
        }))}
      />
    </div>
  );
}

/** Public transparency (issue 16): totals per governorate and month; nobody is named. No account needed. */
export default function PublicImpactPage() {
  useScreenTexts(['impact']);
  const { t } = useTranslation('impact');
  useDocumentTitle(t('public.title'));
  const governorate = useGovernorateLabel();
  const impact = useQuery({ queryKey: queryKeys.publicImpact, queryFn: impactEndpoints.public });
  return (
    <>
      <TopBar />
      <main id="main" tabIndex={-1} className="bg-stone-50 focus:outline-none">
        <div className="mx-auto max-w-6xl px-4 py-10">
          <h1 className="text-3xl font-bold text-stone-900">{t('public.title')}</h1>
          <p className="mt-3 mb-6 max-w-3xl text-lg text-stone-700">{t('public.intro')}</p>
          {impact.isPending && <p role="status" className="text-stone-600">{t('loading')}</p>}
          {impact.isError && <p role="alert" className="text-red-700">{t('failed')}</p>}
          {impact.isSuccess && impact.data.rows.length === 0 && (
            <p className="rounded-xl border border-stone-200 bg-white p-5 text-stone-700">{t('public.empty')}</p>
          )}
          {impact.isSuccess && impact.data.rows.length > 0 && (
            <>
              <ImpactTotals figures={impact.data} />
              <MonthlyChart months={impact.data.months} />
              <div className="mt-8 grid gap-8 lg:grid-cols-2">
                <FiguresTable
                  caption={t('public.governorates')}
                  nameHeading={t('public.governorate')}
                  rows={impact.data.governorates.map((row) => ({ key: String(row.governorate), name: governorate(row.governorate), ...row }))}
                />
                <MonthRows rows={impact.data.rows} />
              </div>
              <Factors factors={impact.data.factors} />
            </>
          )}
        </div>
      </main>
      <SiteFooter />
    </>
  );
}
