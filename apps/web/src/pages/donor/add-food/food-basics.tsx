import { FOOD_UNITS, LIMITS, UNITS_NEEDING_WEIGHT, cairoDate } from '@food-link/contracts';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useFieldMessage } from '../../../components/check-form';
import { FormField } from '../../../components/form-field';
import type { ListingValues } from '../listing-rules';
import { labelClass, selectClass, type SectionProps } from './section-props';

/** The spec's four fields (name, quantity, description, expiration date), with the unit and its weight. */
export function FoodBasics({ values, set, problems }: SectionProps) {
  const { t } = useTranslation('donor');
  const { t: tl } = useTranslation('listing');
  const fieldMessage = useFieldMessage();
  const unitId = useId();
  const descriptionId = useId();
  // Below one portion keeps the product's wording; other refusals use the API's own words.
  const quantityMessage = (problem: string | undefined) =>
    problem === 'must be a positive number' || (problem === 'must be a whole number of portions' && values.quantity.trim() === '')
      ? t('form.quantityInvalid')
      : fieldMessage(problem);
  const needsWeight = UNITS_NEEDING_WEIGHT.includes(values.unit);
  return (
    <>
      <FormField
        label={t('form.foodName')}
        name="food_name"
        required
        maxLength={LIMITS.foodNameMaxLength}
        error={fieldMessage(problems.food_name)}
        value={values.foodName}
        onChange={(event) => set('foodName', event.target.value)}
      />
      <div className="grid grid-cols-2 gap-3">
        <FormField
          label={t('form.quantity')}
          name="quantity"
          type="number"
          inputMode="numeric"
          step={1}
          max={LIMITS.quantityMax}
          required
          hint={values.unit === 'portion' ? t('form.quantityHint') : tl(`unit.${values.unit}`)}
          error={quantityMessage(problems.quantity)}
          value={values.quantity}
          onChange={(event) => set('quantity', event.target.value)}
        />
        <div className="flex flex-col gap-1">
          <label htmlFor={unitId} className={labelClass}>
            {tl('unit.label')}
          </label>
          <select id={unitId} name="unit" data-testid="food-unit" className={selectClass} value={values.unit} onChange={(event) => set('unit', event.target.value as ListingValues['unit'])}>
            {FOOD_UNITS.map((unit) => (
              <option key={unit} value={unit}>
                {tl(`unit.${unit}`)}
              </option>
            ))}
          </select>
        </div>
      </div>
      {values.unit !== 'portion' && values.unit !== 'kg' && (
        <FormField
          label={tl('form.weight')}
          name="weight_kg"
          type="number"
          inputMode="decimal"
          step={0.1}
          min={0}
          max={LIMITS.weightKgMax}
          required={needsWeight}
          data-testid="food-weight"
          error={fieldMessage(problems.weight_kg)}
          value={values.weight}
          onChange={(event) => set('weight', event.target.value)}
        />
      )}
      <div className="flex flex-col gap-1">
        <label htmlFor={descriptionId} className={labelClass}>
          {t('form.description')}
          <span aria-hidden="true" className="ms-0.5 text-red-700">
            *
          </span>
        </label>
        <textarea
          id={descriptionId}
          name="description"
          required
          rows={3}
          maxLength={LIMITS.descriptionMaxLength}
          aria-invalid={problems.description ? true : undefined}
          aria-describedby={problems.description ? `${descriptionId}-error` : undefined}
          value={values.description}
          onChange={(event) => set('description', event.target.value)}
          className="rounded-lg border border-stone-300 bg-white px-3 py-2 text-stone-900 shadow-sm outline-none transition focus:border-green-600 focus-visible:ring-2 focus-visible:ring-green-600 focus-visible:ring-offset-1"
        />
        {problems.description ? (
          <p id={`${descriptionId}-error`} className="text-sm text-red-700">
            {fieldMessage(problems.description)}
          </p>
        ) : null}
      </div>
      <FormField
        label={t('form.expirationDate')}
        name="expiration_date"
        type="date"
        required
        min={cairoDate()}
        error={fieldMessage(problems.expiration_date)}
        value={values.expirationDate}
        onChange={(event) => set('expirationDate', event.target.value)}
      />
    </>
  );
}
