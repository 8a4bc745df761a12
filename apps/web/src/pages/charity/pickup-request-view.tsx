import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useSession } from '../../session/use-session';
import { useDocumentTitle } from '../../components/use-document-title';
import { ApiError } from '../../api/client';
import { endpoints } from '../../api/endpoints';
import { queryKeys } from '../../api/query-keys';
import { formatNumber } from '../../i18n/format';
import { useServerMessage } from '../../i18n/server-message';
import { useLiveEvent } from '../../live/live-context';
import { Countdown } from '../listing/countdown';
import { ListingBadges } from '../listing/listing-badges';
import { ListingPhotos } from '../listing/listing-facts';
import { PickupDetailsPanel } from '../listing/pickup-details-panel';
import { useCharityVerification } from '../verification/use-charity-verification';
import { FoodFields } from './food-fields';
import { useFoodDetails } from './use-food-details';
import { useRequestPickup } from './use-request-pickup';
import { ViewHeading } from './view-heading';

type PickupRequestViewProps = { foodId: number; onBack: () => void; focusHeading: boolean };

/** The API's refusal of a claim of more than is left (ERRORS.onlyLeft), said in the reader's language. */
const ONLY_LEFT = /^Only (\d+) of (\d+) left$/;

const stepButton =
  'inline-flex h-11 w-11 items-center justify-center rounded-lg border border-stone-300 bg-white text-lg font-semibold text-stone-800 hover:bg-stone-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-green-800 disabled:cursor-not-allowed disabled:opacity-50';

/** How many of what is left to claim: a stepper from 1 to all that is left, and "Take all". */
function QuantityStepper({ left, take, onChange }: { left: number; take: number; onChange: (value: number) => void }) {
  const { t, i18n } = useTranslation('charity');
  const inputId = useId();
  const number = (value: number) => formatNumber(value, i18n.language);
  const set = (value: number) => onChange(Math.max(1, Math.min(left, Math.trunc(value) || 1)));
  // What is being typed: an emptied field stays empty until a number is typed (or it loses focus).
  const [draft, setDraft] = useState<string | null>(null);
  return (
    <div role="group" aria-labelledby={`${inputId}-label`} className="flex w-full flex-wrap items-center gap-2" data-testid="quantity-stepper">
      <label id={`${inputId}-label`} htmlFor={inputId} className="w-full text-sm font-semibold text-stone-800">
        {t('pickup.howMany')}
      </label>
      <button type="button" className={stepButton} aria-label={t('pickup.fewer')} disabled={take <= 1} onClick={() => set(take - 1)}>
        −
      </button>
      <input
        id={inputId}
        type="number"
        inputMode="numeric"
        min={1}
        max={left}
        step={1}
        value={draft ?? take}
        onChange={(event) => {
          setDraft(event.target.value);
          const typed = Number(event.target.value);
          if (event.target.value !== '' && Number.isFinite(typed)) set(typed);
        }}
        onBlur={() => setDraft(null)}
        className="h-11 w-20 rounded-lg border border-stone-300 px-2 text-center"
        data-testid="claim-quantity"
      />
      <button type="button" className={stepButton} aria-label={t('pickup.more')} disabled={take >= left} onClick={() => set(take + 1)}>
        +
      </button>
      <span className="text-sm text-stone-600">{t('pickup.ofLeft', { left: number(left) })}</span>
      <button
        type="button"
        disabled={take >= left}
        onClick={() => onChange(left)}
        className="min-h-11 rounded-lg border border-green-700 px-3 text-sm font-semibold text-green-800 hover:bg-green-50 disabled:cursor-not-allowed disabled:opacity-50"
      >
        {t('pickup.takeAll', { left: number(left) })}
      </button>
    </div>
  );
}

const buttonBase =
  'rounded-lg px-4 py-2 font-semibold focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-green-800 disabled:cursor-not-allowed disabled:opacity-60';

/**
 * How many pending claims the charity holds against how many it may hold (the server's `claim_limit`), once
 * both are known: said before Submit Request, with the reason a press would be refused when no claim is left.
 */
function useClaimAllowance(charityUserId: number | null) {
  const verification = useCharityVerification();
  const requests = useQuery({
    queryKey: queryKeys.charityRequests(charityUserId ?? 0),
    queryFn: () => endpoints.charityRequests(charityUserId ?? 0),
    enabled: charityUserId !== null && verification.data !== undefined,
  });
  if (!verification.data || !requests.data) return null;
  const held = requests.data.filter((request) => request.status === 'pending').length;
  return { held, limit: verification.data.claim_limit, full: held >= verification.data.claim_limit };
}

export function PickupRequestView({ foodId, onBack, focusHeading }: PickupRequestViewProps) {
  const { t, i18n } = useTranslation('charity');
  useDocumentTitle(t('titles.pickup', { ns: 'common' }));
  const session = useSession();
  const details = useFoodDetails(foodId);
  const pickup = useRequestPickup(foodId);
  const allowance = useClaimAllowance(session?.userId ?? null);
  const allowanceId = useId();
  // Our own new claim counts in the list once it is fetched again: the limit no longer applies to it.
  const limitReached = allowance !== null && allowance.full && !pickup.isSuccess;
  // Someone else's claim, seen live: a claim of our own is the one we are sending or have sent.
  const [claimedElsewhere, setClaimedElsewhere] = useState(false);
  // Withdrawn by its donor or past its safe time: nothing left to claim.
  const [gone, setGone] = useState(false);
  const serverMessage = useServerMessage();
  useLiveEvent('food.claimed', (event) => {
    // A claim of part of it leaves the rest on offer (partial claims): only nothing left ends ours.
    const nothingLeft = event.data.quantityLeft === undefined || event.data.quantityLeft === 0;
    if (event.data.foodId === foodId && nothingLeft && !pickup.isPending && !pickup.isSuccess) setClaimedElsewhere(true);
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
  const onlyLeft = pickup.error instanceof ApiError && pickup.error.status === 409 ? ONLY_LEFT.exec(pickup.error.message) : null;
  let reason =
    pickup.error instanceof ApiError && pickup.error.body && pickup.error.status >= 400 && pickup.error.status < 500
      ? serverMessage(pickup.error.message)
      : null;
  if (onlyLeft) reason = t('pickup.onlyLeft', { left: formatNumber(Number(onlyLeft[1]), i18n.language), quantity: formatNumber(Number(onlyLeft[2]), i18n.language) });
  // Partial claims: how many to take, all that is left unless the charity chooses fewer.
  const [chosen, setChosen] = useState<number | null>(null);
  const left = details.data?.status === 'available' ? details.data.quantity_left : 0;
  const take = chosen === null ? left : Math.min(chosen, left);

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
      <>
        {left > 1 && !pickup.isSuccess && !claimedElsewhere && !gone && (
          <QuantityStepper left={left} take={take} onChange={(value) => setChosen(value >= left ? null : value)} />
        )}
      <button
        type="button"
        // Once claimed, by us or by another charity, the item cannot be claimed again: a press could only fail.
        // At the claim limit it is off too, with the reason said beside it before any press; the server stays
        // the judge (the requests it counts are refetched live as claims end, which turns it back on).
        disabled={pickup.isPending || pickup.isSuccess || claimedElsewhere || gone || limitReached}
        aria-describedby={allowance && !pickup.isSuccess ? allowanceId : undefined}
        onClick={() => pickup.mutate({ quantity: chosen === null ? undefined : take, left })}
        className={`${buttonBase} bg-green-700 text-white hover:bg-green-800`}
      >
        {pickup.isPending ? t('pickup.submitting') : t('pickup.submit')}
      </button>
      </>
    );
  }
  const number = (value: number) => formatNumber(value, i18n.language);

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
      {pickup.isSuccess && (
        <div data-testid="pickup-next" className="mb-4 flex flex-col gap-3">
          <p className="text-stone-800">{t('pickup.next')}</p>
          <PickupDetailsPanel requestId={pickup.data.request_id} />
          <Link
            to={{ search: '?view=requests' }}
            className="inline-flex min-h-11 items-center self-start rounded-lg border border-green-700 px-4 py-2 font-semibold text-green-800 hover:bg-green-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-green-800"
          >
            {t('pickup.toRequests')}
          </Link>
        </div>
      )}
      {allowance && !pickup.isSuccess && (
        <p id={allowanceId} data-testid="claim-allowance" className={`mb-3 text-sm ${limitReached ? 'font-semibold text-red-700' : 'text-stone-700'}`}>
          {limitReached
            ? t('pickup.limitReached', { limit: number(allowance.limit) })
            : t('pickup.allowance', { held: number(allowance.held), limit: number(allowance.limit) })}
        </p>
      )}
      <div className="flex flex-wrap gap-3">
        <button type="button" onClick={onBack} className={`${buttonBase} border border-stone-300 bg-white text-stone-800 hover:bg-stone-50`}>
          {t('pickup.back')}
        </button>
        {action}
      </div>
    </section>
  );
}
