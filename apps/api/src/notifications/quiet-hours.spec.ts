import { quietUntil } from './quiet-hours';

// 2026-01-15 is in winter: Cairo is UTC+2.
const cairo = (clock: string) => new Date(`2026-01-15T${clock}+02:00`);

describe('quietUntil', () => {
  it('is null without quiet hours or outside them', () => {
    expect(quietUntil(cairo('12:00:00'), null)).toBeNull();
    expect(quietUntil(cairo('12:00:00'), { start: '22:00', end: '07:00' })).toBeNull();
    expect(quietUntil(cairo('07:00:00'), { start: '22:00', end: '07:00' })).toBeNull();
    expect(quietUntil(cairo('14:00:00'), { start: '13:00', end: '14:00' })).toBeNull();
  });

  it('gives the end of a window that spans midnight, before and after midnight', () => {
    expect(quietUntil(cairo('23:30:00'), { start: '22:00', end: '07:00' })).toEqual(new Date('2026-01-16T07:00:00+02:00'));
    expect(quietUntil(cairo('02:15:30'), { start: '22:00', end: '07:00' })).toEqual(cairo('07:00:00'));
    expect(quietUntil(cairo('22:00:00'), { start: '22:00', end: '07:00' })).toEqual(new Date('2026-01-16T07:00:00+02:00'));
  });

  it('gives the end of a window within one day, to the second', () => {
    expect(quietUntil(cairo('13:20:10.250'), { start: '13:00', end: '14:00' })).toEqual(cairo('14:00:00'));
    expect(quietUntil(cairo('13:20:10'), { start: '13:20:00', end: '13:20:18' })).toEqual(cairo('13:20:18'));
  });
});
