import { useId, type ReactNode } from 'react';

export type CheckboxOption = { value: string; label: string };

type CheckboxGroupProps = {
  name: string;
  legend: string;
  hint?: string;
  options: readonly CheckboxOption[];
  selected: readonly string[];
  onChange: (selected: string[]) => void;
  error?: string;
  /** Options not to show now (a filter), kept chosen all the same. */
  hidden?: ReadonlySet<string>;
  /** Shown between the hint and the boxes (a filter, a count). */
  children?: ReactNode;
  /** The grid's column classes: one column on a phone unless told otherwise. */
  columns?: string;
};

/**
 * A choice of several values as checkboxes in a fieldset: on a phone each box and its label is a 44 px
 * row, easier to hit than a multiple <select>, and each option is read with the group's legend. The
 * chosen values keep the options' order, whatever order they were ticked in.
 */
export function CheckboxGroup({ name, legend, hint, options, selected, onChange, error, hidden, children, columns = 'grid-cols-1 sm:grid-cols-2' }: CheckboxGroupProps) {
  const id = useId();
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const chosen = new Set(selected);
  const toggle = (value: string, on: boolean) => {
    const next = new Set(chosen);
    if (on) next.add(value);
    else next.delete(value);
    onChange(options.map((option) => option.value).filter((value) => next.has(value)));
  };
  return (
    <fieldset
      data-testid={`${name}-group`}
      aria-describedby={[hintId, errorId].filter(Boolean).join(' ') || undefined}
      // min-w-0: a fieldset is as wide as its content's widest line by default, which pushed the Arabic
      // governorates past a 390 px phone.
      className={`min-w-0 rounded-xl border bg-white p-4 ${error ? 'border-red-600' : 'border-stone-200'}`}
    >
      <legend className="px-1 font-semibold text-stone-900">{legend}</legend>
      {hint && (
        <p id={hintId} className="mb-2 text-sm text-stone-600">
          {hint}
        </p>
      )}
      {children}
      <ul className={`grid gap-x-4 ${columns}`}>
        {options.map((option) => (
          <li key={option.value} hidden={hidden?.has(option.value) && !chosen.has(option.value)}>
            <label className="flex min-h-11 items-center gap-3 text-stone-800">
              <input
                type="checkbox"
                name={name}
                value={option.value}
                checked={chosen.has(option.value)}
                onChange={(event) => toggle(option.value, event.target.checked)}
                className="size-5 shrink-0 accent-green-700"
              />
              {option.label}
            </label>
          </li>
        ))}
      </ul>
      {error && (
        <p id={errorId} className="mt-1 text-sm text-red-700">
          {error}
        </p>
      )}
    </fieldset>
  );
}
