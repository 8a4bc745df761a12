import type { DonorFoodItem } from '@food-link/contracts';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/client';
import { ConfirmDialog, type ConfirmRequest } from '../../components/confirm-dialog';
import { ViewSuspense } from '../../components/lazy-view';
import { EmailAddress } from '../../components/email-address';
import { PhoneLinks } from '../../components/phone-links';
import { StatusBadge, foodState, type ItemState } from '../../components/status-badge';
import { useFormat } from '../../i18n/format';
import { useServerMessage } from '../../i18n/server-message';
import { ListingBadges } from '../listing/listing-badges';
import { ListingFacts, ListingPhotos } from '../listing/listing-facts';
import { ShareButton } from '../listing/share-button';
import { PickupDetailsPanel } from '../listing/pickup-details-panel';
import { ReceivedSummary } from '../listing/received-summary';
import { ReliabilityBadge } from '../listing/reliability-badge';
import { VerifiedBadge } from '../verification/verified-badge';
import { useNow } from '../listing/use-now';
import { AddFoodForm } from './lazy-add-food-form';
import { OfferStage } from './offer-stage';
import { useFulfilRequest, useReportNoShow, useWithdrawFood } from './use-fulfil-request';
import { can, useOrg } from '../../components/use-org';
import { WhoIsComing } from '../transport/who-is-coming';

const fieldClass = 'grid grid-cols-[fit-content(40%)_1fr] gap-x-3 gap-y-1 text-sm';
const smallButton =
  'min-h-11 rounded-lg px-3 py-2 text-sm font-semibold focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-green-800 disabled:cursor-not-allowed disabled:opacity-60';

/**
 * The card's one state: a claim decides it (claimed while the pickup is pending, fulfilled once donated,
 * not collected when nobody came), otherwise the food's own status. A completed donation reads
 * Fulfilled, never "claimed". A listing an operator hid reads Hidden, whatever the board's
 * `food.withdrawn` (which a hide also sends) made of it in the cache meanwhile.
 */
function donorState(item: DonorFoodItem, claim: DonorFoodItem['request']): ItemState {
  if (item.hidden_reason !== null && claim?.status !== 'fulfilled') return 'hidden';
  if (item.status === 'withdrawn') return 'withdrawn';
  if (claim?.status === 'fulfilled') return 'fulfilled';
  if (claim?.status === 'not_collected') return 'not_collected';
  if (claim) return 'claimed';
  return foodState(item.status);
}

type Asking = 'donate' | 'withdraw' | 'no-show' | null;

/**
 * Partial claims (docs/DOMAIN-RULES.md): the listing's claims, earliest first, each with its charity,
 * quantity and state. Shown once the listing is shared (several claims, or one of part of it); a claim of
 * the whole listing is the "Claimed by" section alone, as before.
 */
function ClaimsList({ item }: { item: DonorFoodItem }) {
  const { t } = useTranslation('donor');
  const { t: tl } = useTranslation('listing');
  const format = useFormat();
  const shared = item.claims.length > 1 || item.claims.some((claim) => claim.quantity < item.quantity);
  if (!shared) return null;
  return (
    <section aria-label={t('card.claims')} data-testid="donor-claims" className="border-t border-stone-200 pt-3">
      <p className="mb-1 text-sm font-semibold text-stone-700">{t('card.claims')}</p>
      <ul className="flex flex-col gap-1 text-sm">
        {item.claims.map((claim) => (
          <li key={claim.request_id} data-request-id={claim.request_id} className="flex flex-wrap items-center gap-x-2">
            <bdi dir="auto" className="wrap-anywhere">
              {claim.name}
            </bdi>
            <span>
              {format.number(claim.quantity)} {tl(`unit.${item.unit}`)}
            </span>
            <StatusBadge state={claim.status} />
            {claim.received_quantity !== null && (
              <span className="text-stone-600">{t('card.claimReceived', { quantity: format.number(claim.received_quantity) })}</span>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}

export function DonorFoodCard({ item, userId }: { item: DonorFoodItem; userId: number }) {
  const { t } = useTranslation('donor');
  const { t: tl } = useTranslation('listing');
  const { t: tm } = useTranslation('moderation');
  const hidden = item.hidden_reason !== null;
  const format = useFormat();
  const serverMessage = useServerMessage();
  const titleId = useId();
  const codeId = useId();
  const fulfil = useFulfilRequest(userId);
  const withdraw = useWithdrawFood(userId);
  const noShow = useReportNoShow(userId);
  const now = useNow();
  const completedRef = useRef<HTMLParagraphElement>(null);
  const [asking, setAsking] = useState<Asking>(null);
  const [editing, setEditing] = useState(false);
  const [showDetails, setShowDetails] = useState(false);
  const [code, setCode] = useState('');
  const access = useOrg();
  // Staff list food and hand it over; editing, withdrawing and no-shows are a branch manager's and an administrator's.
  const manages = access.state !== 'ready' || can.manageListings(access.role);
  const claim =
    item.request && item.request.status !== 'cancelled' && item.request.status !== 'withdrawn' ? item.request : null;
  const pending = claim?.status === 'pending' && item.status !== 'withdrawn';
  // Partial claims: each pending claim has its own handover. With several, the donor says whose volunteer
  // is at the door; Donate, its confirmation and a no-show then act on that claim (the first by default).
  const pendingClaims = item.claims.filter((entry) => entry.status === 'pending');
  const [handoverTo, setHandoverTo] = useState<number | null>(null);
  const chosen = pendingClaims.find((entry) => entry.request_id === handoverTo);
  const target = chosen ? { request_id: chosen.request_id, name: chosen.name } : claim;
  const fulfilled = claim?.status === 'fulfilled';
  const state = donorState(item, claim);
  const canWithdraw = item.status === 'available' || (item.status === 'claimed' && pending);
  // The donor may say nobody came once the window has started (docs/DOMAIN-RULES.md, "The handover").
  const windowStarted = !item.pickup_from || new Date(item.pickup_from).getTime() <= now.getTime();
  // A wrong code (409), or a request that takes no more codes after too many wrong ones (429): the server says which.
  const wrongCode =
    fulfil.error instanceof ApiError && (fulfil.error.status === 409 || fulfil.error.status === 429) && Boolean(fulfil.variables?.pickupCode);

  // The Donate button disappears under the keyboard; the confirmation takes its focus.
  useEffect(() => {
    if (fulfil.isSuccess) completedRef.current?.focus();
  }, [fulfil.isSuccess]);

  if (editing) {
    return (
      <ViewSuspense>
        <AddFoodForm userId={userId} editing={item} onDone={() => setEditing(false)} />
      </ViewSuspense>
    );
  }

  const questions: Record<Exclude<Asking, null>, ConfirmRequest | null> = {
    donate: target
      ? {
          title: t('card.confirm.title', { charity: target.name }),
          body: t('card.confirm.body', { name: item.food_name }),
          confirmLabel: t('card.confirm.confirm'),
          tone: 'primary',
        }
      : null,
    withdraw: {
      title: tl('card.withdrawTitle', { name: item.food_name }),
      body: claim && pending ? tl('card.withdrawClaimed', { charity: claim.name }) : tl('card.withdrawAvailable'),
      confirmLabel: tl('card.withdrawConfirm'),
    },
    'no-show': target ? { title: tl('card.noShowTitle', { charity: target.name }), body: tl('card.noShowBody'), confirmLabel: tl('card.noShowConfirm') } : null,
  };
  const cancelLabels: Record<Exclude<Asking, null>, string> = {
    donate: t('card.confirm.keep'),
    withdraw: tl('card.withdrawKeep'),
    'no-show': tl('card.noShowKeep'),
  };

  return (
    <article
      // A notification ("Was it collected?") links here: /DonerDashboard#food-12.
      id={`food-${item.id}`}
      tabIndex={-1}
      data-food-id={item.id}
      aria-labelledby={titleId}
      className="flex h-full scroll-mt-4 flex-col gap-2 rounded-xl border border-stone-200 bg-white p-4 shadow-sm focus:outline-2 focus:outline-green-700"
    >
      <h3 id={titleId} dir="auto" className="text-lg font-semibold break-words text-stone-900">
        {item.food_name}
      </h3>
      <ListingBadges category={item.category} storage={item.storage} />
      <dl className={fieldClass}>
        <dt className="text-stone-500">{t('card.quantity')}</dt>
        <dd>
          <span>{format.number(item.quantity)}</span> <span className="text-stone-600">{tl(`unit.${item.unit}`)}</span>
          {item.status === 'available' && item.quantity_left < item.quantity && (
            <span data-testid="donor-quantity-left" className="ms-2 inline-block rounded-full bg-amber-100 px-2 text-xs font-semibold text-amber-900">
              {t('card.left', { left: format.number(item.quantity_left), quantity: format.number(item.quantity) })}
            </span>
          )}
        </dd>
        <dt className="text-stone-500">{t('card.description')}</dt>
        <dd dir="auto" className="wrap-anywhere">
          {item.description}
        </dd>
        <dt className="text-stone-500">{t('card.expirationDate')}</dt>
        <dd>{format.date(item.expiration_date)}</dd>
        <ListingFacts food={item} />
        <dt className="text-stone-500">{t('card.status')}</dt>
        <dd>
          <StatusBadge state={state} />
        </dd>
        {item.listed_by && (
          <>
            <dt className="text-stone-500">{t('actor.listedBy', { ns: 'org' })}</dt>
            <dd dir="auto" data-testid="listed-by" className="wrap-anywhere">
              {item.listed_by.name}
            </dd>
          </>
        )}
      </dl>
      {hidden && (
        <div data-testid="hidden-by-operator" className="rounded-lg border border-red-300 bg-red-50 p-2 text-sm text-red-900">
          <p className="font-semibold">
            {tm('donor.hiddenBy')} <bdi dir="auto">{item.hidden_reason}</bdi>
          </p>
          <p>{tm('donor.hiddenNote')}</p>
        </div>
      )}
      {/* A hidden listing is on offer to nobody, so neither its stage nor a link to share means anything. */}
      {!claim && !hidden && <OfferStage item={item} />}
      <ListingPhotos food={item} />
      {/* Only what is still on offer is worth passing on. */}
      {state === 'available' && !hidden && <ShareButton food={item} />}
      {state === 'withdrawn' && <p className="text-sm text-stone-700">{tl('card.withdrawn')}</p>}
      {state === 'not_collected' && <p className="text-sm text-orange-900">{tl('card.notCollected')}</p>}
      <ClaimsList item={item} />
      {claim && (
        <div className="mt-1 flex flex-1 flex-col gap-3 border-t border-stone-200 pt-3">
          <p className="text-sm font-semibold text-stone-700">{t('card.claimedBy')}</p>
          <dl className={fieldClass}>
            <dt className="text-stone-500">{t('card.charityName')}</dt>
            <dd className="wrap-anywhere">
              <bdi dir="auto">{claim.name}</bdi>
              {claim.charity_verified && <VerifiedBadge />}
            </dd>
            <dt className="text-stone-500">{t('card.charityEmail')}</dt>
            <dd>
              <EmailAddress email={claim.email} />
            </dd>
            {claim.charity_phone && (
              <>
                <dt className="text-stone-500">{t('card.charityPhone')}</dt>
                <dd>
                  <PhoneLinks phone={claim.charity_phone} />
                </dd>
              </>
            )}
            <dt className="text-stone-500">{tl('reliability.label')}</dt>
            <dd>
              <ReliabilityBadge reliability={claim.reliability} />
            </dd>
          </dl>
          {fulfilled && (
            <p ref={completedRef} tabIndex={-1} role="status" className="font-semibold text-green-700 outline-none">
              {t('card.completed')}
            </p>
          )}
          {fulfilled && claim.received && <ReceivedSummary received={claim.received} />}
          {pending && (
            <>
              <button
                type="button"
                aria-expanded={showDetails}
                data-testid="donor-pickup-details-toggle"
                onClick={() => setShowDetails((open) => !open)}
                className={`${smallButton} self-start border border-stone-300 text-stone-800 hover:bg-stone-100`}
              >
                {showDetails ? tl('pickupDetails.hide') : tl('pickupDetails.show')}
              </button>
              {showDetails && <PickupDetailsPanel requestId={claim.request_id} />}
              <WhoIsComing requestId={claim.request_id} />
              {pendingClaims.length > 1 && (
                <fieldset data-testid="handover-to" className="flex flex-col gap-1">
                  <legend className="text-sm font-medium text-stone-800">{t('card.handoverTo')}</legend>
                  {pendingClaims.map((entry) => (
                    <label key={entry.request_id} className="flex min-h-11 items-center gap-2 text-sm">
                      <input
                        type="radio"
                        name={`${codeId}-handover`}
                        value={entry.request_id}
                        checked={(target?.request_id ?? null) === entry.request_id}
                        onChange={() => setHandoverTo(entry.request_id)}
                        className="size-5"
                      />
                      <bdi dir="auto" className="wrap-anywhere">
                        {entry.name}
                      </bdi>
                      <span className="text-stone-600">
                        {format.number(entry.quantity)} {tl(`unit.${item.unit}`)}
                      </span>
                    </label>
                  ))}
                </fieldset>
              )}
              <div className="flex flex-col gap-1">
                <label htmlFor={codeId} className="text-sm font-medium text-stone-800">
                  {tl('card.code')}
                </label>
                <input
                  id={codeId}
                  data-testid="donate-code"
                  inputMode="numeric"
                  autoComplete="one-time-code"
                  pattern="[0-9]{4,6}"
                  maxLength={6}
                  dir="ltr"
                  aria-describedby={`${codeId}-hint`}
                  value={code}
                  onChange={(event) => setCode(event.target.value.replace(/[^\d٠-٩]/g, '').replace(/[٠-٩]/g, (d) => String(d.charCodeAt(0) - 0x0660)))}
                  className="min-h-11 w-40 rounded-lg border border-stone-300 px-3 py-2 font-mono text-lg tracking-widest"
                />
                <p id={`${codeId}-hint`} className="text-xs text-stone-600">
                  {tl('card.codeHint')}
                </p>
              </div>
              <div className="mt-auto flex flex-wrap gap-2">
                <button
                  type="button"
                  aria-describedby={titleId}
                  disabled={fulfil.isPending}
                  onClick={() => setAsking('donate')}
                  className="self-start rounded-lg bg-green-700 px-4 py-2 font-semibold text-white hover:bg-green-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-green-800 disabled:cursor-not-allowed disabled:opacity-60"
                >
                  {t('card.donate')}
                </button>
                {windowStarted && manages && (
                  <button
                    type="button"
                    data-testid="report-no-show"
                    disabled={noShow.isPending}
                    onClick={() => setAsking('no-show')}
                    className={`${smallButton} border border-orange-700 text-orange-800 hover:bg-orange-50`}
                  >
                    {tl('card.noShow')}
                  </button>
                )}
              </div>
              {wrongCode && (
                <p role="alert" data-testid="donate-error" className="text-sm text-red-700">
                  {tl('card.wrongCode')} {fulfil.error instanceof ApiError ? serverMessage(fulfil.error.message) : null}
                </p>
              )}
              {noShow.isError && (
                <p role="alert" className="text-sm text-red-700">
                  {tl('card.noShowError')}
                </p>
              )}
            </>
          )}
        </div>
      )}
      {manages && (item.status === 'available' || canWithdraw) && (
        <div className="mt-auto flex flex-wrap gap-2 pt-2">
          {item.status === 'available' && !claim && (
            <button type="button" data-testid="food-edit" aria-describedby={titleId} onClick={() => setEditing(true)} className={`${smallButton} border border-stone-300 text-stone-800 hover:bg-stone-100`}>
              {tl('card.edit')}
            </button>
          )}
          {canWithdraw && (
            <button
              type="button"
              data-testid="food-withdraw"
              aria-describedby={titleId}
              disabled={withdraw.isPending}
              onClick={() => setAsking('withdraw')}
              className={`${smallButton} border border-red-700 text-red-700 hover:bg-red-50`}
            >
              {tl('card.withdraw')}
            </button>
          )}
        </div>
      )}
      {withdraw.isError && (
        <p role="alert" className="text-sm text-red-700">
          {tl('card.withdrawError')} {withdraw.error instanceof ApiError && withdraw.error.body ? serverMessage(withdraw.error.message) : null}
        </p>
      )}
      {/* Donating, withdrawing and reporting a no-show cannot be undone: each is asked about first. */}
      <ConfirmDialog
        request={asking ? questions[asking] : null}
        cancelLabel={asking ? cancelLabels[asking] : ''}
        onCancel={() => setAsking(null)}
        onConfirm={() => {
          const action = asking;
          setAsking(null);
          if (action === 'donate' && target) fulfil.mutate({ requestId: target.request_id, pickupCode: code.trim() || undefined });
          if (action === 'withdraw') withdraw.mutate(item.id);
          if (action === 'no-show' && target) noShow.mutate(target.request_id);
        }}
      />
    </article>
  );
}
