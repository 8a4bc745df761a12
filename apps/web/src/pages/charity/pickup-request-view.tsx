import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useSession } from '../../session/use-session';
import { useDocumentTitle } from '../../components/use-document-title';
import { ApiError } from '../../api/client';
import { useServerMessage } from '../../i18n/server-message';
import { useLiveEvent } from '../../live/live-context';
import { Countdown } from '../listing/countdown';
import { ListingBadges } from '../listing/listing-badges';
import { ListingPhotos } from '../listing/listing-facts';
import { FoodFields } from './food-fields';
import { useFoodDetails } from './use-food-details';
import { useRequestPickup } from './use-request-pickup';
import { ViewHeading } from './view-heading';

type PickupRequestViewProps = { foodId: number; onBack: () => void; focusHeading: boolean };

const buttonBase =
  'rounded-lg px-4 py-2 font-semibold focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-green-800 disabled:cursor-not-allowed disabled:opacity-60';

export function PickupRequestView({ foodId, onBack, focusHeading }: PickupRequestViewProps) {
  const { t } = useTranslation('charity');
  useDocumentTitle(t('titles.pickup', { ns: 'common' }));
  const session = useSession();
  const details = useFoodDetails(foodId);
  const pickup = useRequestPickup(foodId);
  // Someone else's claim, seen live: a claim of our own is the one we are sending or have sent.
  const [claimedElsewhere, setClaimedElsewhere] = useState(false);
  // Withdrawn by its donor or past its safe time: nothing left to claim.
  const [gone, setGone] = useState(false);
  const serverMessage = useServerMessage();
  useLiveEvent('food.claimed', (event) => {
    if (event.data.foodId === foodId && !pickup.isPending && !pickup.isSuccess) setClaimedElsewhere(true);
  });
  useLiveEvent('food.withdrawn', (event) => {
    if (event.data.foodId === foodId && !pickup.isSuccess) setGone(true);
  });
  useLiveEvent('food.expired', (event) => {
    if (event.data.foodId === foodId && !pickup.isSuccess) setGone(true);
  });
  useLiveEvent('request.cancelled', (event) => {
    if (event.data.foodId === foodId) setClaimedElsewhere(false);
  });
  useLiveEvent('request.not_collected', (event) => {
    if (event.data.foodId === foodId && event.data.relisted) setClaimedElsewhere(false);
  });
  // The server's reason for a refused claim, said under the spec's own words.
  const reason =
    pickup.error instanceof ApiError && pickup.error.body && pickup.error.status >= 400 && pickup.error.status < 500
      ? serverMessage(pickup.error.message)
      : null;

  let body;
  if (details.data)
    body = (
      <div className="flex flex-col gap-2">
        <Countdown until={details.data.pickup_until ?? details.data.safe_until} from={details.data.pickup_from} />
        <ListingBadges category={details.data.category} storage={details.data.storage} />
        <FoodFields food={details.data} showName />
        <ListingPhotos food={details.data} />
      </div>
    );
  else if (details.isError) body = <p role="alert" className="text-red-700">{t('pickup.detailsError')}</p>;
  else body = <p role="status" className="text-stone-600">{t('pickup.loading')}</p>;

  let action;
  if (!session) {
    // Without a session the request could only be refused: ask the visitor to log in first.
    action = (
      <div className="rounded-xl border border-amber-300 bg-amber-50 p-4 text-stone-800">
        <p className="mb-2">{t('pickup.signIn')}</p>
        <Link
          to="/Login"
          className="font-semibold text-green-800 underline hover:text-green-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-green-800"
        >
          {t('pickup.signInLink')}
        </Link>
      </div>
    );
  } else {
    action = (
      <button
        type="button"
        // Once claimed, by us or by another charity, the item cannot be claimed again: a press could only fail.
        disabled={pickup.isPending || pickup.isSuccess || claimedElsewhere || gone}
        onClick={() => pickup.mutate()}
        className={`${buttonBase} bg-green-700 text-white hover:bg-green-800`}
      >
        {pickup.isPending ? t('pickup.submitting') : t('pickup.submit')}
      </button>
    );
  }

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
        {pickup.isError && reason ? (
          <p role="alert" data-testid="pickup-reason" className="text-sm text-red-700">
            {reason}
          </p>
        ) : null}
        {gone && !pickup.isSuccess && (
          <p role="alert" className="flex flex-wrap items-center gap-x-3 gap-y-1 text-red-700" data-testid="pickup-gone">
            <span className="font-semibold">{t('pickup.gone')}</span>
            <button type="button" onClick={onBack} className="font-semibold text-green-800 underline">
              {t('pickup.browseOther')}
            </button>
          </p>
        )}
        {claimedElsewhere && !gone && !pickup.isError && (
          <p role="alert" className="flex flex-wrap items-center gap-x-3 gap-y-1 text-red-700">
            <span className="font-semibold">{t('pickup.claimedElsewhere')}</span>
            <button
              type="button"
              onClick={onBack}
              className="font-semibold text-green-800 underline hover:text-green-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-green-800"
            >
              {t('pickup.browseOther')}
            </button>
          </p>
        )}
      </div>
      <div className="flex flex-wrap gap-3">
        <button type="button" onClick={onBack} className={`${buttonBase} border border-stone-300 bg-white text-stone-800 hover:bg-stone-50`}>
          {t('pickup.back')}
        </button>
        {action}
      </div>
    </section>
  );
}
