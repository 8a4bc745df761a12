import type { PickupPointView } from '@food-link/contracts';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useFieldMessage } from '../../../components/check-form';
import { FormField } from '../../../components/form-field';
import { cairoDateTime } from '../../listing/cairo-time';
import { PickupPointForm } from '../pickup-point-form';
import { labelClass, selectClass, type SectionProps } from './section-props';

type PickupFieldsProps = SectionProps & {
  userId: number;
  /** The donor's saved pickup points (undefined while they load). */
  points: readonly PickupPointView[] | undefined;
  /** The point shown as chosen: the donor's choice, else their default point; 'new' opens the point form. */
  pointChoice: string;
  /** When the food stops being safe, as far as the form can tell yet. */
  safeUntil: Date | null;
};

/** Where and when: the pickup point (or a new one, saved on the spot), the pickup window, and the food's safe-until time. */
export function PickupFields({ values, set, problems, userId, points, pointChoice, safeUntil }: PickupFieldsProps) {
  const { t: tl, i18n } = useTranslation('listing');
  const fieldMessage = useFieldMessage();
  const pointId = useId();
  return (
    <>
      <div className="flex flex-col gap-1">
        <label htmlFor={pointId} className={labelClass}>
          {tl('form.pickupPoint')}
        </label>
        <select
          id={pointId}
          name="pickup_point_id"
          data-testid="food-pickup-point"
          className={selectClass}
          value={pointChoice}
          onChange={(event) => set('pickupPoint', event.target.value)}
        >
          {pointChoice === '' && <option value="">{tl('form.noPoint')}</option>}
          {points?.map((point) => (
            <option key={point.id} value={String(point.id)}>
              {point.label} · {point.area}
            </option>
          ))}
          {pointChoice !== '' && <option value="none">{tl('form.noPoint')}</option>}
          <option value="new">{tl('form.newPoint')}</option>
        </select>
        {problems.pickup_point_id && <p className="text-sm text-red-700">{fieldMessage(problems.pickup_point_id)}</p>}
      </div>
      {pointChoice === 'new' && (
        <PickupPointForm
          userId={userId}
          point={null}
          inline
          onSaved={(point) => set('pickupPoint', String(point.id))}
          onCancel={() => set('pickupPoint', '')}
        />
      )}
      <fieldset className="flex flex-col gap-2">
        <legend className={`${labelClass} mb-1`}>{tl('window.label')}</legend>
        <p className="text-xs text-stone-600">{tl('form.windowHint')}</p>
        <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
          <FormField
            label={tl('form.pickupFrom')}
            name="pickup_from"
            type="datetime-local"
            data-testid="food-pickup-from"
            error={fieldMessage(problems.pickup_from)}
            value={values.pickupFrom}
            onChange={(event) => set('pickupFrom', event.target.value)}
          />
          <FormField
            label={tl('form.pickupUntil')}
            name="pickup_until"
            type="datetime-local"
            data-testid="food-pickup-until"
            error={fieldMessage(problems.pickup_until)}
            value={values.pickupUntil}
            onChange={(event) => set('pickupUntil', event.target.value)}
          />
        </div>
      </fieldset>
      {safeUntil && (
        <p data-testid="safe-until-preview" className="rounded-lg bg-amber-50 p-3 text-sm text-amber-950">
          <span className="font-semibold">{tl('form.safePreview', { time: cairoDateTime(safeUntil, i18n.language) })}</span>
          <span className="block text-xs">{tl('form.safePreviewHint')}</span>
        </p>
      )}
    </>
  );
}
