import { LIMITS, ReceivedBody, type CharityRequestItem } from '@food-link/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/client';
import { endpoints } from '../../api/endpoints';
import { queryKeys } from '../../api/query-keys';
import { checkForm, useFieldMessage, type FieldProblems } from '../../components/check-form';
import { FormField } from '../../components/form-field';
import { useServerMessage } from '../../i18n/server-message';

const EMPTY = { quantity: '', weight: '', comment: '' };

/**
 * After a fulfilled pickup, the charity says what actually arrived (`POST /api/requests/{id}/received`):
 * a quantity, a weight or a comment, at least one. The donor's card shows it.
 */
export function ReceivedForm({ request, charityUserId }: { request: CharityRequestItem; charityUserId: number }) {
  const { t } = useTranslation('listing');
  const headingId = useId();
  const client = useQueryClient();
  const fieldMessage = useFieldMessage();
  const serverMessage = useServerMessage();
  const [values, setValues] = useState(EMPTY);
  const [problems, setProblems] = useState<FieldProblems>({});
  const [formProblem, setFormProblem] = useState<string | null>(null);
  const report = useMutation({
    mutationFn: (body: ReceivedBody) => endpoints.reportReceived(request.request_id, body),
    onSuccess: (received) =>
      client.setQueryData<CharityRequestItem[]>(queryKeys.charityRequests(charityUserId), (list) =>
        list?.map((item) => (item.request_id === request.request_id ? { ...item, received } : item)),
      ),
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    const input = {
      received_quantity: values.quantity === '' ? undefined : Number(values.quantity),
      received_weight_kg: values.weight === '' ? undefined : Number(values.weight),
      comment: values.comment.trim() === '' ? undefined : values.comment,
    };
    const checked = checkForm(ReceivedBody, input);
    if (checked.problems) {
      const { '': whole, ...fields } = checked.problems;
      setProblems(fields);
      setFormProblem(whole ? t('received.needOne') : null);
      return;
    }
    setProblems({});
    setFormProblem(null);
    report.mutate(checked.body);
  }

  const reason = report.error instanceof ApiError && report.error.body ? serverMessage(report.error.message) : null;
  return (
    <form onSubmit={submit} aria-labelledby={headingId} noValidate data-testid="received-form" className="flex flex-col gap-3 rounded-lg border border-stone-200 p-3">
      <h3 id={headingId} className="font-semibold text-stone-900">
        {t('received.heading')}
      </h3>
      <div className="grid grid-cols-2 gap-3">
        <FormField
          label={t('received.quantity')}
          name="received_quantity"
          type="number"
          inputMode="numeric"
          min={0}
          step={1}
          data-testid="received-quantity"
          error={fieldMessage(problems.received_quantity)}
          value={values.quantity}
          onChange={(event) => setValues({ ...values, quantity: event.target.value })}
        />
        <FormField
          label={t('received.weight')}
          name="received_weight_kg"
          type="number"
          inputMode="decimal"
          min={0}
          step={0.1}
          data-testid="received-weight"
          error={fieldMessage(problems.received_weight_kg)}
          value={values.weight}
          onChange={(event) => setValues({ ...values, weight: event.target.value })}
        />
      </div>
      <FormField
        label={t('received.comment')}
        name="comment"
        maxLength={LIMITS.commentMaxLength}
        data-testid="received-comment"
        error={fieldMessage(problems.comment)}
        value={values.comment}
        onChange={(event) => setValues({ ...values, comment: event.target.value })}
      />
      <div role="alert" className="text-sm text-red-700">
        {formProblem}
        {report.isError ? (
          <>
            {t('received.error')} {reason}
          </>
        ) : null}
      </div>
      <button
        type="submit"
        data-testid="received-submit"
        disabled={report.isPending}
        className="min-h-11 self-start rounded-lg bg-green-700 px-4 py-2 font-semibold text-white hover:bg-green-800 disabled:opacity-60"
      >
        {report.isPending ? t('received.submitting') : t('received.submit')}
      </button>
    </form>
  );
}
