import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { impactEndpoints } from '../../api/impact-endpoints';
import { queryKeys } from '../../api/query-keys';
import { useDocumentTitle } from '../../components/use-document-title';
import { FiguresTable, ImpactTotals } from './impact-figures';
import { useAccountId } from '../../components/use-account-id';
import { ViewHeading } from '../charity/view-heading';
import { MonthlyChart } from './monthly-chart';
import { ReportDownloads } from './report-downloads';

/** The charity's mirror of the donor's impact page: what it received, by month and by donor, and its monthly acknowledgment. */
export function CharityImpactView({ focusHeading }: { focusHeading: boolean }) {
  const { t } = useTranslation('impact');
  useDocumentTitle(t('charity.title'));
  const charity = useAccountId('charity');
  const userId = charity.state === 'ready' ? charity.userId : 0;
  const impact = useQuery({ queryKey: queryKeys.charityImpact(userId), queryFn: impactEndpoints.charity, enabled: charity.state === 'ready' });
  return (
    <section>
      <ViewHeading focus={focusHeading}>{t('charity.title')}</ViewHeading>
      <p className="mb-6 max-w-3xl text-stone-700">{t('charity.intro')}</p>
      {(charity.state === 'signed-out' || charity.state === 'wrong-role') && <p className="text-stone-700">{t('signIn')}</p>}
      {(charity.state === 'error' || charity.state === 'not-found') && <p role="alert" className="text-red-700">{t('failed')}</p>}
      {(charity.state === 'loading' || (charity.state === 'ready' && impact.isPending)) && <p role="status" className="text-stone-600">{t('loading')}</p>}
      {impact.isError && <p role="alert" className="text-red-700">{t('failed')}</p>}
      {impact.isSuccess && impact.data.months.length === 0 && (
        <p className="rounded-xl border border-stone-200 bg-white p-5 text-stone-700">{t('charity.empty')}</p>
      )}
      {impact.isSuccess && impact.data.months.length > 0 && (
        <>
          <ImpactTotals figures={impact.data} />
          <p className="mt-3 text-sm text-stone-600">{t('factors')}</p>
          <MonthlyChart months={impact.data.months} />
          <div className="mt-8 max-w-3xl">
            <FiguresTable
              caption={t('charity.donors')}
              nameHeading={t('charity.donor')}
              rows={impact.data.donors.map((donor) => ({ key: String(donor.donor_user_id), ...donor }))}
            />
          </div>
          <ReportDownloads party="charity" months={impact.data.months.map((month) => month.month)} />
        </>
      )}
    </section>
  );
}
