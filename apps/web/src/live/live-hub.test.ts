import type { AnyEventEnvelope } from '@food-link/contracts';
import { closeByServer, deliverLiveBatch, deliverLiveEvent, deliverOpsEvent, sentByClient, setLiveConnection } from '../test/fake-socket';
import { failedJob, opsEvent, opsSnapshot } from '../test/ops-test-utils';
import { LiveHub } from './live-hub';
import { foodItem } from '../test/test-utils';

vi.mock('socket.io-client', () => import('../test/fake-socket'));

const listed = (id: string, foodId = 1): AnyEventEnvelope => ({
  id,
  type: 'food.listed',
  occurredAt: '2026-11-22T10:00:00.000Z',
  data: {
    foodId,
    food: foodItem({ id: foodId, food_name: 'Ful', quantity: 3, description: 'Pots', expiration_date: '2026-11-23' }),
  },
});

describe('LiveHub', () => {
  it('hands each event id to subscribers once, however often it arrives', () => {
    const hub = new LiveHub();
    const seen: string[] = [];
    hub.subscribe('food.listed', (event) => seen.push(event.id));
    hub.dispatch(listed('a'));
    hub.dispatch(listed('a'));
    hub.dispatch(listed('b'));
    expect(seen).toEqual(['a', 'b']);
  });

  it('delivers only the subscribed type, and stops after unsubscribing', () => {
    const hub = new LiveHub();
    const claimed: string[] = [];
    const stop = hub.subscribe('food.claimed', (event) => claimed.push(event.id));
    hub.dispatch(listed('x'));
    hub.dispatch({ id: 'c1', type: 'food.claimed', occurredAt: '2026-11-22T10:00:01.000Z', data: { foodId: 1, requestId: 9, governorate: null } });
    stop();
    hub.dispatch({ id: 'c2', type: 'food.claimed', occurredAt: '2026-11-22T10:00:02.000Z', data: { foodId: 2, requestId: 10, governorate: null } });
    expect(claimed).toEqual(['c1']);
  });
});

describe('LiveHub, closed by the server', () => {
  it("connects again with the same token when the server closed a signed-in socket (a member's role changed), not after a network drop", async () => {
    const hub = new LiveHub();
    await hub.connect('member-token');
    setLiveConnection(true);
    setLiveConnection(false);
    expect(closeByServer()).toEqual([1]);
    hub.disconnect();
  });

  it('leaves an anonymous socket closed by the server closed', async () => {
    const hub = new LiveHub();
    await hub.connect(null);
    expect(closeByServer()).toEqual([0]);
    hub.disconnect();
  });
});

describe('LiveHub, both message forms', () => {
  it('handles single and batched `events` messages alike: in order, each id once', async () => {
    const hub = new LiveHub();
    const seen: string[] = [];
    hub.subscribe('food.listed', (event) => seen.push(event.id));
    hub.subscribe('food.claimed', (event) => seen.push(event.id));
    await hub.connect(null);
    deliverLiveEvent(listed('a'));
    deliverLiveBatch([
      listed('b', 2),
      { id: 'c', type: 'food.claimed', occurredAt: '2026-11-22T10:00:01.000Z', data: { foodId: 2, requestId: 9, governorate: null } },
      listed('a'),
    ]);
    deliverLiveEvent(listed('b', 2));
    deliverLiveBatch([]);
    deliverLiveBatch([listed('d', 3)]);
    hub.disconnect();
    expect(seen).toEqual(['a', 'b', 'c', 'd']);
  });
});

describe('LiveHub, public topics', () => {
  const sent = () => sentByClient().map(({ event, args }) => `${event} ${(args[0] as string[]).join(',')}`);

  it('watches what the screens want once connected, and again after every reconnection', async () => {
    const hub = new LiveHub();
    const releaseCounters = hub.watch(['counters']);
    await hub.connect(null);
    expect(sent()).toEqual([]); // not connected yet: nothing to send
    setLiveConnection(true);
    expect(sent()).toEqual(['watch counters']);

    // A second screen on the board, then a third: the board is watched once.
    const releaseBoard = hub.watch(['board']);
    const releaseBoardAgain = hub.watch(['board']);
    expect(sent()).toEqual(['watch counters', 'watch board']);
    releaseBoard();
    releaseBoard(); // letting go twice counts once
    expect(sent()).toEqual(['watch counters', 'watch board']);
    releaseBoardAgain();
    expect(sent()).toEqual(['watch counters', 'watch board', 'unwatch board']);
    expect(hub.watching).toEqual(['counters']);

    // A new connection watches nothing until told: the hub asks again for what is still wanted.
    setLiveConnection(false);
    setLiveConnection(true);
    expect(sent()).toEqual(['watch counters', 'watch board', 'unwatch board', 'watch counters']);
    releaseCounters();
    expect(sent().at(-1)).toBe('unwatch counters');
    expect(hub.watching).toEqual([]);
    hub.disconnect();
  });

  it('sends nothing for a screen that watches no public topic', async () => {
    const hub = new LiveHub();
    await hub.connect('token-7');
    setLiveConnection(true);
    setLiveConnection(false);
    setLiveConnection(true);
    expect(sentByClient()).toEqual([]);
    hub.disconnect();
  });
});

describe('LiveHub, operator events', () => {
  it('hands every snapshot on, even one equal to the last', () => {
    const hub = new LiveHub();
    const seen: (number | null)[] = [];
    hub.subscribeOps('ops.snapshot', (snapshot) => seen.push(snapshot.sockets));
    const snapshot = opsSnapshot({ sockets: 4 });
    hub.dispatchOps('ops.snapshot', snapshot);
    hub.dispatchOps('ops.snapshot', snapshot);
    hub.dispatchOps('ops.snapshot', opsSnapshot({ sockets: 5 }));
    expect(seen).toEqual([4, 4, 5]);
  });

  it('hands each ops.event id on once, apart from the ids of the envelopes', () => {
    const hub = new LiveHub();
    const views: string[] = [];
    const envelopes: string[] = [];
    hub.subscribeOps('ops.event', (event) => views.push(event.id));
    hub.subscribe('food.listed', (event) => envelopes.push(event.id));
    // An operator receives each domain event twice: as its envelope and as its ops.event view.
    hub.dispatch(listed('a'));
    hub.dispatchOps('ops.event', opsEvent({ id: 'a' }));
    hub.dispatchOps('ops.event', opsEvent({ id: 'a' }));
    hub.dispatchOps('ops.event', opsEvent({ id: 'b' }));
    expect(views).toEqual(['a', 'b']);
    expect(envelopes).toEqual(['a']);
  });

  it('hands every job failure on, even a job failing again after a retry', () => {
    const hub = new LiveHub();
    const failures: string[] = [];
    hub.subscribeOps('ops.job.failed', (job) => failures.push(`${job.id}@${job.failedAt}`));
    hub.dispatchOps('ops.job.failed', failedJob({ id: 'j1', failedAt: '2026-11-22T10:00:00.000Z' }));
    hub.dispatchOps('ops.job.failed', failedJob({ id: 'j1', failedAt: '2026-11-22T10:05:00.000Z' }));
    expect(failures).toEqual(['j1@2026-11-22T10:00:00.000Z', 'j1@2026-11-22T10:05:00.000Z']);
  });

  it('delivers only the subscribed operator event, and stops after unsubscribing', () => {
    const hub = new LiveHub();
    const views: string[] = [];
    const stop = hub.subscribeOps('ops.event', (event) => views.push(event.id));
    hub.dispatchOps('ops.job.failed', failedJob());
    hub.dispatchOps('ops.event', opsEvent({ id: 'x' }));
    stop();
    hub.dispatchOps('ops.event', opsEvent({ id: 'y' }));
    expect(views).toEqual(['x']);
  });

  it('listens for the operator events on the socket it opens', async () => {
    const hub = new LiveHub();
    const snapshots: string[] = [];
    const views: string[] = [];
    const failures: string[] = [];
    const envelopes: string[] = [];
    hub.subscribeOps('ops.snapshot', (snapshot) => snapshots.push(snapshot.at));
    hub.subscribeOps('ops.event', (event) => views.push(event.id));
    hub.subscribeOps('ops.job.failed', (job) => failures.push(job.id));
    hub.subscribe('food.listed', (event) => envelopes.push(event.id));
    await hub.connect('token-1');
    // A subscriber that comes after the connection is listened for too.
    const late: string[] = [];
    hub.subscribeOps('ops.job.failed', (job) => late.push(job.id));

    deliverOpsEvent('ops.snapshot', opsSnapshot({ at: '2026-11-22T12:00:02.000Z' }));
    deliverOpsEvent('ops.event', opsEvent({ id: 'v1' }));
    deliverOpsEvent('ops.event', opsEvent({ id: 'v1' }));
    deliverOpsEvent('ops.job.failed', failedJob({ id: 'j1' }));
    deliverLiveEvent(listed('v1'));
    hub.disconnect();

    expect(snapshots).toEqual(['2026-11-22T12:00:02.000Z']);
    expect(views).toEqual(['v1']);
    expect(failures).toEqual(['j1']);
    expect(late).toEqual(['j1']);
    expect(envelopes).toEqual(['v1']);
  });
});
