import { useTranslation } from 'react-i18next';
import { FoodFields } from './food-fields';
import { useFoodDetails } from './use-food-details';
import { useRequestPickup } from './use-request-pickup';
import { ViewHeading } from './view-heading';

type PickupRequestViewProps = { foodId: number; onBack: () => void; focusHeading: boolean };

const buttonBase =
  'rounded-lg px-4 py-2 font-semibold focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-green-800 disabled:cursor-not-allowed disabled:opacity-60';

export function PickupRequestView({ foodId, onBack, focusHeading }: PickupRequestViewProps) {
  const { t } = useTranslation('charity');
  const details = useFoodDetails(foodId);
  const pickup = useRequestPickup(foodId);

  let body;
  if (details.data) body = <FoodFields food={details.data} showName />;
  else if (details.isError) body = <p role="alert" className="text-red-700">{t('pickup.detailsError')}</p>;
  else body = <p role="status" className="text-stone-600">{t('pickup.loading')}</p>;

  return (
    <section className="max-w-2xl">
      <ViewHeading focus={focusHeading}>{t('pickup.heading')}</ViewHeading>
      <div className="min-h-40 rounded-xl border border-stone-200 bg-white p-5 shadow-sm">
        <h2 className="mb-3 text-lg font-semibold text-stone-900">{t('pickup.details')}</h2>
        {body}
      </div>
      <div className="my-4 min-h-6">
        <p role="status" className="font-semibold text-green-700">
          {pickup.isSuccess ? t('pickup.success') : null}
        </p>
        <p role="alert" className="text-red-700">
          {pickup.isError ? t('pickup.error') : null}
        </p>
      </div>
      <div className="flex flex-wrap gap-3">
        <button type="button" onClick={onBack} className={`${buttonBase} border border-stone-300 bg-white text-stone-800 hover:bg-stone-50`}>
          {t('pickup.back')}
        </button>
        <button
          type="button"
          // Once claimed the item cannot be claimed again; a second press could only fail.
          disabled={pickup.isPending || pickup.isSuccess}
          onClick={() => pickup.mutate()}
          className={`${buttonBase} bg-green-700 text-white hover:bg-green-800`}
        >
          {pickup.isPending ? t('pickup.submitting') : t('pickup.submit')}
        </button>
      </div>
    </section>
  );
}
