import { act, cleanup, render, screen } from '@testing-library/react';
import i18next from 'i18next';
import { Countdown } from './countdown';
import { cairoLocalToIso, isoToCairoLocal } from './cairo-time';

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

  it('reads a stored instant back as Cairo\'s wall clock', () => {
    expect(isoToCairoLocal('2026-11-24T19:00:00.000Z')).toBe('2026-11-24T21:00');
    expect(isoToCairoLocal(null)).toBe('');
  });
});
