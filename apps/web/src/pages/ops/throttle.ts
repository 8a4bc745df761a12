import { useCallback, useEffect, useRef } from 'react';

/**
 * Runs `run` at most once per `intervalMs`: the first call at once, later calls within the interval as
 * one trailing run at its end, so the last change is never missed.
 */
export function createThrottle(run: () => void, intervalMs: number) {
  let lastRun = -Infinity;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const fire = () => {
    timer = undefined;
    lastRun = Date.now();
    run();
  };
  return {
    call(): void {
      if (timer !== undefined) return;
      const wait = lastRun + intervalMs - Date.now();
      if (wait <= 0) fire();
      else timer = setTimeout(fire, wait);
    },
    cancel(): void {
      clearTimeout(timer);
      timer = undefined;
    },
  };
}

/** A throttled `run` for the component's lifetime; a pending trailing run is dropped on unmount. */
export function useThrottle(run: () => void, intervalMs: number): () => void {
  const latest = useRef(run);
  const throttle = useRef<ReturnType<typeof createThrottle> | null>(null);
  useEffect(() => {
    latest.current = run;
  });
  useEffect(() => {
    const created = createThrottle(() => latest.current(), intervalMs);
    throttle.current = created;
    return () => {
      created.cancel();
      throttle.current = null;
    };
  }, [intervalMs]);
  return useCallback(() => throttle.current?.call(), []);
}
