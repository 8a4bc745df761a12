import { createContext, useContext, useEffect, useRef } from 'react';
import type { AnyEventEnvelope, DomainEventType } from '@food-link/contracts';
import type { LiveHub, WatchTopic } from './live-hub';

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

/**
 * Watches public topics while the component is mounted (the landing page `counters`, the charity area
 * `board`); without it a screen hears only the user's private events.
 */
export function useLiveTopics(...topics: WatchTopic[]): void {
  const hub = useContext(LiveContext);
  const key = topics.join(' ');
  useEffect(() => hub?.watch(key.split(' ') as WatchTopic[]), [hub, key]);
}
