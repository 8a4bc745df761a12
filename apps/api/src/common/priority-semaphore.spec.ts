import { PrioritySemaphore } from './priority-semaphore';

describe('PrioritySemaphore', () => {
  const deferred = () => {
    let resolve!: () => void;
    const promise = new Promise<void>((done) => (resolve = done));
    return { promise, resolve };
  };

  it('runs at most `limit` tasks at once', async () => {
    const slots = new PrioritySemaphore(2);
    const gates = Array.from({ length: 5 }, deferred);
    const started: number[] = [];
    const runs = gates.map((gate, index) =>
      slots.run(1, async () => {
        started.push(index);
        await gate.promise;
      }),
    );
    await new Promise((resolve) => setImmediate(resolve));
    expect(started).toEqual([0, 1]);
    expect(slots.running).toBe(2);
    expect(slots.queued).toBe(3);
    gates.forEach((gate) => gate.resolve());
    await Promise.all(runs);
    expect(started).toEqual([0, 1, 2, 3, 4]);
    expect(slots.mostRunning).toBe(2);
    expect(slots.running).toBe(0);
  });

  it('starts waiting tasks of a lower number first, then in arrival order', async () => {
    const slots = new PrioritySemaphore(1);
    const first = deferred();
    const order: string[] = [];
    const runs = [
      slots.run(1, () => first.promise),
      slots.run(1, async () => void order.push('signup 1')),
      slots.run(1, async () => void order.push('signup 2')),
      slots.run(0, async () => void order.push('login')),
    ];
    first.resolve();
    await Promise.all(runs);
    expect(order).toEqual(['login', 'signup 1', 'signup 2']);
  });

  it('frees the slot when a task fails', async () => {
    const slots = new PrioritySemaphore(1);
    await expect(slots.run(0, () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    await expect(slots.run(0, async () => 'next')).resolves.toBe('next');
    expect(slots.running).toBe(0);
  });
});
