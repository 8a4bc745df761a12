import { useEffect, useState } from 'react';
import { lazyView, ViewSuspense } from '../../components/lazy-view';
import { WelcomeNotice } from '../../components/welcome-notice';
import { useSession } from '../../session/use-session';
import { boardTopic } from '@food-link/contracts';
import { LiveCacheSync } from '../../live/live-cache-sync';
import { useLiveTopics } from '../../live/live-context';
import { AvailableFoodView } from './available-food-view';
import { BoardNotices } from './board-notices';
import { VerificationNotice } from '../verification/verification-notice';
import { CharityNav } from './charity-nav';
import { ProfileNotice } from './profile-notice';
import { useBoardFilters } from './use-board-filters';
import { useCharityView, type CharityView } from './use-charity-view';
import { addScreenTexts, useScreenTexts } from '../../i18n/use-screen-texts';
import { charity } from '../../i18n/resources/charity';
import { auth } from '../../i18n/resources/auth';
import { impact } from '../../i18n/resources/impact';
import { listing } from '../../i18n/resources/listing';
import { map } from '../../i18n/resources/map';
import { notifications } from '../../i18n/resources/notifications';
import { push } from '../../i18n/resources/push';
import { verification } from '../../i18n/resources/verification';
import { messages } from '../../i18n/resources/messages';
import { org } from '../../i18n/resources/org';
import { can, useOrg } from '../../components/use-org';

// The views other than the board load when first shown (issue 30): the board's first render waits for
// the board alone. The pickup view, the next one a charity opens, is fetched once the board is up.
const PickupRequestView = lazyView(() => import('./pickup-request-view').then((m) => m.PickupRequestView));
const RequestsView = lazyView(() => import('./requests-view').then((m) => m.RequestsView));
const AccountDataSection = lazyView(() => import('../../components/account-data-section').then((m) => m.AccountDataSection));
const CharityProfileView = lazyView(() => import('./charity-profile-view').then((m) => m.CharityProfileView));
const CharityImpactView = lazyView(() => import('../impact/charity-impact-view').then((m) => m.CharityImpactView));
const CharityVerificationView = lazyView(() => import('../verification/charity-verification-view').then((m) => m.CharityVerificationView));
const MyPickupsView = lazyView(() => import('../org/my-pickups-view').then((m) => m.MyPickupsView));
const MyTripsView = lazyView(() => import('../transport/my-trips-view').then((m) => m.MyTripsView));

/**
 * The charity area. Live, it hears the public board's changes and the charity's own events: with a
 * governorate chosen, only that governorate's board (`board:EG-C`), else the whole `board`.
 */
export default function CharityAreaPage() {
  // Imported with the page, so they arrive with its code rather than after it (issue 30).
  addScreenTexts({ charity, auth, impact, listing, map, notifications, push, verification, messages, org });
  useScreenTexts(['charity', 'auth', 'impact', 'listing', 'map', 'notifications', 'push', 'verification', 'messages', 'org']);
  const [filters, setFilters] = useBoardFilters();
  useLiveTopics(filters.governorate ? boardTopic(filters.governorate) as `board:${string}` : 'board');
  const [chosen, setView] = useCharityView();
  const signedIn = useSession() !== null;
  const access = useOrg();
  const role = access.state === 'ready' ? access.role : null;
  // A volunteer lands on their pickups, and has nothing else to see (the server refuses them the rest).
  const view: CharityView = role === 'volunteer' ? (chosen.name === 'trips' ? chosen : { name: 'pickups' }) : chosen;
  // Focus follows the reader's own moves between views, not the first load of the page.
  const [moved, setMoved] = useState(false);
  useEffect(() => {
    void PickupRequestView.preload().catch(() => undefined); // fetched again when shown, if this failed
  }, []);
  const show = (next: CharityView) => {
    setMoved(true);
    setView(next);
  };

  return (
    <>
      <LiveCacheSync />
      <CharityNav current={view.name === 'pickup' ? 'available' : view.name} onShow={(name) => show({ name })} role={role} />
      <main className="mx-auto max-w-7xl px-4 py-8 sm:px-6">
        <WelcomeNotice />
        {view.name === 'available' && signedIn && (
          <BoardNotices>
            <ProfileNotice withLink />
            <VerificationNotice />
          </BoardNotices>
        )}
        {view.name === 'available' && (
          <AvailableFoodView
            focusHeading={moved}
            filters={filters}
            onFiltersChange={setFilters}
            onSelect={(foodId) => show({ name: 'pickup', foodId })}
          />
        )}
        <ViewSuspense>
          {view.name === 'pickup' && (
            <PickupRequestView
              key={view.foodId}
              foodId={view.foodId}
              focusHeading={moved}
              onBack={() => show({ name: 'available' })}
            />
          )}
          {view.name === 'requests' && <RequestsView focusHeading={moved} />}
          {view.name === 'requests' && signedIn && role && can.settings(role) && <AccountDataSection />}
          {view.name === 'profile' && <CharityProfileView focusHeading={moved} />}
          {view.name === 'impact' && <CharityImpactView focusHeading={moved} />}
          {view.name === 'verification' && <CharityVerificationView focusHeading={moved} />}
          {view.name === 'pickups' && signedIn && <MyPickupsView focusHeading={moved} />}
          {view.name === 'trips' && signedIn && role === 'volunteer' && <MyTripsView focusHeading={moved} />}
        </ViewSuspense>
      </main>
    </>
  );
}
