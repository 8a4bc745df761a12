import type { DonorFoodItem } from '@food-link/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useAnnounce } from '../../live/announcer';
import { useLiveEvent } from '../../live/live-context';

/** The donor's lists in the cache (use-donor-food's keys all start so). */
const DONOR_FOOD = ['donor-food'];

/**
 * A hide takes the listing off the boards with the board's own `food.withdrawn`, sent just before this
 * news, which marked the donor's item (and its pending claim) withdrawn in the cache. Neither is: the item
 * is still the donor's, available or claimed, and hidden.
 */
function notWithdrawn(item: DonorFoodItem): DonorFoodItem {
  if (item.status !== 'withdrawn') return item;
  const claimed = item.request?.status === 'withdrawn';
  return {
    ...item,
    status: claimed ? 'claimed' : 'available',
    request: claimed && item.request ? { ...item.request, status: 'pending' } : item.request,
  };
}

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
        return { ...(action === 'hide' ? notWithdrawn(item) : item), hidden_reason: hiddenReason };
      }),
    );
    if (name) announce(t(action === 'hide' ? 'donor.live.hidden' : 'donor.live.unhidden', { name }));
    // Put back, the listing is what the server says it is now (on offer again, or gone meanwhile).
    if (action === 'unhide') void client.invalidateQueries({ queryKey: DONOR_FOOD });
  });
}
