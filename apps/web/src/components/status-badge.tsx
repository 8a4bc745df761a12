import { useTranslation } from 'react-i18next';

/** The one state a card shows. */
export type ItemState = 'available' | 'claimed' | 'pending' | 'fulfilled' | 'cancelled' | 'expired' | 'withdrawn' | 'not_collected' | 'hidden';

/**
 * Available reads green (spec, section 2). Claimed is good news for the donor (a charity is coming), so it
 * is indigo, not the red of a problem (issue 30); the others each have a colour of their own.
 */
const STATE_CLASSES: Record<ItemState, string> = {
  available: 'bg-green-50 text-green-800 ring-green-600/30',
  claimed: 'bg-indigo-50 text-indigo-900 ring-indigo-600/30',
  pending: 'bg-amber-50 text-amber-900 ring-amber-600/30',
  fulfilled: 'bg-sky-50 text-sky-900 ring-sky-600/30',
  cancelled: 'bg-stone-100 text-stone-700 ring-stone-500/30',
  expired: 'bg-stone-100 text-stone-700 ring-stone-500/30',
  withdrawn: 'bg-stone-100 text-stone-700 ring-stone-500/30',
  not_collected: 'bg-orange-50 text-orange-900 ring-orange-600/30',
  hidden: 'bg-stone-100 text-stone-800 ring-stone-600/30',
};

/** A state as a coloured, translated label (in English: Available, Claimed, Pending, Fulfilled, Cancelled). */
export function StatusBadge({ state }: { state: ItemState }) {
  const { t } = useTranslation();
  return (
    <span data-state={state} className={`inline-block rounded-full px-2 py-0.5 text-xs font-semibold ring-1 ring-inset ${STATE_CLASSES[state]}`}>
      {t(`state.${state}`)}
    </span>
  );
}

/** A food status or request status from the API as a state; anything unknown counts as available (spec, section 4). */
export function foodState(status: string): ItemState {
  return status === 'claimed' || status === 'expired' || status === 'withdrawn' ? status : 'available';
}

export function requestState(status: string): ItemState {
  return status === 'fulfilled' || status === 'cancelled' || status === 'withdrawn' || status === 'not_collected' ? status : 'pending';
}
