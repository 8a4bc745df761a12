import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/client';
import { opsEndpoints } from '../../api/ops-endpoints';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { FormField } from '../../components/form-field';
import { saveJson } from '../../components/save-json';
import { useReportOpsError } from './ops-access';
import { OpsSection } from './ops-section';

type Outcome = { kind: 'downloaded' | 'deleted' | 'notFound' | 'operator' | 'error'; id: number };

const buttonClass =
  'rounded-lg px-4 py-2 font-semibold focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-green-800 disabled:cursor-not-allowed disabled:opacity-60';

/** The outcome a refused call stands for (the console's own refusal handling has seen 401 and 403). */
function failureOf(error: unknown, id: number): Outcome {
  if (error instanceof ApiError && error.status === 404) return { kind: 'notFound', id };
  if (error instanceof ApiError && error.status === 409) return { kind: 'operator', id };
  return { kind: 'error', id };
}

/** A user's request about their personal data, carried out by an operator: export, or delete (confirmed). */
export function PersonalDataSection() {
  const { t } = useTranslation('ops');
  const report = useReportOpsError();
  const [text, setText] = useState('');
  const [asking, setAsking] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const id = /^[1-9]\d{0,9}$/.test(text.trim()) ? Number(text.trim()) : null;

  const download = useMutation({
    mutationFn: (userId: number) => opsEndpoints.exportUser(userId),
    onSuccess: (data, userId) => {
      saveJson(data, `foodlink-data-${userId}.json`);
      setOutcome({ kind: 'downloaded', id: userId });
    },
    onError: (error, userId) => {
      report(error);
      setOutcome(failureOf(error, userId));
    },
  });
  const remove = useMutation({
    mutationFn: (userId: number) => opsEndpoints.deleteUser(userId),
    onSuccess: (_data, userId) => setOutcome({ kind: 'deleted', id: userId }),
    onError: (error, userId) => {
      report(error);
      setOutcome(failureOf(error, userId));
    },
  });
  const busy = download.isPending || remove.isPending;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (id !== null) download.mutate(id);
  };

  return (
    <OpsSection title={t('personalData.heading')} testId="ops-personal-data">
      <p className="mb-3 text-sm text-stone-600">{t('personalData.intro')}</p>
      <form onSubmit={submit} className="flex flex-wrap items-end gap-3">
        <FormField
          label={t('personalData.userId')}
          name="userId"
          inputMode="numeric"
          value={text}
          onChange={(event) => setText(event.target.value)}
          className="flex w-40 flex-col gap-1"
        />
        <button type="submit" disabled={id === null || busy} className={`${buttonClass} border border-green-700 text-green-800 hover:bg-green-50`}>
          {t('personalData.download')}
        </button>
        <button
          type="button"
          disabled={id === null || busy}
          onClick={() => setAsking(true)}
          className={`${buttonClass} border border-red-700 text-red-700 hover:bg-red-50`}
        >
          {t('personalData.delete')}
        </button>
      </form>
      {outcome && (
        <p role={outcome.kind === 'downloaded' || outcome.kind === 'deleted' ? 'status' : 'alert'} className="mt-3 text-sm text-stone-800">
          {t(`personalData.${outcome.kind}`, { id: outcome.id })}
        </p>
      )}
      {/* Mounted only while asking: the console's other dialog is the one its tests and e2e find by test id. */}
      {asking && id !== null && (
        <ConfirmDialog
          request={{ title: t('personalData.confirm.title', { id }), body: t('personalData.confirm.body'), confirmLabel: t('personalData.confirm.confirm') }}
          cancelLabel={t('confirm.cancel')}
          onConfirm={() => {
            setAsking(false);
            remove.mutate(id);
          }}
          onCancel={() => setAsking(false)}
        />
      )}
    </OpsSection>
  );
}
