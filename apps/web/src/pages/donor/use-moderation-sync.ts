import type { DonorFoodItem } from '@food-link/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useAnnounce } from '../../live/announcer';
import { useLiveEvent } from '../../live/live-context';

/** The donor's lists in the cache (use-donor-food's keys all start so). */
const DONOR_FOOD = ['donor-food'];

/**
 * An operator's hide or put-back of one of the donor's listings arrives live as `account.moderation` in the
 * donor's own room (docs/REALTIME.md): the card's `hidden_reason` follows it at once, and it is said aloud.
 * A suspension of the account itself is sign-out/use-suspension-watch.ts's: it signs the user out to /Login.
 */
export function useModerationSync() {
  const client = useQueryClient();
  const announce = useAnnounce();
  const { t } = useTranslation('moderation');
  useLiveEvent('account.moderation', (event) => {
    const { action, foodId, reason } = event.data;
    if ((action !== 'hide' && action !== 'unhide') || foodId === null) return;
    const hiddenReason = action === 'hide' ? (reason ?? '') : null;
    let name: string | undefined;
    client.setQueriesData<DonorFoodItem[]>({ queryKey: DONOR_FOOD }, (list) =>
      list?.map((item) => {
        if (item.id !== foodId) return item;
        name = item.food_name;
        return { ...item, hidden_reason: hiddenReason };
      }),
    );
    if (name) announce(t(action === 'hide' ? 'donor.live.hidden' : 'donor.live.unhidden', { name }));
  });
}
