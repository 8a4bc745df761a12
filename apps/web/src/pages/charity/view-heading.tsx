import { useEffect, useRef, type ReactNode } from 'react';

/**
 * A view's title. When the reader switched views, focus moves here, so keyboard and screen-reader users
 * start at the top of what they asked for instead of on a button that may have gone.
 */
export function ViewHeading({ children, focus }: { children: ReactNode; focus: boolean }) {
  const ref = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (focus) ref.current?.focus();
  }, [focus]);
  return (
    <h1 ref={ref} tabIndex={-1} className="mb-5 text-2xl font-bold text-stone-900 focus:outline-none">
      {children}
    </h1>
  );
}
