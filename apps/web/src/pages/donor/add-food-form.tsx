import { AddFoodBody, LIMITS, cairoDate } from '@food-link/contracts';
import { useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { checkForm, useFieldMessage, type FieldProblems } from '../../components/check-form';
import { FormField } from '../../components/form-field';
import { useAnnounce } from '../../live/announcer';
import { useAddFood } from './use-add-food';

const EMPTY = { foodName: '', quantity: '', description: '', expirationDate: '' };

export function AddFoodForm({ userId }: { userId: number }) {
  const { t } = useTranslation('donor');
  const headingId = useId();
  const descriptionId = useId();
  const announce = useAnnounce();
  const addFood = useAddFood(userId);
  const [values, setValues] = useState(EMPTY);
  const [problems, setProblems] = useState<FieldProblems>({});
  const fieldMessage = useFieldMessage();
  // Below one portion keeps the product's wording; other refusals use the API's own words.
  const quantityMessage = (problem: string | undefined) =>
    problem === 'must be a positive number' || (problem === 'must be a whole number of portions' && values.quantity.trim() === '')
      ? t('form.quantityInvalid')
      : fieldMessage(problem);
  const formRef = useRef<HTMLFormElement>(null);
  const focusField = (name: string) => (formRef.current?.elements.namedItem(name) as HTMLElement | null)?.focus();

  const set = (field: keyof typeof EMPTY) => (value: string) => setValues((current) => ({ ...current, [field]: value }));

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    // Checked with the API's own declaration of the body, so the form refuses what the API would.
    const checked = checkForm(AddFoodBody, {
      food_name: values.foodName,
      quantity: values.quantity === '' ? Number.NaN : Number(values.quantity),
      description: values.description,
      expiration_date: values.expirationDate,
    });
    setProblems(checked.problems ?? {});
    if (checked.problems) {
      // Focus reads the first bad field with its error, for keyboard and screen-reader users alike.
      focusField(Object.keys(checked.problems)[0]);
      return;
    }
    const body = checked.body;
    addFood.mutate(body, {
        onSuccess: () => {
          setValues(EMPTY);
          announce(t('form.added', { name: body.food_name }));
          focusField('food_name');
        },
      });
  }

  return (
    <section className="rounded-xl border border-stone-200 bg-white p-5 shadow-sm">
      <h2 id={headingId} className="mb-4 text-xl font-semibold text-stone-900">
        {t('form.heading')}
      </h2>
      <form ref={formRef} onSubmit={submit} aria-labelledby={headingId} className="flex flex-col gap-4">
        <FormField
          label={t('form.foodName')}
          name="food_name"
          required
          maxLength={LIMITS.foodNameMaxLength}
          error={fieldMessage(problems.food_name)}
          value={values.foodName}
          onChange={(event) => set('foodName')(event.target.value)}
        />
        <FormField
          label={t('form.quantity')}
          name="quantity"
          type="number"
          inputMode="numeric"
          step={1}
          max={LIMITS.quantityMax}
          required
          hint={t('form.quantityHint')}
          error={quantityMessage(problems.quantity)}
          value={values.quantity}
          onChange={(event) => set('quantity')(event.target.value)}
        />
        <div className="flex flex-col gap-1">
          <label htmlFor={descriptionId} className="text-sm font-medium text-stone-800">
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
            onChange={(event) => set('description')(event.target.value)}
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
          onChange={(event) => set('expirationDate')(event.target.value)}
        />
        <p role="alert" className="min-h-5 text-sm text-red-700">
          {addFood.isError ? t('form.error') : null}
        </p>
        <button
          type="submit"
          disabled={addFood.isPending}
          className="rounded-lg bg-green-700 px-4 py-2 font-semibold text-white hover:bg-green-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-green-800 disabled:cursor-not-allowed disabled:opacity-60"
        >
          {addFood.isPending ? t('form.submitting') : t('form.submit')}
        </button>
      </form>
    </section>
  );
}
