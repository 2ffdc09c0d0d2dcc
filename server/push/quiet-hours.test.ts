import { describe, expect, it } from 'vitest';
import { quietUntil } from './quiet-hours.ts';

/** Seoul wall-clock time as the UTC instant it is. */
const seoul = (time: string) => new Date(`${time}+09:00`);

describe('quiet hours (Seoul time)', () => {
  it('holds a push inside a window across midnight until the window ends the next morning', () => {
    const until = quietUntil({ start: '22:00', end: '08:00', now: seoul('2026-11-21T23:30:00') });
    expect(until).toEqual(seoul('2026-11-22T08:00:00'));
  });

  it('holds a push after midnight until 08:00 the same morning', () => {
    const until = quietUntil({ start: '22:00', end: '08:00', now: seoul('2026-11-22T03:00:00') });
    expect(until).toEqual(seoul('2026-11-22T08:00:00'));
  });

  it('lets a push through outside the window, and at its very end', () => {
    expect(quietUntil({ start: '22:00', end: '08:00', now: seoul('2026-11-22T08:00:00') })).toBeNull();
    expect(quietUntil({ start: '22:00', end: '08:00', now: seoul('2026-11-22T21:59:00') })).toBeNull();
  });

  it('holds a push inside a window within one day', () => {
    expect(quietUntil({ start: '12:00', end: '13:30', now: seoul('2026-11-22T12:45:00') })).toEqual(
      seoul('2026-11-22T13:30:00'),
    );
    expect(quietUntil({ start: '12:00', end: '13:30', now: seoul('2026-11-22T11:59:00') })).toBeNull();
  });

  it('has no window when none is set or it starts where it ends', () => {
    expect(quietUntil({ start: null, end: null, now: seoul('2026-11-22T03:00:00') })).toBeNull();
    expect(quietUntil({ start: '08:00', end: '08:00', now: seoul('2026-11-22T08:00:00') })).toBeNull();
  });
});
