import type { Socket } from 'socket.io';
import { BroadcastPacer } from './paced-redis-adapter';

/** Stand-ins for sockets: each records what was written to it. */
function sockets(count: number): (Socket & { got: string[] })[] {
  return Array.from({ length: count }, (_, i) => ({ id: `s${i}`, got: [] as string[] }) as unknown as Socket & { got: string[] });
}

const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

async function drained(pacer: BroadcastPacer): Promise<void> {
  for (let turns = 0; pacer.pending > 0; turns++) {
    if (turns > 10_000) throw new Error('the pacer never drained');
    await nextTurn();
  }
}

describe('BroadcastPacer', () => {
  it('writes a broadcast that fits in a slice at once, as Socket.IO would', () => {
    const pacer = new BroadcastPacer({ sliceMs: 1000, checkEvery: 16 });
    const targets = sockets(100);
    pacer.send(() => targets, (socket) => (socket as (typeof targets)[number]).got.push('a'));
    expect(targets.every((socket) => socket.got.length === 1)).toBe(true);
    expect(pacer.counts).toMatchObject({ broadcasts: 1, deferred: 0, slices: 0 });
  });

  it('spreads a broadcast over turns of the event loop when it outlasts a slice', async () => {
    // A zero-length slice: one batch of checkEvery sockets per turn.
    const pacer = new BroadcastPacer({ sliceMs: 0, checkEvery: 10 });
    const targets = sockets(95);
    pacer.send(() => targets, (socket) => (socket as (typeof targets)[number]).got.push('a'));
    expect(targets.filter((socket) => socket.got.length === 1)).toHaveLength(10);
    await nextTurn();
    expect(targets.filter((socket) => socket.got.length === 1)).toHaveLength(20);
    await drained(pacer);
    expect(targets.every((socket) => socket.got.length === 1)).toBe(true);
    expect(pacer.counts.slices).toBe(9);
  });

  it('keeps the order of broadcasts for every socket, however they are split', async () => {
    const pacer = new BroadcastPacer({ sliceMs: 0, checkEvery: 7 });
    const targets = sockets(50);
    const write = (message: string) => (socket: Socket) => (socket as (typeof targets)[number]).got.push(message);
    pacer.send(() => targets, write('1'));
    pacer.send(() => targets.slice(0, 3), write('2')); // small, but must wait behind the first
    pacer.send(() => targets.slice(40), write('3'));
    pacer.send(() => targets, write('4'));
    expect(targets[1].got).toEqual(['1']); // not '2' ahead of the rest of '1'
    await drained(pacer);
    expect(targets[0].got).toEqual(['1', '2', '4']);
    expect(targets[20].got).toEqual(['1', '4']);
    expect(targets[45].got).toEqual(['1', '3', '4']);
    expect(pacer.counts.deferred).toBe(4);
  });

  it('calls afterWritten back once every broadcast sent before it is written, at once when none waits', async () => {
    const pacer = new BroadcastPacer({ sliceMs: 0, checkEvery: 10 });
    const targets = sockets(30);
    const calls: string[] = [];
    pacer.afterWritten(() => calls.push('idle'));
    expect(calls).toEqual(['idle']);
    pacer.send(() => targets, (socket) => (socket as (typeof targets)[number]).got.push('1'));
    pacer.afterWritten(() => calls.push(`after 1: ${targets.filter((socket) => socket.got.length === 1).length} written`));
    pacer.send(() => targets, (socket) => (socket as (typeof targets)[number]).got.push('2'));
    pacer.afterWritten(() => calls.push(`after 2: ${targets.filter((socket) => socket.got.length === 2).length} written`));
    expect(calls).toEqual(['idle']);
    await drained(pacer);
    expect(calls).toEqual(['idle', 'after 1: 30 written', 'after 2: 30 written']);
  });

  it('goes on to the other sockets when writing to one throws', async () => {
    const pacer = new BroadcastPacer({ sliceMs: 0, checkEvery: 4 });
    const targets = sockets(12);
    pacer.send(() => targets, (socket) => {
      if (socket.id === 's5') throw new Error('closing');
      (socket as (typeof targets)[number]).got.push('a');
    });
    await drained(pacer);
    expect(targets.filter((socket) => socket.got.length === 1)).toHaveLength(11);
    expect(pacer.counts.writeErrors).toBe(1);
  });

  it('says once when it falls behind, and once when it has caught up', async () => {
    const told: number[] = [];
    const pacer = new BroadcastPacer({ sliceMs: 0, checkEvery: 1, warnAtPending: 3 }, (pending) => told.push(pending));
    const targets = sockets(4);
    for (let i = 0; i < 6; i++) pacer.send(() => targets, () => undefined);
    expect(told).toEqual([4]);
    await drained(pacer);
    expect(told).toEqual([4, 0]);
  });

  it('asks a waiting broadcast for its sockets only when its turn comes', async () => {
    const pacer = new BroadcastPacer({ sliceMs: 0, checkEvery: 5 });
    const targets = sockets(20);
    const selected: string[] = [];
    pacer.send(() => (selected.push('first'), targets), () => undefined);
    pacer.send(() => (selected.push('second'), targets), () => undefined);
    expect(selected).toEqual(['first']);
    await drained(pacer);
    expect(selected).toEqual(['first', 'second']);
  });
});
