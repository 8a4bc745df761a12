import { useId, type ReactNode } from 'react';

type OpsSectionProps = {
  title: string;
  /** Controls shown beside the title (filters, buttons). */
  tools?: ReactNode;
  children: ReactNode;
  className?: string;
  testId?: string;
};

/** One panel of the console: a titled region, so screen-reader users can jump between panels. */
export function OpsSection({ title, tools, children, className = '', testId }: OpsSectionProps) {
  const headingId = useId();
  return (
    <section
      aria-labelledby={headingId}
      data-testid={testId}
      className={`min-w-0 rounded-xl border border-stone-200 bg-white p-4 shadow-sm sm:p-5 ${className}`}
    >
      <div className="mb-3 flex flex-wrap items-center gap-3">
        <h2 id={headingId} className="me-auto text-lg font-semibold text-stone-900">
          {title}
        </h2>
        {tools}
      </div>
      {children}
    </section>
  );
}

/** A panel's note while its data is on the way, or why it is missing. */
export function PanelNote({ kind, children }: { kind: 'loading' | 'error' | 'empty'; children: ReactNode }) {
  if (kind === 'error') {
    return (
      <p role="alert" className="text-red-700">
        {children}
      </p>
    );
  }
  return (
    <p role={kind === 'loading' ? 'status' : undefined} className="text-stone-600">
      {children}
    </p>
  );
}
