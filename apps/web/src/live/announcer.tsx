import { createContext, useCallback, useContext, useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

interface Notice {
  id: number;
  text: string;
  /** How many times this same notice came in while it was showing. */
  count: number;
}

const AnnounceContext = createContext<(text: string) => void>(() => undefined);

/** How long a notice stays on screen after it last came in. */
const NOTICE_MS = 5000;

/** At most this many different notices at once (on a phone, only the newest is shown). */
const MAX_NOTICES = 3;

/**
 * Gentle notices for changes made elsewhere: a small toast, also read out by screen readers through a
 * polite live region. A notice that is already showing is not stacked again: it counts the repeat and
 * stays a while longer.
 *
 * The toasts stick to the bottom of the window but sit after the page in its flow, so at the end of the
 * page they come below the last content instead of over it; on a phone only the newest shows, on one line.
 */
export function AnnouncerProvider({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const [notices, setNotices] = useState<Notice[]>([]);
  // The notices as last set, so a repeat can be recognised without side effects inside a state update.
  const shown = useRef<Notice[]>([]);
  const nextId = useRef(0);
  const timers = useRef(new Map<number, ReturnType<typeof setTimeout>>());

  const show = useCallback((next: Notice[]) => {
    shown.current = next;
    setNotices(next);
  }, []);

  const dismissLater = useCallback(
    (id: number) => {
      clearTimeout(timers.current.get(id));
      timers.current.set(
        id,
        setTimeout(() => {
          timers.current.delete(id);
          show(shown.current.filter((notice) => notice.id !== id));
        }, NOTICE_MS),
      );
    },
    [show],
  );

  const announce = useCallback(
    (text: string) => {
      const current = shown.current;
      const same = current.find((notice) => notice.text === text);
      if (same) {
        dismissLater(same.id);
        show([...current.filter((notice) => notice !== same), { ...same, count: same.count + 1 }]);
        return;
      }
      const id = (nextId.current += 1);
      dismissLater(id);
      show([...current.slice(-(MAX_NOTICES - 1)), { id, text, count: 1 }]);
    },
    [dismissLater, show],
  );

  useEffect(() => {
    const pending = timers.current;
    return () => pending.forEach(clearTimeout);
  }, []);

  return (
    <AnnounceContext.Provider value={announce}>
      {children}
      <div
        role="status"
        aria-live="polite"
        aria-label={t('notices.label')}
        data-testid="notices"
        className="pointer-events-none sticky bottom-0 z-50 flex flex-col items-center gap-2 px-4 [&:not(:empty)]:pb-4"
      >
        {notices.map((notice, index) => (
          <p
            key={notice.id}
            data-testid="notice"
            className={`${index < notices.length - 1 ? 'max-sm:hidden' : ''} max-w-full truncate rounded-lg bg-stone-900/90 px-4 py-2 text-sm text-white shadow-lg sm:whitespace-normal`}
          >
            {notice.count > 1 ? t('notices.repeated', { text: notice.text, count: notice.count }) : notice.text}
          </p>
        ))}
      </div>
    </AnnounceContext.Provider>
  );
}

export function useAnnounce(): (text: string) => void {
  return useContext(AnnounceContext);
}
