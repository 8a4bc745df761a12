import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { impactEndpoints } from '../../api/impact-endpoints';
import { queryKeys } from '../../api/query-keys';
import { useDocumentTitle } from '../../components/use-document-title';
import { useSignOut } from '../../sign-out/use-sign-out';
import { useSuspensionWatch } from '../../sign-out/use-suspension-watch';
import { HomeLink } from '../../components/home-link';
import { LanguageSwitch } from '../../components/language-switch';
import { useAccountId } from '../../components/use-account-id';
import { FiguresTable, ImpactTotals } from './impact-figures';
import { MonthlyChart } from './monthly-chart';
import { ReportDownloads } from './report-downloads';
import { useScreenTexts } from '../../i18n/use-screen-texts';

const linkClass =
  'inline-flex min-h-11 items-center rounded-md font-semibold text-green-800 underline underline-offset-2 hover:text-green-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-green-800';

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
  useDocumentTitle(t('donor.title'));
  // The one signed-in screen without the bell, which watches for the account's suspension elsewhere.
  useSuspensionWatch(useSignOut());
  const identity = useAccountId('donor');
  return (
    <main className="mx-auto max-w-7xl px-4 py-8 sm:px-6">
      <div className="mb-6 flex flex-wrap items-center gap-3">
        <div className="basis-full">
          <HomeLink />
        </div>
        <h1 className="me-auto text-3xl font-bold text-stone-900">{t('donor.title')}</h1>
        <LanguageSwitch />
        <Link to="/DonerDashboard" className={linkClass}>
          {t('donor.back')}
        </Link>
      </div>
      {identity.state === 'ready' && <p className="mb-6 max-w-3xl text-stone-700">{t('donor.intro')}</p>}
      {identity.state === 'loading' && <p role="status" className="text-stone-600">{t('loading')}</p>}
      {identity.state !== 'ready' && identity.state !== 'loading' && (
        <div className="rounded-xl border border-amber-300 bg-amber-50 p-5 text-stone-800">
          <p className="mb-3">{t('signIn')}</p>
          <Link to="/Login" className={linkClass}>
            {t('logIn')}
          </Link>
        </div>
      )}
      {identity.state === 'ready' && <DonorImpact userId={identity.userId} />}
    </main>
  );
}
