import type { DonorFoodItem } from '@food-link/contracts';
import { useTranslation } from 'react-i18next';
import { cairoTime } from '../listing/cairo-time';

/**
 * Where an available item is in the offer cascade, on its donor's card: offered to the donor's partners
 * alone until a time (Cairo), or on the open board. Nothing once it is claimed or gone.
 */
export function OfferStage({ item }: { item: Pick<DonorFoodItem, 'status' | 'offer_stage' | 'offer_open_at'> }) {
  const { t, i18n } = useTranslation('donor');
  if (item.status !== 'available') return null;
  const partnersOnly = item.offer_stage === 'partners' && item.offer_open_at;
  return (
    <p
      data-testid="offer-stage"
      className={`self-start rounded-full px-3 py-1 text-sm font-medium ${partnersOnly ? 'bg-amber-50 text-amber-900' : 'bg-green-50 text-green-900'}`}
    >
      {partnersOnly
        ? t('offer.partners', { time: cairoTime(item.offer_open_at as string, i18n.language) })
        : t('offer.open')}
    </p>
  );
}
