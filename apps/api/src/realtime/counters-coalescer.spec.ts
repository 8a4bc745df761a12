import { jest } from '@jest/globals';
import type { EventEnvelope } from '@food-link/contracts';
import type { Server } from 'socket.io';
import { AppConfig } from '../config/app-config';
import { CountersCoalescer } from './counters-coalescer';

let sequence = 0;
const stats = (totalMeals: number, occurredAt = new Date(Date.UTC(2026, 0, 1, 0, 0, 0, totalMeals)).toISOString()): EventEnvelope<'stats.updated'> => ({
  id: `event-${++sequence}`,
  type: 'stats.updated',
  occurredAt,
  data: { totalMeals, totalCharities: 1, kg: totalMeals * 0.42, co2e_kg: totalMeals * 1.05, water_l: totalMeals * 79.8 },
});

describe('CountersCoalescer', () => {
  let sent: { room: string; event: string; totals: number }[];
  let coalescer: CountersCoalescer;

  beforeEach(() => {
    jest.useFakeTimers();
    sent = [];
    const server = {
      local: {
        to: (room: string) => ({
          emit: (event: string, envelope: EventEnvelope<'stats.updated'>) => sent.push({ room, event, totals: envelope.data.totalMeals }),
        }),
      },
    } as unknown as Server;
    coalescer = new CountersCoalescer(new AppConfig());
    coalescer.attach(server);
  });
  afterEach(() => {
    coalescer.onApplicationShutdown();
    jest.useRealTimers();
  });

  it('sends the first change at once, to the counters room', () => {
    coalescer.offer(stats(10));
    expect(sent).toEqual([{ room: 'topic:counters', event: 'stats.updated', totals: 10 }]);
  });

  it('turns a burst into one more message, one interval later, with the newest totals', () => {
    for (let total = 1; total <= 50; total++) coalescer.offer(stats(total));
    expect(sent.map((message) => message.totals)).toEqual([1]);
    jest.advanceTimersByTime(249);
    expect(sent).toHaveLength(1);
    jest.advanceTimersByTime(1);
    expect(sent.map((message) => message.totals)).toEqual([1, 50]);
    jest.advanceTimersByTime(10_000);
    expect(sent).toHaveLength(2);
  });

  it('never sends more than one message per interval under a steady stream', () => {
    for (let ms = 0; ms < 1000; ms += 10) {
      coalescer.offer(stats(ms + 1));
      jest.advanceTimersByTime(10);
    }
    jest.advanceTimersByTime(250);
    // 1,000 ms of changes every 10 ms: one at once, then one per 250 ms, the last the newest.
    expect(sent.length).toBeLessThanOrEqual(1000 / 250 + 1);
    expect(sent.at(-1)?.totals).toBe(991);
  });

  it('drops an older value that arrives late, and a repeat of the latest', () => {
    const newest = stats(30);
    coalescer.offer(stats(10));
    coalescer.offer(newest);
    coalescer.offer(stats(20)); // published late by a slower worker
    coalescer.offer(newest);
    jest.advanceTimersByTime(250);
    expect(sent.map((message) => message.totals)).toEqual([10, 30]);
    coalescer.offer(stats(25));
    coalescer.offer(newest);
    jest.advanceTimersByTime(1000);
    expect(sent.map((message) => message.totals)).toEqual([10, 30]);
  });

  it('sends nothing when nothing changed since the last message', () => {
    coalescer.offer(stats(1));
    jest.advanceTimersByTime(1000);
    expect(sent).toHaveLength(1);
    coalescer.offer(stats(2));
    expect(sent.map((message) => message.totals)).toEqual([1, 2]);
  });

  it('waits for a message to reach every watcher before the next; then sends only the newest', () => {
    let written: (() => void) | undefined;
    const pacer = { afterWritten: (callback: () => void) => (written = callback) };
    const server = {
      local: { to: (room: string) => ({ emit: (event: string, envelope: EventEnvelope<'stats.updated'>) => sent.push({ room, event, totals: envelope.data.totalMeals }) }) },
      sockets: { adapter: { pacer } },
    } as unknown as Server;
    const slow = new CountersCoalescer(new AppConfig());
    slow.attach(server);
    slow.offer(stats(1));
    for (let total = 2; total <= 9; total++) {
      jest.advanceTimersByTime(250);
      slow.offer(stats(total));
    }
    jest.advanceTimersByTime(5000);
    expect(sent.map((message) => message.totals)).toEqual([1]); // still being written
    written?.();
    expect(sent.map((message) => message.totals)).toEqual([1, 9]); // the interval is long past: at once, the newest
    written?.();
    jest.advanceTimersByTime(1000);
    expect(sent).toHaveLength(2);
    slow.onApplicationShutdown();
  });

  it('stretches the interval past COUNTERS_MESSAGES_PER_SECOND: 20,000 watchers at 40,000 a second get one message per 500 ms', () => {
    const watchers = new Set(Array.from({ length: 20_000 }, (_, i) => `socket-${i}`));
    const server = {
      local: { to: (room: string) => ({ emit: (event: string, envelope: EventEnvelope<'stats.updated'>) => sent.push({ room, event, totals: envelope.data.totalMeals }) }) },
      sockets: { adapter: { rooms: new Map([['topic:counters', watchers]]) } },
    } as unknown as Server;
    const crowd = new CountersCoalescer(Object.assign(new AppConfig(), { COUNTERS_MESSAGES_PER_SECOND: 40_000 }));
    crowd.attach(server);
    expect(crowd.currentIntervalMs).toBe(500);
    crowd.offer(stats(1));
    crowd.offer(stats(2));
    jest.advanceTimersByTime(499);
    expect(sent.map((message) => message.totals)).toEqual([1]);
    jest.advanceTimersByTime(1);
    expect(sent.map((message) => message.totals)).toEqual([1, 2]);
    // A small crowd keeps the contract's 250 ms.
    for (const id of [...watchers].slice(1000)) watchers.delete(id);
    expect(crowd.currentIntervalMs).toBe(250);
    crowd.onApplicationShutdown();
  });
});
