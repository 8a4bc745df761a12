import { FOOD_CATEGORIES, STORAGE_KINDS } from '@food-link/contracts';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useFieldMessage } from '../../../components/check-form';
import { FormField } from '../../../components/form-field';
import { isoToCairoLocal } from '../../listing/cairo-time';
import type { ListingValues } from '../listing-rules';
import { labelClass, selectClass, type SectionProps } from './section-props';

/**
 * What the food is and how it is kept: its category, its storage (hot only for a cooked meal, which
 * falls back to room temperature when the category changes) and, for a cooked meal, when it was prepared.
 */
export function FoodKind({ values, set, problems }: SectionProps) {
  const { t: tl } = useTranslation('listing');
  const fieldMessage = useFieldMessage();
  const categoryId = useId();
  const storageId = useId();
  const cooked = values.category === 'cooked_meal';
  return (
    <>
      <div className="grid grid-cols-1 gap-3 min-[420px]:grid-cols-2">
        <div className="flex flex-col gap-1">
          <label htmlFor={categoryId} className={labelClass}>
            {tl('category.label')}
          </label>
          <select
            id={categoryId}
            name="category"
            data-testid="food-category"
            className={selectClass}
            value={values.category}
            onChange={(event) => {
              const category = event.target.value as ListingValues['category'];
              set('category', category);
              if (category !== 'cooked_meal' && values.storage === 'hot') set('storage', 'ambient');
            }}
          >
            {FOOD_CATEGORIES.map((category) => (
              <option key={category} value={category}>
                {tl(`category.${category}`)}
              </option>
            ))}
          </select>
        </div>
        <div className="flex flex-col gap-1">
          <label htmlFor={storageId} className={labelClass}>
            {tl('storage.label')}
          </label>
          <select id={storageId} name="storage" data-testid="food-storage" className={selectClass} value={values.storage} onChange={(event) => set('storage', event.target.value as ListingValues['storage'])}>
            {STORAGE_KINDS.filter((storage) => storage !== 'hot' || cooked).map((storage) => (
              <option key={storage} value={storage}>
                {tl(`storage.${storage}`)}
              </option>
            ))}
          </select>
          {problems.storage && <p className="text-sm text-red-700">{fieldMessage(problems.storage)}</p>}
        </div>
      </div>
      {cooked && (
        <FormField
          label={tl('form.preparedAt')}
          name="prepared_at"
          type="datetime-local"
          required
          max={isoToCairoLocal(new Date().toISOString())}
          hint={tl('form.preparedHint')}
          data-testid="food-prepared-at"
          error={fieldMessage(problems.prepared_at)}
          value={values.preparedAt}
          onChange={(event) => set('preparedAt', event.target.value)}
        />
      )}
    </>
  );
}
