import { seoulDate } from '../../clock.ts';

/**
 * Which copies stay: the newest `keepHourly` whatever their day, and the newest copy of each of
 * the `keepDaily` most recent Seoul days that have one. The rest go. Pure, so the rule is tested
 * on its own.
 */
export function copiesToKeep<C extends { file: string; taken_at: string }>({
  copies,
  keepHourly,
  keepDaily,
}: {
  copies: readonly C[];
  keepHourly: number;
  keepDaily: number;
}): Set<string> {
  const newestFirst = [...copies].sort((a, b) => b.taken_at.localeCompare(a.taken_at));
  const keep = new Set(newestFirst.slice(0, keepHourly).map((c) => c.file));
  const days = new Set<string>();
  for (const copy of newestFirst) {
    const day = seoulDate(new Date(copy.taken_at));
    if (days.has(day)) continue;
    if (days.size === keepDaily) break;
    days.add(day);
    keep.add(copy.file);
  }
  return keep;
}
