import type { AnomalyKind } from './history.ts';
import type { RunResult } from './run.ts';
import type { ChaosEvent, Schedule } from './schedule.ts';

/**
 * The shortest history that still shows a failure: operations and faults are dropped in
 * halves, then quarters, and so on (delta debugging), keeping a smaller schedule whenever its
 * run still shows an anomaly of a kind the first run showed. Runs are real and timing moves, so
 * a candidate that passes once is simply not kept; the search stops at its time budget.
 */
export async function shrink({
  schedule,
  kinds,
  budgetMs,
  run,
  progress = () => {},
}: {
  schedule: Schedule;
  kinds: ReadonlySet<AnomalyKind>;
  budgetMs: number;
  run: (schedule: Schedule) => Promise<RunResult>;
  progress?: (line: string) => void;
}): Promise<{ schedule: Schedule; result: RunResult | null; tries: number }> {
  const deadline = Date.now() + budgetMs;
  let best = schedule;
  let bestResult: RunResult | null = null;
  let tries = 0;
  let chunks = 2;
  const fails = async (candidate: Schedule) => {
    tries++;
    const result = await run(candidate);
    const failed = result.anomalies.some((a) => kinds.has(a.kind));
    progress(`shrink try ${tries}: ${candidate.events.length} events, ${failed ? 'still fails' : 'passes'}`);
    return failed ? result : null;
  };
  while (Date.now() < deadline && best.events.length > 1) {
    const events = best.events;
    const size = Math.ceil(events.length / chunks);
    let reduced = false;
    for (let i = 0; i < chunks && Date.now() < deadline; i++) {
      const kept = events.filter((_, j) => j < i * size || j >= (i + 1) * size);
      if (kept.length === events.length || kept.length === 0) continue;
      const candidate = trimmed({ ...best, events: kept });
      const result = await fails(candidate);
      if (result) {
        best = candidate;
        bestResult = result;
        reduced = true;
        chunks = Math.max(2, chunks - 1);
        break;
      }
    }
    if (!reduced) {
      if (size <= 1) break;
      chunks = Math.min(events.length, chunks * 2);
    }
  }
  return { schedule: best, result: bestResult, tries };
}

/** A schedule ends a little after its last event: a shorter history is also a shorter run. */
function trimmed(schedule: Schedule): Schedule {
  const last = schedule.events.reduce(
    (max, e: ChaosEvent) => Math.max(max, e.at + ('ms' in e ? e.ms : 0)),
    0,
  );
  return { ...schedule, seconds: Math.min(schedule.seconds, Math.ceil(last / 1000) + 3) };
}
