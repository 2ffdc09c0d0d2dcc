import { type AnomalyKind, anomalyKinds } from './history.ts';
import type { RunResult } from './run.ts';
import { describeEvent, type Schedule } from './schedule.ts';

/** What a run printed and wrote: counts by kind, convergence times, and on failure the history. */

export function percentile(values: number[], p: number): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] as number;
}

export function anomaliesByKind(result: RunResult): Record<AnomalyKind, number> {
  const out = Object.fromEntries(anomalyKinds.map((k) => [k, 0])) as Record<AnomalyKind, number>;
  for (const a of result.anomalies) out[a.kind]++;
  return out;
}

/** The JSON a benchmark run writes (bench/results/chaos.json). */
export function summary(result: RunResult): Record<string, unknown> {
  const { schedule } = result;
  return {
    devices: schedule.devices,
    seconds: schedule.seconds,
    seed: schedule.seed,
    wall_seconds: result.wallSeconds,
    writes_recorded: result.writes,
    operations_by_kind: sortKeys(result.opsByKind),
    faults_injected_by_kind: sortKeys(result.faultsByKind),
    fault_kinds: Object.keys(result.faultsByKind).length,
    device_crashes: {
      inside_a_transaction: result.crashes.insideTransaction,
      idle: result.crashes.idle,
    },
    anomalies_by_kind: anomaliesByKind(result),
    anomalies: result.anomalies.length,
    convergence_after_last_fault_ms: {
      samples: result.convergenceMs.length,
      p50: percentile(result.convergenceMs, 50),
      p95: percentile(result.convergenceMs, 95),
      max: percentile(result.convergenceMs, 100),
    },
  };
}

function sortKeys(o: Record<string, number>): Record<string, number> {
  return Object.fromEntries(Object.entries(o).sort(([a], [b]) => (a < b ? -1 : 1)));
}

/** The failure report: the seed, the anomalies, and the (shortest known) history showing them. */
export function failureReport({
  result,
  shortest,
}: {
  result: RunResult;
  shortest: { schedule: Schedule; result: RunResult | null } | null;
}): string {
  const lines: string[] = [];
  const { schedule } = result;
  lines.push(`CHAOS FAILED: seed ${schedule.seed}, ${schedule.devices} devices, ${schedule.seconds} s`);
  lines.push(
    `reproduce: npm run chaos -- --devices ${schedule.devices} --seconds ${schedule.seconds} --seed ${schedule.seed}`,
  );
  for (const a of result.anomalies) {
    lines.push(
      `  ${a.kind}${a.device === null ? '' : ` (device ${a.device})`} at ${(a.at / 1000).toFixed(1)}s: ${a.detail}`,
    );
  }
  const shown = shortest?.result ? shortest : { schedule, result };
  const s = shown.schedule;
  lines.push(
    `shortest history that shows it (${s.events.length} of ${schedule.events.length} events, ${s.seconds} s; clock offsets ${s.clockOffsets.map((o) => `${o / 3_600_000}h`).join(' ')}):`,
  );
  for (const e of s.events) lines.push(`  ${describeEvent(e)}`);
  const failing = shown.result ?? result;
  // For each anomaly (the first few), what its device went through before it.
  for (const anomaly of failing.anomalies.slice(0, 4)) {
    lines.push(`before "${anomaly.kind}${anomaly.device === null ? '' : ` on device ${anomaly.device}`}":`);
    const mine = failing.log.filter(
      (l) =>
        l.at <= anomaly.at &&
        (anomaly.device === null ||
          l.text.includes(`device ${anomaly.device} `) ||
          /^fault .* on server|^server/.test(l.text)),
    );
    for (const l of mine.slice(-30)) lines.push(`  ${(l.at / 1000).toFixed(2).padStart(8)}s ${l.text}`);
  }
  return lines.join('\n');
}
