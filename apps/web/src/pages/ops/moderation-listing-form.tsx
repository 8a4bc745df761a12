import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { moderationEndpoints } from '../../api/moderation-endpoints';
import { FormField } from '../../components/form-field';
import { useModerationAction } from './moderation-action';
import { ModerationButtons } from './moderation-buttons';

type Move = { foodId: number; hide: boolean };

/** Hides a listing by its number (a reason is required; the donor sees it) or puts it back. */
export function ModerationListingForm({ operatorId }: { operatorId: number }) {
  const { t } = useTranslation('moderation');
  const headingId = useId();
  const [foodId, setFoodId] = useState('');
  const [reason, setReason] = useState('');
  const { mutation, problems, outcome, take } = useModerationAction<Move>(
    operatorId,
    ({ foodId: id, hide }) => (hide ? moderationEndpoints.hideFood(id, reason.trim()) : moderationEndpoints.unhideFood(id)),
    ({ foodId: id, hide }) => t(hide ? 'ops.listing.hidden' : 'ops.listing.unhidden', { id }),
    t('ops.reasonRequired'),
  );

  const act = (hide: boolean) => take(foodId, t('ops.listing.idRequired'), hide ? reason : null, (id) => ({ foodId: id, hide }));

  return (
    <div role="group" aria-labelledby={headingId} data-testid="moderation-listing" className="flex flex-col gap-2">
      <h3 id={headingId} className="font-semibold text-stone-900">
        {t('ops.listing.heading')}
      </h3>
      <FormField label={t('ops.listing.id')} name="food_id" inputMode="numeric" dir="ltr" value={foodId} onChange={(event) => setFoodId(event.target.value)} error={problems.subject} />
      <FormField label={t('ops.reason')} name="hide_reason" dir="auto" maxLength={500} value={reason} onChange={(event) => setReason(event.target.value)} error={problems.reason} />
      <ModerationButtons pending={mutation.isPending} outcome={outcome} take={t('ops.listing.hide')} undo={t('ops.listing.unhide')} onAct={act} />
    </div>
  );
}
