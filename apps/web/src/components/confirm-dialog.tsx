import { useEffect, useId, useRef } from 'react';

export interface ConfirmRequest {
  title: string;
  body: string;
  confirmLabel: string;
  /** 'danger' (the default) for an action that takes something away; 'primary' for one that completes something. */
  tone?: 'danger' | 'primary';
}

type ConfirmDialogProps = {
  /** What to ask; null keeps the dialog closed. */
  request: ConfirmRequest | null;
  cancelLabel: string;
  onConfirm: () => void;
  onCancel: () => void;
};

const buttonClass =
  'rounded-lg px-4 py-2 font-semibold focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-green-800';

/**
 * A modal question before an action that cannot be taken back. The native <dialog> keeps focus inside
 * while open, closes on Escape (which counts as Cancel) and hands focus back when it closes. Cancel takes
 * focus first, so a stray Enter does nothing harmful.
 */
export function ConfirmDialog({ request, cancelLabel, onConfirm, onCancel }: ConfirmDialogProps) {
  const dialog = useRef<HTMLDialogElement>(null);
  const cancel = useRef<HTMLButtonElement>(null);
  const titleId = useId();
  const bodyId = useId();

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (request && !element.open) {
      element.showModal();
      cancel.current?.focus();
    } else if (!request && element.open) {
      element.close();
    }
  }, [request]);

  return (
    <dialog
      ref={dialog}
      aria-labelledby={titleId}
      aria-describedby={bodyId}
      data-testid="ops-confirm-dialog"
      // Escape, or closing by any other way than the buttons, is a Cancel.
      onClose={() => {
        if (request) onCancel();
      }}
      className="m-auto w-[min(32rem,calc(100%-2rem))] rounded-xl border border-stone-200 bg-white p-5 text-stone-900 shadow-xl backdrop:bg-stone-900/40"
    >
      {request && (
        <>
          <h2 id={titleId} className="mb-2 text-lg font-semibold">
            {request.title}
          </h2>
          <p id={bodyId} className="mb-5 wrap-anywhere text-stone-700">
            {request.body}
          </p>
          <div className="flex flex-wrap justify-end gap-3">
            <button
              ref={cancel}
              type="button"
              onClick={onCancel}
              className={`${buttonClass} border border-stone-300 text-stone-800 hover:bg-stone-100`}
            >
              {cancelLabel}
            </button>
            <button
              type="button"
              data-testid="ops-confirm"
              onClick={onConfirm}
              className={`${buttonClass} ${request.tone === 'primary' ? 'bg-green-700 hover:bg-green-800' : 'bg-red-700 hover:bg-red-800'} text-white`}
            >
              {request.confirmLabel}
            </button>
          </div>
        </>
      )}
    </dialog>
  );
}
