import { MarkTrust } from './change-announcements';
import type { ChangeMark } from './change-mark';

const mark = (last: string): ChangeMark => ({ last, snapshot: { xmin: 1n, xmax: 2n, xip: [] } });

describe('MarkTrust', () => {
  let clock = 0;
  const trust = () => new MarkTrust(250, () => clock);
  beforeEach(() => {
    clock = 1_000;
  });

  it('trusts nothing while the channel is not up', async () => {
    const t = trust();
    await t.read(async () => mark('a'));
    expect(t.current()).toBeUndefined();
  });

  it('trusts the last read while nothing is announced, for the trust period at most', async () => {
    const t = trust();
    t.listen();
    await t.read(async () => mark('a'));
    expect(t.current()).toEqual(mark('a'));
    clock += 249;
    expect(t.current()).toEqual(mark('a'));
    clock += 1;
    expect(t.current()).toBeUndefined();
  });

  it('forgets the mark on an announcement, and on losing the channel', async () => {
    const t = trust();
    t.listen();
    await t.read(async () => mark('a'));
    t.changed();
    expect(t.current()).toBeUndefined();
    await t.read(async () => mark('b'));
    t.deaf();
    expect(t.current()).toBeUndefined();
    await t.read(async () => mark('c'));
    expect(t.current()).toBeUndefined();
  });

  it('does not trust a read during which a change was announced or the channel went down', async () => {
    const t = trust();
    t.listen();
    await t.read(async () => {
      t.changed();
      return mark('a');
    });
    expect(t.current()).toBeUndefined();
    await t.read(async () => {
      t.deaf();
      t.listen();
      return mark('b');
    });
    expect(t.current()).toBeUndefined();
  });

  it('counts the trust period from when the read was issued', async () => {
    const t = trust();
    t.listen();
    await t.read(async () => {
      clock += 200;
      return mark('a');
    });
    clock += 50;
    expect(t.current()).toBeUndefined();
  });

  it('decides a turn of the event loop later, so an announcement already received goes first', async () => {
    const t = trust();
    t.listen();
    await t.read(async () => mark('a'));
    let reads = 0;
    const asked = t.mark(async () => {
      reads += 1;
      return mark('b');
    });
    t.changed(); // as if the announcement's socket event ran in the same poll, after the request's
    expect(await asked).toEqual(mark('b'));
    expect(reads).toBe(1);
    expect(await t.mark(async () => mark('c'))).toEqual(mark('c'));
  });
});
