import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { failureReport, summary } from './report.ts';
import { runChaos } from './run.ts';
import { generateSchedule, type Schedule } from './schedule.ts';
import { shrink } from './shrink.ts';

/**
 * npm run chaos -- --devices N --seconds S --seed K [--out file.json] [--shrink-seconds T] [--replay file.json]
 *
 * Runs the chaos harness (docs/chaos.md): exit 0 when the checker found nothing. On a failure it
 * prints the seed, the anomalies and the shortest history it could find within the shrink time,
 * and writes that history to chaos-failure-<seed>.json, which --replay runs again.
 */

const { values } = parseArgs({
  options: {
    devices: { type: 'string', default: '5' },
    seconds: { type: 'string', default: '60' },
    seed: { type: 'string' },
    out: { type: 'string' },
    'shrink-seconds': { type: 'string', default: '600' },
    replay: { type: 'string' },
  },
});

const seed = values.seed !== undefined ? Number(values.seed) : Math.floor(Math.random() * 1e9);
const schedule: Schedule = values.replay
  ? (JSON.parse(readFileSync(values.replay, 'utf8')) as Schedule)
  : generateSchedule({ seed, devices: Number(values.devices), seconds: Number(values.seconds) });
const log = (line: string) => console.log(`[chaos] ${line}`);

log(
  `seed ${schedule.seed}, ${schedule.devices} devices, ${schedule.seconds} s, ${schedule.events.length} events${values.replay ? ` (replay of ${values.replay})` : ''}`,
);
const result = await runChaos({ schedule, progress: log });
const report = summary(result);
console.log(JSON.stringify(report, null, 2));
if (values.out) {
  mkdirSync(path.dirname(values.out), { recursive: true });
  writeFileSync(
    values.out,
    `${JSON.stringify({ ...report, measured_at: new Date().toISOString() }, null, 2)}\n`,
  );
  log(`wrote ${values.out}`);
}
if (result.anomalies.length === 0) {
  log('no anomalies');
  process.exit(0);
}
const kinds = new Set(result.anomalies.map((a) => a.kind));
const budgetMs = Number(values['shrink-seconds']) * 1000;
const shortest =
  budgetMs > 0
    ? await shrink({ schedule, kinds, budgetMs, run: (s) => runChaos({ schedule: s }), progress: log })
    : null;
console.log(failureReport({ result, shortest }));
// The whole log of the first failing run, for what the report leaves out.
writeFileSync(
  `chaos-failure-${schedule.seed}.log`,
  `${result.log.map((l) => `${(l.at / 1000).toFixed(2).padStart(8)}s ${l.text}`).join('\n')}\n`,
);
const file = `chaos-failure-${schedule.seed}.json`;
writeFileSync(file, `${JSON.stringify(shortest?.result ? shortest.schedule : schedule, null, 2)}\n`);
log(
  `history written to ${file} (its log to chaos-failure-${schedule.seed}.log): npm run chaos -- --replay ${file}`,
);
process.exit(1);
