import type { FoodItemView } from '@food-link/contracts';
import { useTranslation } from 'react-i18next';
import { whatsAppShareUrl } from './share-link';

/**
 * Opens WhatsApp (the app on a phone, WhatsApp Web elsewhere) with a message about the listing in the
 * reader's language and its public link. A link, not a script: it works without JavaScript's share API
 * and a long press copies it. Sits above a card's stretched title button (`relative z-10`).
 */
export function ShareButton({ food }: { food: Parameters<typeof whatsAppShareUrl>[0] & Pick<FoodItemView, 'food_name'> }) {
  const { t, i18n } = useTranslation('listing');
  return (
    <a
      href={whatsAppShareUrl(food, i18n.language)}
      target="_blank"
      rel="noopener noreferrer"
      aria-label={t('share.buttonFor', { name: food.food_name })}
      data-testid="share-whatsapp"
      className="relative z-10 inline-flex min-h-11 w-fit items-center gap-1.5 rounded-md border border-green-700 px-3 py-1.5 text-sm font-semibold text-green-800 hover:bg-green-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-green-700"
    >
      <svg aria-hidden="true" viewBox="0 0 24 24" className="h-4 w-4 fill-current">
        <path d="M12 2a10 10 0 0 0-8.6 15.1L2 22l5-1.3A10 10 0 1 0 12 2Zm0 18.2a8.2 8.2 0 0 1-4.2-1.2l-.3-.2-3 .8.8-2.9-.2-.3A8.2 8.2 0 1 1 12 20.2Zm4.5-6.1c-.2-.1-1.5-.7-1.7-.8-.2-.1-.4-.1-.6.1l-.8 1c-.1.2-.3.2-.5.1a6.7 6.7 0 0 1-3.3-2.9c-.2-.4.2-.4.7-1.3.1-.2 0-.3 0-.4l-.8-1.8c-.2-.5-.4-.4-.6-.4h-.5a1 1 0 0 0-.7.3 3 3 0 0 0-.9 2.2 5.2 5.2 0 0 0 1.1 2.7 11.8 11.8 0 0 0 4.5 4c1.7.7 2.3.8 3.2.6.5-.1 1.5-.6 1.7-1.2.2-.6.2-1.1.2-1.2-.1-.1-.3-.2-.5-.3Z" />
      </svg>
      {t('share.button')}
    </a>
  );
}
