import { LIMITS, VerificationFields } from '@food-link/contracts';
import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/client';
import { checkForm, serverFieldProblems, useFieldMessage, type FieldProblems } from '../../components/check-form';
import { FormField } from '../../components/form-field';
import { formatNumber } from '../../i18n/format';
import { useServerMessage } from '../../i18n/server-message';
import { useSubmitVerification } from './use-charity-verification';

const FIELDS = ['moss_number', 'address', 'contact_phone', 'document'] as const;
/** What the server accepts, by content; the picker offers the same kinds. */
const DOCUMENT_ACCEPT = 'application/pdf,image/jpeg,image/png,image/webp';
const MAX_MB = LIMITS.documentMaxBytes / (1024 * 1024);

const button =
  'min-h-11 rounded-lg px-4 py-2 font-semibold focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-green-800 disabled:opacity-60';

/** The document's problem, if any, as far as the browser can tell (the server checks its content again). */
function documentProblem(file: File | null): 'documentMissing' | 'documentType' | 'documentTooLarge' | null {
  if (!file) return 'documentMissing';
  if (file.type && !DOCUMENT_ACCEPT.split(',').includes(file.type)) return 'documentType';
  if (file.size > LIMITS.documentMaxBytes) return 'documentTooLarge';
  return null;
}

/**
 * The charity's registration for verification: its MoSS number, address, a contact phone and the
 * registration document. Checked with the API's own shape first (VerificationFields); the server's 400
 * lines are shown beside their fields, a 413 beside the document.
 */
export function VerificationForm({ resubmit, onSent }: { resubmit: boolean; onSent: () => void }) {
  const { t, i18n } = useTranslation('verification');
  const fieldMessage = useFieldMessage();
  const serverMessage = useServerMessage();
  const submit = useSubmitVerification();
  const formRef = useRef<HTMLFormElement>(null);
  const [values, setValues] = useState({ moss_number: '', address: '', contact_phone: '' });
  const [document, setDocument] = useState<File | null>(null);
  const [problems, setProblems] = useState<FieldProblems>({});
  const [general, setGeneral] = useState<string | null>(null);
  const max = formatNumber(MAX_MB, i18n.language);
  const set = (field: keyof typeof values, value: string) => setValues((current) => ({ ...current, [field]: value }));

  const focusFirst = (found: FieldProblems) => {
    const first = FIELDS.find((field) => found[field]);
    (formRef.current?.querySelector(`[name="${first}"]`) as HTMLElement | null)?.focus();
  };

  function send(event: FormEvent) {
    event.preventDefault();
    const checked = checkForm(VerificationFields, values);
    const fileProblem = documentProblem(document);
    const found: FieldProblems = { ...checked.problems };
    if (fileProblem) found.document = t(`form.${fileProblem}`, { max });
    if (!checked.body || fileProblem || !document) {
      setProblems(found);
      setGeneral(null);
      focusFirst(found);
      return;
    }
    setProblems({});
    setGeneral(null);
    submit.mutate(
      { ...checked.body, document },
      {
        onSuccess: onSent,
        onError: (error) => {
          if (error instanceof ApiError && error.status === 413) {
            setProblems({ document: t('form.documentTooLarge', { max }) });
            focusFirst({ document: 'x' });
            return;
          }
          const { problems: fromServer, rest } = serverFieldProblems(error, FIELDS);
          setProblems(fromServer);
          focusFirst(fromServer);
          const said = error instanceof ApiError && error.body && error.status !== 400 ? serverMessage(error.message) : null;
          setGeneral(rest.length > 0 ? rest.map(serverMessage).join(' ') : Object.keys(fromServer).length > 0 ? null : (said ?? t('form.error')));
        },
      },
    );
  }

  return (
    <form ref={formRef} onSubmit={send} noValidate data-testid="verification-form" className="mt-6 flex flex-col gap-4 rounded-xl border border-stone-200 bg-white p-4 shadow-sm">
      <h2 className="text-lg font-semibold text-stone-900">{t(resubmit ? 'form.resubmitHeading' : 'form.heading')}</h2>
      <FormField
        label={t('form.moss')}
        name="moss_number"
        required
        dir="ltr"
        autoComplete="off"
        hint={t('form.mossHint')}
        value={values.moss_number}
        onChange={(e) => set('moss_number', e.target.value)}
        error={fieldMessage(problems.moss_number)}
      />
      <FormField
        label={t('form.address')}
        name="address"
        required
        dir="auto"
        autoComplete="street-address"
        value={values.address}
        onChange={(e) => set('address', e.target.value)}
        error={fieldMessage(problems.address)}
      />
      <FormField
        label={t('form.phone')}
        name="contact_phone"
        required
        type="tel"
        inputMode="tel"
        autoComplete="tel"
        dir="ltr"
        hint={t('form.phoneHint')}
        value={values.contact_phone}
        onChange={(e) => set('contact_phone', e.target.value)}
        error={fieldMessage(problems.contact_phone)}
      />
      <FormField
        label={t('form.document')}
        name="document"
        required
        type="file"
        accept={DOCUMENT_ACCEPT}
        hint={t('form.documentHint', { max })}
        onChange={(e) => setDocument(e.target.files?.[0] ?? null)}
        error={problems.document === undefined ? undefined : (fieldMessage(problems.document) ?? problems.document)}
      />
      <p role="alert" className="text-sm text-red-700">
        {general}
      </p>
      <div className="flex flex-wrap items-center gap-3">
        <button type="submit" data-testid="verification-submit" disabled={submit.isPending} className={`${button} bg-green-700 text-white hover:bg-green-800`}>
          {submit.isPending ? t('form.submitting') : t('form.submit')}
        </button>
      </div>
    </form>
  );
}
