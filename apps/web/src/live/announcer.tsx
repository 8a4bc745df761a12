import { createContext, useCallback, useContext, useEffect, useRef, useState, type ReactNode } from 'react';

interface Notice {
  id: number;
  text: string;
}

const AnnounceContext = createContext<(text: string) => void>(() => undefined);

/** How long a notice stays on screen. */
const NOTICE_MS = 5000;

/**
 * Gentle notices for changes made elsewhere: a small toast, also read out by screen readers through a
 * polite live region.
 */
export function AnnouncerProvider({ children }: { children: ReactNode }) {
  const [notices, setNotices] = useState<Notice[]>([]);
  const nextId = useRef(0);
  const timers = useRef(new Set<ReturnType<typeof setTimeout>>());

  const announce = useCallback((text: string) => {
    const id = (nextId.current += 1);
    setNotices((current) => [...current.slice(-2), { id, text }]);
    const timer = setTimeout(() => {
      timers.current.delete(timer);
      setNotices((current) => current.filter((notice) => notice.id !== id));
    }, NOTICE_MS);
    timers.current.add(timer);
  }, []);

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
        className="pointer-events-none fixed inset-x-0 bottom-4 z-50 flex flex-col items-center gap-2 px-4"
      >
        {notices.map((notice) => (
          <p key={notice.id} className="rounded-lg bg-stone-900/90 px-4 py-2 text-sm text-white shadow-lg">
            {notice.text}
          </p>
        ))}
      </div>
    </AnnounceContext.Provider>
  );
}

export function useAnnounce(): (text: string) => void {
  return useContext(AnnounceContext);
}
