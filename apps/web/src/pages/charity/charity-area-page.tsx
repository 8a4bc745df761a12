import { useState } from 'react';
import { AccountDataSection } from '../../components/account-data-section';
import { WelcomeNotice } from '../../components/welcome-notice';
import { useSession } from '../../session/use-session';
import { boardTopic } from '@food-link/contracts';
import { LiveCacheSync } from '../../live/live-cache-sync';
import { useLiveTopics } from '../../live/live-context';
import { AvailableFoodView } from './available-food-view';
import { BoardNotices } from './board-notices';
import { CharityImpactView } from '../impact/charity-impact-view';
import { CharityVerificationView } from '../verification/charity-verification-view';
import { VerificationNotice } from '../verification/verification-notice';
import { CharityNav } from './charity-nav';
import { CharityProfileView } from './charity-profile-view';
import { PickupRequestView } from './pickup-request-view';
import { ProfileNotice } from './profile-notice';
import { RequestsView } from './requests-view';
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
import { MyPickupsView } from '../org/my-pickups-view';

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
  const view: CharityView = role === 'volunteer' ? { name: 'pickups' } : chosen;
  // Focus follows the reader's own moves between views, not the first load of the page.
  const [moved, setMoved] = useState(false);
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
      </main>
    </>
  );
}
