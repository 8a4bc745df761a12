import { PAGE_ROUTES, apiPath, governorateName, type FoodItemView } from '@food-link/contracts';
import i18next from 'i18next';
import { formatNumber } from '../../i18n/format';
import { cairoDateTime } from './cairo-time';

type Shared = Pick<FoodItemView, 'id' | 'food_name' | 'quantity' | 'unit' | 'governorate' | 'area' | 'pickup_until' | 'safe_until'>;

/** The absolute link of a listing's public page, `/food/{id}` on this origin (what the server puts preview tags into). */
export function listingLink(foodId: number, origin: string = window.location.origin): string {
  return `${origin}${apiPath(PAGE_ROUTES.food, { id: foodId })}`;
}

/**
 * The message a share carries, in `language`: what, how much, where (governorate and area only, as the
 * public view has them), the time to collect it by on Cairo's clock, and the listing's link.
 */
export function shareMessage(food: Shared, language: string, origin?: string): string {
  const t = i18next.getFixedT(language, 'listing');
  const lang = language === 'ar' ? 'ar' : 'en';
  const place = food.governorate ? [food.area, governorateName(food.governorate, lang)].filter(Boolean).join(lang === 'ar' ? '، ' : ', ') : '';
  return t('share.message', {
    name: food.food_name,
    quantity: formatNumber(food.quantity, language),
    unit: t(`unit.${food.unit}`).toLowerCase(),
    place: place ? t('share.inPlace', { place }) : '',
    until: cairoDateTime(food.pickup_until ?? food.safe_until, language),
    link: listingLink(food.id, origin),
  });
}

/** WhatsApp's click-to-chat link with the message filled in (https://wa.me/?text=…), for any phone or desktop. */
export function whatsAppShareUrl(food: Shared, language: string, origin?: string): string {
  return `https://wa.me/?text=${encodeURIComponent(shareMessage(food, language, origin))}`;
}
