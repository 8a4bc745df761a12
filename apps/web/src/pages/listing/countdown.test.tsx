import { act, cleanup, render, screen } from '@testing-library/react';
import i18next from 'i18next';
import { Countdown } from './countdown';
import { cairoDateTime, cairoLocalToIso, cairoTime, isoToCairoLocal } from './cairo-time';

// 24 Nov 2026, 20:15 in Cairo (UTC+2).
const NOW = new Date('2026-11-24T18:15:00Z');

describe('the collection countdown', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date', 'setInterval', 'clearInterval'] });
    vi.setSystemTime(NOW);
  });
  afterEach(async () => {
    cleanup();
    vi.useRealTimers();
    await i18next.changeLanguage('en');
  });

  it('says "Collect by 11:00 pm tonight" on Cairo\'s clock, with the time left under six hours', () => {
    render(<Countdown until="2026-11-24T21:00:00Z" />);
    expect(screen.getByTestId('countdown')).toHaveTextContent('Collect by 11:00 pm tonight · in 2 h 45 min');
  });

  it('ticks: "in 45 min", amber, then over', () => {
    render(<Countdown until="2026-11-24T19:00:00Z" />);
    expect(screen.getByTestId('countdown')).toHaveTextContent('Collect by 9:00 pm tonight · in 45 min');
    expect(screen.getByTestId('countdown')).toHaveClass('text-amber-800');
    act(() => vi.advanceTimersByTime(15 * 60_000));
    expect(screen.getByTestId('countdown')).toHaveTextContent('in 30 min');
    act(() => vi.advanceTimersByTime(31 * 60_000));
    expect(screen.getByTestId('countdown')).toHaveTextContent('The pickup time is over');
  });

  it('says tomorrow, and when a window opens later', () => {
    render(<Countdown until="2026-11-25T08:00:00Z" from="2026-11-25T06:00:00Z" />);
    expect(screen.getByTestId('countdown')).toHaveTextContent('Collect by 10:00 am tomorrow');
    expect(screen.getByTestId('countdown')).toHaveTextContent('Opens at 8:00 am');
  });

  it('says midnight for the end of a day, never "12:00 am", in both languages', async () => {
    // 25 Nov 2026, 00:00 in Cairo: the end of 24 Nov (a safe time at the end of its expiry day).
    render(<Countdown until="2026-11-24T22:00:00Z" />);
    expect(screen.getByTestId('countdown')).toHaveTextContent('Collect by midnight tonight · in 3 h 45 min');
    expect(screen.getByTestId('countdown')).not.toHaveTextContent('12:00');
    cleanup();
    render(<Countdown until="2026-11-27T22:00:00Z" />);
    expect(screen.getByTestId('countdown')).toHaveTextContent('Collect by 27 Nov 2026, midnight');
    cleanup();
    await i18next.changeLanguage('ar');
    render(<Countdown until="2026-11-24T22:00:00Z" />);
    expect(screen.getByTestId('countdown')).toHaveTextContent('استلم قبل منتصف هذه الليلة');
    cleanup();
    render(<Countdown until="2026-11-25T22:00:00Z" />);
    expect(screen.getByTestId('countdown')).toHaveTextContent('استلم قبل منتصف الليل غدًا');
  });

  it('speaks Arabic with Arabic digits', async () => {
    await i18next.changeLanguage('ar');
    render(<Countdown until="2026-11-24T19:00:00Z" />);
    expect(screen.getByTestId('countdown')).toHaveTextContent('استلم قبل ٩:٠٠ م الليلة · خلال ٤٥ دقيقة');
  });
});

describe('Cairo wall-clock times', () => {
  it('writes a form\'s local time with Cairo\'s offset, winter and summer', () => {
    expect(cairoLocalToIso('2026-11-24T21:00')).toBe('2026-11-24T21:00:00+02:00');
    expect(cairoLocalToIso('2026-07-14T21:00')).toBe('2026-07-14T21:00:00+03:00');
    expect(cairoLocalToIso('nonsense')).toBeNull();
  });

  it('writes the end of a day as that day at midnight, and other moments as they are', () => {
    // 28 Nov 2026, 00:00 in Cairo (UTC+2): the end of 27 Nov.
    expect(cairoDateTime('2026-11-27T22:00:00Z', 'en')).toBe('27 Nov 2026, midnight');
    expect(cairoDateTime('2026-11-27T22:00:00Z', 'ar')).toBe('٢٧ نوفمبر ٢٠٢٦، منتصف الليل');
    expect(cairoTime('2026-11-27T22:00:00Z', 'en')).toBe('midnight');
    // Summer time (UTC+3): 15 Jul 2026, 00:00 in Cairo.
    expect(cairoDateTime('2026-07-14T21:00:00Z', 'en')).toBe('14 Jul 2026, midnight');
    expect(cairoDateTime('2026-11-27T22:01:00Z', 'en')).toBe('28 Nov 2026, 12:01 am');
    expect(cairoDateTime('2026-11-27T10:00:00Z', 'en')).toBe('27 Nov 2026, 12:00 pm');
  });

  it('reads a stored instant back as Cairo\'s wall clock', () => {
    expect(isoToCairoLocal('2026-11-24T19:00:00.000Z')).toBe('2026-11-24T21:00');
    expect(isoToCairoLocal(null)).toBe('');
  });
});
