import { createContext, useContext, useEffect, useRef } from 'react';
import type { AnyEventEnvelope, DomainEventType } from '@food-link/contracts';
import type { LiveHub } from './live-hub';

export const LiveContext = createContext<LiveHub | null>(null);

/** Runs `handler` for each new event of `type` while the component is mounted. */
export function useLiveEvent<T extends DomainEventType>(
  type: T,
  handler: (event: Extract<AnyEventEnvelope, { type: T }>) => void,
): void {
  const hub = useContext(LiveContext);
  const latest = useRef(handler);
  useEffect(() => {
    latest.current = handler;
  });
  useEffect(() => hub?.subscribe(type, (event) => latest.current(event)), [hub, type]);
}
