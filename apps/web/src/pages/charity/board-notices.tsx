import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** A phone: below Tailwind's `sm` (40rem), where the notices would push the first food below the fold. */
function onPhone(): boolean {
  return typeof window.matchMedia === 'function' && !window.matchMedia('(min-width: 40rem)').matches;
}

/**
 * The board's notices about the charity itself (its profile, its verification): open on a wider screen;
 * on a phone folded into one line the charity opens when it wants to, so the first food is in sight
 * without scrolling. With no notice to show (each returns null), nothing is shown.
 */
export function BoardNotices({ children }: { children: ReactNode }) {
  const { t } = useTranslation('charity');
  const [open, setOpen] = useState(() => !onPhone());
  return (
    <details
      open={open}
      onToggle={(event) => setOpen(event.currentTarget.open)}
      data-testid="board-notices"
      className="mb-5 [&:not(:has(>div>div))]:hidden"
    >
      <summary className="list-item min-h-11 cursor-pointer rounded-xl py-2.5 border border-amber-300 bg-amber-50 px-4 font-semibold text-stone-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-green-800 sm:hidden">
        {t('notices.summary')}
      </summary>
      <div className="mt-3 flex flex-col sm:mt-0 [&>div:last-child]:mb-0">{children}</div>
    </details>
  );
}
