import { useId, type InputHTMLAttributes } from 'react';

export interface FormFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> {
  label: string;
  name: string;
  /** A message shown under the field; it also marks the input invalid for screen readers. */
  error?: string;
  /** A short help text, read together with the label. */
  hint?: string;
  id?: string;
  /** Classes for the wrapper around label, input and messages (the input keeps its own look). */
  className?: string;
}

/** A labelled input: label tied by htmlFor/id, error and hint tied by aria-describedby. */
export function FormField({ label, name, error, hint, id, className, ...inputProps }: FormFieldProps) {
  const generated = useId();
  const inputId = id ?? `${name}-${generated}`;
  const hintId = hint ? `${inputId}-hint` : undefined;
  const errorId = error ? `${inputId}-error` : undefined;
  const describedBy = [hintId, errorId, inputProps['aria-describedby']].filter(Boolean).join(' ') || undefined;

  return (
    <div className={className ?? 'flex flex-col gap-1'}>
      <span className="flex gap-0.5 text-sm font-medium text-stone-800">
        <label htmlFor={inputId}>{label}</label>
        {/* Screen readers hear "required" from the input itself; the star is for the eye. */}
        {inputProps.required ? (
          <span aria-hidden="true" className="text-red-700">
            *
          </span>
        ) : null}
      </span>
      <input
        {...inputProps}
        id={inputId}
        name={name}
        aria-invalid={error ? true : inputProps['aria-invalid']}
        aria-describedby={describedBy}
        className={`rounded-lg border bg-white px-3 py-2 text-stone-900 shadow-sm outline-none transition focus-visible:ring-2 focus-visible:ring-green-600 focus-visible:ring-offset-1 disabled:bg-stone-100 ${
          error ? 'border-red-600' : 'border-stone-300 focus:border-green-600'
        }`}
      />
      {hint ? (
        <p id={hintId} className="text-xs text-stone-600">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className="text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}
