import { LIMITS, type CharityRequestItem } from '@food-link/contracts';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmailAddress } from '../../components/email-address';
import { StatusBadge, requestState } from '../../components/status-badge';
import { useFormat } from '../../i18n/format';
import { Countdown } from '../listing/countdown';
import { usePlaceName } from '../listing/listing-facts';
import { PickupDetailsPanel } from '../listing/pickup-details-panel';
import { useNow } from '../listing/use-now';
import { ReceivedSummary } from '../listing/received-summary';
import { ReceivedForm } from './received-form';
import { can, useOrg } from '../../components/use-org';
import { AssignControl } from '../org/assign-control';
import { OfferTransportControl } from '../transport/offer-transport-control';

type RequestItemProps = {
  request: CharityRequestItem;
  cancelling: boolean;
  onCancel: (request: CharityRequestItem) => void;
  charityUserId: number;
};

/**
 * One of the charity's requests, in the state it is really in: pending shows where and when to collect
 * (the pickup details, with the code); fulfilled asks what arrived; withdrawn and not collected say so
 * plainly, with nothing to press that could only fail.
 */
export function RequestItem({ request, cancelling, onCancel, charityUserId }: RequestItemProps) {
  const { t } = useTranslation('charity');
  const { t: tl } = useTranslation('listing');
  const { t: to } = useTranslation('org');
  const access = useOrg();
  // Claiming, cancelling, assigning and reporting are a coordinator's and an administrator's (docs/ORGANISATIONS.md).
  const acts = access.state !== 'ready' || can.claim(access.role);
  const place = usePlaceName()(request);
  const format = useFormat();
  const titleId = useId();
  const reasonId = useId();
  const state = requestState(request.status);
  // A fulfilled request can only fail to cancel: the button stays (as the spec shows it), off, with the reason.
  const fulfilled = state === 'fulfilled';
  const ended = state === 'withdrawn' || state === 'not_collected';
  const [correcting, setCorrecting] = useState(false);
  const now = useNow();
  const report = request.received;
  // The API takes corrections within LIMITS.receivedCorrectionDays of the handover, which came before the
  // first report: past that many days after the report, it surely refuses (before, its answer decides).
  const correctable =
    fulfilled && report !== null && now.getTime() < new Date(report.received_at).getTime() + LIMITS.receivedCorrectionDays * 24 * 60 * 60 * 1000;
  return (
    <article
      data-request-id={request.request_id}
      aria-labelledby={titleId}
      className="flex h-full flex-col gap-3 rounded-xl border border-stone-200 bg-white p-4 shadow-sm"
    >
      <h2 id={titleId} dir="auto" className="text-lg font-semibold break-words text-stone-900">
        {request.food_name}
      </h2>
      {state === 'pending' && <Countdown until={request.pickup_until ?? request.safe_until} from={request.pickup_from} />}
      <dl className="grid grid-cols-[fit-content(40%)_1fr] gap-x-3 gap-y-1 text-sm">
        <dt className="text-stone-500">{t('food.quantity')}</dt>
        <dd>
          {format.number(request.claimed_quantity)} <span className="text-stone-600">{tl(`unit.${request.unit}`)}</span>
          {/* A claim of part of the listing (partial claims) says of how much. */}
          {request.claimed_quantity < request.quantity && (
            <span className="text-stone-600"> {t('requests.ofListing', { quantity: format.number(request.quantity) })}</span>
          )}
        </dd>
        {place && (
          <>
            <dt className="text-stone-500">{tl('place.label')}</dt>
            <dd dir="auto">{place}</dd>
          </>
        )}
        <dt className="text-stone-500">{t('requests.donorName')}</dt>
        <dd dir="auto" className="wrap-anywhere">
          {request.name}
        </dd>
        <dt className="text-stone-500">{t('requests.donorEmail')}</dt>
        <dd>{request.email === null ? <span className="text-stone-500">{t('requests.emailWithheld')}</span> : <EmailAddress email={request.email} />}</dd>
        <dt className="text-stone-500">{t('food.status')}</dt>
        <dd>
          <StatusBadge state={state} />
        </dd>
        {request.claimed_by && (
          <>
            <dt className="text-stone-500">{to('actor.claimedBy')}</dt>
            <dd dir="auto" data-testid="claimed-by" className="wrap-anywhere">
              {request.claimed_by.name}
            </dd>
          </>
        )}
      </dl>
      {/* A lone account has nobody to assign: the control shows once the charity has members. */}
      {state === 'pending' && access.state === 'ready' && access.org && access.org.members.length > 1 && can.claim(access.role) && (
        <AssignControl
          requestId={request.request_id}
          charityUserId={charityUserId}
          assignee={request.assignee ?? null}
          members={access.org.members}
        />
      )}
      {/* Or offered to the charity's volunteers whose vehicle and area fit: the first to accept goes (issue 28). */}
      {state === 'pending' && !request.assignee && access.state === 'ready' && access.org && access.org.members.some((m) => m.role === 'volunteer') && can.claim(access.role) && (
        <OfferTransportControl requestId={request.request_id} />
      )}
      {state === 'pending' && <PickupDetailsPanel requestId={request.request_id} />}
      {state === 'withdrawn' && <p className="text-sm text-stone-700">{tl('status.withdrawn')}</p>}
      {state === 'not_collected' && <p className="text-sm text-orange-900">{tl('status.notCollected')}</p>}
      {fulfilled && report && !correcting && <ReceivedSummary received={report} />}
      {correctable && !correcting && acts && (
        <button
          type="button"
          aria-describedby={titleId}
          data-testid="received-edit"
          onClick={() => setCorrecting(true)}
          className="min-h-11 self-start rounded-lg border border-stone-300 px-4 py-2 text-sm font-semibold text-stone-800 hover:bg-stone-100"
        >
          {tl('received.edit')}
        </button>
      )}
      {fulfilled && report && correcting && acts && <ReceivedForm request={request} charityUserId={charityUserId} onDone={() => setCorrecting(false)} />}
      {fulfilled && !report && acts && <ReceivedForm request={request} charityUserId={charityUserId} />}
      {!ended && acts && (
      <div className="mt-auto flex flex-col items-start gap-1">
        <button
          type="button"
          aria-describedby={fulfilled ? `${titleId} ${reasonId}` : titleId}
          disabled={cancelling || fulfilled}
          onClick={() => onCancel(request)}
          // Off on a fulfilled request, it reads as what it is (nothing to do), not as a red warning.
          className={`min-h-11 rounded-lg border px-4 py-2 font-semibold focus-visible:outline-2 focus-visible:outline-offset-2 disabled:cursor-not-allowed disabled:opacity-60 ${
            fulfilled
              ? 'border-stone-300 text-stone-500'
              : 'border-red-700 text-red-700 hover:bg-red-50 focus-visible:outline-red-800'
          }`}
        >
          {t('requests.cancel')}
        </button>
        {fulfilled && (
          <p id={reasonId} className="text-sm text-stone-600">
            {t('requests.fulfilledNoCancel')}
          </p>
        )}
      </div>
      )}
    </article>
  );
}
