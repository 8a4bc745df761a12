import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { lazyView, ViewSuspense } from '../../components/lazy-view';
import { useDocumentTitle } from '../../components/use-document-title';
import { useScrollToHash } from '../../components/top-bar';
import { WelcomeNotice } from '../../components/welcome-notice';
import { LiveCacheSync } from '../../live/live-cache-sync';
import { DonorHeader } from './donor-header';
import { DonorFoodList } from './donor-food-list';
import { SkeletonCards } from '../../components/skeleton-cards';
import { useAccountId } from '../../components/use-account-id';
import { useModerationSync } from './use-moderation-sync';
import { usePrefetchDonorFood } from './use-donor-food';
import { addScreenTexts, useScreenTexts } from '../../i18n/use-screen-texts';
import { donor } from '../../i18n/resources/donor';
import { auth } from '../../i18n/resources/auth';
import { listing } from '../../i18n/resources/listing';
import { map } from '../../i18n/resources/map';
import { moderation } from '../../i18n/resources/moderation';
import { push } from '../../i18n/resources/push';
import { verification } from '../../i18n/resources/verification';
import { messages } from '../../i18n/resources/messages';
import { org } from '../../i18n/resources/org';
import { can, useOrg } from '../../components/use-org';
import { ViewerNotice } from '../org/viewer-notice';
import { AddFoodForm } from './lazy-add-food-form';

// The add-food form and the organisation's settings load when first shown (issue 30): the dashboard's
// first render waits for the list alone.
const PickupPointsSection = lazyView(() => import('./pickup-points-section').then((m) => m.PickupPointsSection));
const PartnersSection = lazyView(() => import('./partners-section').then((m) => m.PartnersSection));
const VerifiedOnlySection = lazyView(() => import('./verified-only-section').then((m) => m.VerifiedOnlySection));
const AccountDataSection = lazyView(() => import('../../components/account-data-section').then((m) => m.AccountDataSection));

export default function DonorDashboardPage() {
  // Imported with the page, so they arrive with its code rather than after it (issue 30).
  addScreenTexts({ donor, auth, listing, map, moderation, push, verification, messages, org });
  useScreenTexts(['donor', 'auth', 'listing', 'map', 'moderation', 'push', 'verification', 'messages', 'org']);
  const { t } = useTranslation('donor');
  useDocumentTitle(t('titles.donor', { ns: 'common' }));
  // A notification's link names a card (#food-12): scrolled to once the list shows it.
  useScrollToHash();
  const identity = useAccountId('donor');
  const access = useOrg();
  const role = identity.state === 'ready' && access.state === 'ready' ? access.role : null;
  usePrefetchDonorFood(identity.state === 'ready' ? identity.userId : null, access.state === 'loading');
  const lists = role !== null && can.list(role);
  useEffect(() => {
    // Add Donation and a card's Edit show the form at once: fetched once the list is on its way.
    if (lists) void AddFoodForm.preload().catch(() => undefined); // fetched again when shown, if this failed
  }, [lists]);
  useModerationSync();
  const [formOpen, setFormOpen] = useState(false);
  const formId = useId();
  const listHeadingId = useId();

  return (
    <main className="mx-auto max-w-7xl px-4 py-8 sm:px-6">
      <LiveCacheSync />
      <DonorHeader
        signedIn={identity.state === 'ready'}
        role={role}
        formOpen={formOpen}
        formId={formId}
        onToggleForm={() => setFormOpen((open) => !open)}
      />

      {identity.state === 'ready' && <WelcomeNotice />}

      {/* Anyone but a donor (no session, another kind of account, a session the server refused) is invited to log in. */}
      {identity.state !== 'ready' && identity.state !== 'loading' && (
        <div className="rounded-xl border border-amber-300 bg-amber-50 p-5 text-stone-800">
          <p className="mb-3">{t('signIn.prompt')}</p>
          <Link
            to="/Login"
            className="font-semibold text-green-800 underline hover:text-green-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-green-800"
          >
            {t('signIn.link')}
          </Link>
        </div>
      )}

      {(identity.state === 'loading' || (identity.state === 'ready' && role === null)) && (
        <>
          <p role="status" className="mb-3 text-stone-600">
            {t('list.loading')}
          </p>
          <SkeletonCards />
        </>
      )}

      {role === 'viewer' && <ViewerNotice />}
      {identity.state === 'ready' && role && can.list(role) && (
        <div className="flex flex-col gap-6 lg:flex-row lg:items-start">
          {formOpen && (
            <div id={formId} className="lg:w-96 lg:shrink-0">
              <ViewSuspense>
                <AddFoodForm userId={identity.userId} />
              </ViewSuspense>
            </div>
          )}
          <section aria-labelledby={listHeadingId} className="min-w-0 flex-1">
            <h2 id={listHeadingId} className="mb-4 text-xl font-semibold text-stone-900">
              {t('list.heading')}
            </h2>
            <DonorFoodList userId={identity.userId} formOpen={formOpen} />
          </section>
        </div>
      )}
      {/* The organisation's settings are its administrator's. */}
      {identity.state === 'ready' && role && can.settings(role) && (
        <ViewSuspense>
          <PickupPointsSection userId={identity.userId} />
          <PartnersSection userId={identity.userId} />
          <VerifiedOnlySection userId={identity.userId} />
          <AccountDataSection />
        </ViewSuspense>
      )}
    </main>
  );
}
