import { DAY_MS, seoulDate } from '../clock.ts';

const minutesOf = (hhmm: string): number => {
  const [h, m] = hhmm.split(':');
  return Number(h) * 60 + Number(m);
};

/**
 * The member's quiet hours (spec §3 Push settings: push_off_start_time to push_off_end_time,
 * Seoul wall-clock HH:mm; the window may wrap midnight, 22:00 to 08:00). Answers when the
 * window that holds `now` ends, or null when `now` is outside it or no window is set.
 * A window that starts where it ends is empty.
 */
export function quietUntil({
  start,
  end,
  now,
}: {
  start: string | null;
  end: string | null;
  now: Date;
}): Date | null {
  if (!start || !end) return null;
  const from = minutesOf(start);
  const to = minutesOf(end);
  if (from === to) return null;
  const seoul = new Date(now.getTime() + 9 * 60 * 60 * 1000);
  const minute = seoul.getUTCHours() * 60 + seoul.getUTCMinutes();
  const quiet = from < to ? minute >= from && minute < to : minute >= from || minute < to;
  if (!quiet) return null;
  const today = new Date(`${seoulDate(now)}T${end}:00+09:00`);
  return today > now ? today : new Date(today.getTime() + DAY_MS);
}
