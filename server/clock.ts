/** The server's notion of "now", replaceable in tests that need a controlled clock. */
export interface Clock {
  now: () => Date;
}

export const systemClock: Clock = { now: () => new Date() };

export function fixedClock(
  start: Date | string,
): Clock & { set: (d: Date | string) => void; advance: (ms: number) => void } {
  let current = new Date(start);
  return {
    now: () => new Date(current),
    set: (d) => {
      current = new Date(d);
    },
    advance: (ms) => {
      current = new Date(current.getTime() + ms);
    },
  };
}

export const DAY_MS = 24 * 60 * 60 * 1000;

/** Calendar date (YYYY-MM-DD) in Asia/Seoul, where the business day turns. */
export function seoulDate(d: Date): string {
  return new Date(d.getTime() + 9 * 60 * 60 * 1000).toISOString().slice(0, 10);
}

/** The UTC instant of 00:00 Asia/Seoul on the given calendar date. */
export function seoulMidnight(date: string): Date {
  return new Date(`${date}T00:00:00+09:00`);
}
