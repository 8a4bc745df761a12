import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { impactEndpoints } from '../../api/impact-endpoints';
import { queryKeys } from '../../api/query-keys';
import { AccountPageShell } from '../../components/account-page-shell';
import { FiguresTable, ImpactTotals } from './impact-figures';
import { MonthlyChart } from './monthly-chart';
import { ReportDownloads } from './report-downloads';
import { useScreenTexts } from '../../i18n/use-screen-texts';

/** What the signed-in donor's fulfilled donations gave (docs/IMPACT.md), and its monthly acknowledgment. */
function DonorImpact({ userId }: { userId: number }) {
  const { t } = useTranslation('impact');
  const impact = useQuery({ queryKey: queryKeys.donorImpact(userId), queryFn: impactEndpoints.donor });
  if (impact.isPending) return <p role="status" className="text-stone-600">{t('loading')}</p>;
  if (impact.isError) return <p role="alert" className="text-red-700">{t('failed')}</p>;
  const data = impact.data;
  if (data.months.length === 0) return <p className="rounded-xl border border-stone-200 bg-white p-5 text-stone-700">{t('donor.empty')}</p>;
  return (
    <>
      <ImpactTotals figures={data} />
      <p className="mt-3 text-sm text-stone-600">{t('factors')}</p>
      <MonthlyChart months={data.months} />
      <div className="mt-8 grid gap-8 md:grid-cols-2">
        <FiguresTable
          caption={t('donor.points')}
          nameHeading={t('donor.point')}
          rows={data.pickup_points.map((point) => ({ key: String(point.pickup_point_id), name: point.label ?? t('unknownPoint'), ...point }))}
        />
        <FiguresTable
          caption={t('donor.charities')}
          nameHeading={t('donor.charity')}
          rows={data.charities.map((charity) => ({ key: String(charity.charity_user_id), ...charity }))}
        />
      </div>
      <ReportDownloads party="donor" months={data.months.map((month) => month.month)} />
    </>
  );
}

export default function DonorImpactPage() {
  useScreenTexts(['impact']);
  const { t } = useTranslation('impact');
  return (
    <AccountPageShell
      role="donor"
      title={t('donor.title')}
      back={{ to: '/DonerDashboard', label: t('donor.back') }}
      intro={t('donor.intro')}
      texts={{ loading: t('loading'), signIn: t('signIn'), logIn: t('logIn') }}
      width="max-w-7xl"
      introClass="max-w-3xl"
    >
      {(userId) => <DonorImpact userId={userId} />}
    </AccountPageShell>
  );
}
