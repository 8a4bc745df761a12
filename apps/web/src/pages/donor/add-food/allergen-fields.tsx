import { ALLERGENS } from '@food-link/contracts';
import { useTranslation } from 'react-i18next';
import { useFieldMessage } from '../../../components/check-form';
import { labelClass, type SectionProps } from './section-props';

/** The allergens the food contains, one checkbox each. */
export function AllergenFields({ values, set, problems }: SectionProps) {
  const { t: tl } = useTranslation('listing');
  const fieldMessage = useFieldMessage();
  return (
    <fieldset data-testid="food-allergens">
      <legend className={`${labelClass} mb-1`}>{tl('allergens.label')}</legend>
      <div className="grid grid-cols-2 gap-x-3 sm:grid-cols-3">
        {ALLERGENS.map((allergen) => (
          <label key={allergen} className="flex min-h-11 items-center gap-2 text-sm text-stone-800">
            <input
              type="checkbox"
              name="allergens"
              value={allergen}
              className="h-5 w-5"
              checked={values.allergens.includes(allergen)}
              onChange={(event) =>
                set('allergens', event.target.checked ? [...values.allergens, allergen] : values.allergens.filter((a) => a !== allergen))
              }
            />
            {tl(`allergens.${allergen}`)}
          </label>
        ))}
      </div>
      {problems.allergens && <p className="text-sm text-red-700">{fieldMessage(problems.allergens)}</p>}
    </fieldset>
  );
}
