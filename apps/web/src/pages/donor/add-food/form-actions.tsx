import { useTranslation } from 'react-i18next';

type FormActionsProps = {
  /** Editing an item (Save and Cancel) rather than listing new food (Add). */
  editing: boolean;
  /** The write's state: refused, waiting for the connection, or under way. */
  failed: boolean;
  paused: boolean;
  pending: boolean;
  onCancel?: () => void;
};

/** The end of the listing form: the write's failure or wait, and its buttons. */
export function FormActions({ editing, failed, paused, pending, onCancel }: FormActionsProps) {
  const { t } = useTranslation('donor');
  const { t: tl } = useTranslation('listing');
  return (
    <>
      <p role="alert" className="min-h-5 text-sm text-red-700">
        {failed ? (editing ? tl('form.editError') : t('form.error')) : null}
      </p>
      {/* Offline, the write waits (react-query pauses it) and goes once the connection is back. */}
      {paused && (
        <p role="status" data-testid="food-offline" className="text-sm font-semibold text-amber-900">
          {t('form.offline')}
        </p>
      )}
      <div className="flex flex-wrap gap-3">
        <button
          type="submit"
          disabled={pending}
          className="rounded-lg bg-green-700 px-4 py-2 font-semibold text-white hover:bg-green-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-green-800 disabled:cursor-not-allowed disabled:opacity-60"
        >
          {editing ? (pending ? tl('form.saving') : tl('form.save')) : pending ? t('form.submitting') : t('form.submit')}
        </button>
        {editing && (
          <button type="button" onClick={onCancel} className="rounded-lg border border-stone-300 px-4 py-2 font-semibold text-stone-800 hover:bg-stone-100">
            {tl('form.cancel')}
          </button>
        )}
      </div>
    </>
  );
}
