import { createThrottle } from './throttle';

describe('createThrottle', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('runs the first call at once and the calls within the interval once, at its end', () => {
    const run = vi.fn();
    const throttle = createThrottle(run, 5000);

    throttle.call();
    expect(run).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(1000);
    throttle.call();
    throttle.call();
    expect(run).toHaveBeenCalledTimes(1);

    vi.advanceTimersByTime(3999);
    expect(run).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(1);
    expect(run).toHaveBeenCalledTimes(2);
    vi.advanceTimersByTime(10_000);
    expect(run).toHaveBeenCalledTimes(2);
  });

  it('runs at once again after a quiet interval', () => {
    const run = vi.fn();
    const throttle = createThrottle(run, 5000);
    throttle.call();
    vi.advanceTimersByTime(5000);
    throttle.call();
    expect(run).toHaveBeenCalledTimes(2);
  });

  it('drops a pending run when cancelled', () => {
    const run = vi.fn();
    const throttle = createThrottle(run, 5000);
    throttle.call();
    throttle.call();
    throttle.cancel();
    vi.advanceTimersByTime(10_000);
    expect(run).toHaveBeenCalledTimes(1);
  });
});
