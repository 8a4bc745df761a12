import { LIMITS, ReceivedBody, type CharityRequestItem, type ReceivedReport } from '@food-link/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/client';
import { endpoints } from '../../api/endpoints';
import { queryKeys } from '../../api/query-keys';
import { checkForm, useFieldMessage, type FieldProblems } from '../../components/check-form';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { FormField } from '../../components/form-field';
import { useFormat } from '../../i18n/format';
import { useServerMessage } from '../../i18n/server-message';

const EMPTY = { quantity: '', weight: '', comment: '' };

/** The form's values from an earlier report, to correct it. */
function valuesOf(report: ReceivedReport | null | undefined) {
  if (!report) return EMPTY;
  return {
    quantity: report.received_quantity == null ? '' : String(report.received_quantity),
    weight: report.received_weight_kg == null ? '' : String(report.received_weight_kg),
    comment: report.comment ?? '',
  };
}

type ReceivedFormProps = {
  /** A charity's request, or a member's pickup (My pickups): what the form needs of either. */
  request: Pick<CharityRequestItem, 'request_id' | 'claimed_quantity' | 'unit' | 'received'>;
  /** The charity's requests list to update with the report; without it (My pickups), `onReported` says it was sent. */
  charityUserId?: number;
  onReported?: () => void;
  /** Set when correcting the report the charity sent (a new one replaces it). */
  onDone?: () => void;
};

/**
 * After a fulfilled pickup, the charity says what actually arrived (`POST /api/requests/{id}/received`):
 * a quantity (in the listing's unit), a weight or a comment, at least one. The donor's card shows it.
 * A quantity above what was handed over (this claim's quantity: partial claims) is asked about before it is sent (300 of 30 loaves is a typo more
 * often than a gift). With `onDone`, the form corrects the earlier report, starting from it.
 */
export function ReceivedForm({ request, charityUserId, onReported, onDone }: ReceivedFormProps) {
  const { t } = useTranslation('listing');
  const format = useFormat();
  const headingId = useId();
  const client = useQueryClient();
  const fieldMessage = useFieldMessage();
  const serverMessage = useServerMessage();
  const editing = onDone !== undefined;
  const [values, setValues] = useState(() => (editing ? valuesOf(request.received) : EMPTY));
  const [problems, setProblems] = useState<FieldProblems>({});
  const [formProblem, setFormProblem] = useState<string | null>(null);
  const [askAbout, setAskAbout] = useState<ReceivedBody | null>(null);
  const unit = t(`unit.${request.unit}`);
  const report = useMutation({
    mutationFn: (body: ReceivedBody) => endpoints.reportReceived(request.request_id, body),
    onSuccess: (received) => {
      if (charityUserId !== undefined) {
        client.setQueryData<CharityRequestItem[]>(queryKeys.charityRequests(charityUserId), (list) =>
          list?.map((item) => (item.request_id === request.request_id ? { ...item, received } : item)),
        );
      }
      onReported?.();
      onDone?.();
    },
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
    const more = checked.body.received_quantity != null && checked.body.received_quantity > request.claimed_quantity;
    if (more) setAskAbout(checked.body);
    else report.mutate(checked.body);
  }

  const reason = report.error instanceof ApiError && report.error.body ? serverMessage(report.error.message) : null;
  return (
    <form onSubmit={submit} aria-labelledby={headingId} noValidate data-testid="received-form" className="flex flex-col gap-3 rounded-lg border border-stone-200 p-3">
      <h3 id={headingId} className="font-semibold text-stone-900">
        {editing ? t('received.editHeading') : t('received.heading')}
      </h3>
      <div className="grid grid-cols-2 gap-3">
        <FormField
          label={t('received.quantityIn', { unit })}
          hint={t('received.handedOver', { quantity: format.number(request.claimed_quantity), unit })}
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
      <div className="flex flex-wrap gap-2">
        <button
          type="submit"
          data-testid="received-submit"
          disabled={report.isPending}
          className="min-h-11 rounded-lg bg-green-700 px-4 py-2 font-semibold text-white hover:bg-green-800 disabled:opacity-60"
        >
          {report.isPending ? t('received.submitting') : editing ? t('received.submitCorrection') : t('received.submit')}
        </button>
        {editing && (
          <button type="button" onClick={onDone} className="min-h-11 rounded-lg border border-stone-300 px-4 py-2 font-semibold text-stone-800 hover:bg-stone-100">
            {t('received.keepReport')}
          </button>
        )}
      </div>
      <ConfirmDialog
        request={
          askAbout
            ? {
                title: t('received.moreTitle'),
                body: t('received.moreBody', {
                  reported: format.number(askAbout.received_quantity ?? 0),
                  quantity: format.number(request.claimed_quantity),
                  unit,
                }),
                confirmLabel: t('received.moreConfirm', { reported: format.number(askAbout.received_quantity ?? 0) }),
                tone: 'primary',
              }
            : null
        }
        cancelLabel={t('received.moreFix')}
        onCancel={() => setAskAbout(null)}
        onConfirm={() => {
          const body = askAbout;
          setAskAbout(null);
          if (body) report.mutate(body);
        }}
      />
    </form>
  );
}
