import { createRng, type Rng } from '../../server/seed/random.ts';

/**
 * What a chaos run does and when, drawn from one seed: each device's operations, the faults,
 * and quiet checkpoints where everything heals and convergence is checked. Every event carries
 * its own seed, so dropping events (shrinking) leaves the others as they were.
 */

/** What an agent does on a device. The first group goes through the outbox; the second is online only. */
export const offlineOps = [
  'like',
  'memo',
  'draft',
  'removeDraft',
  'register',
  'unitEdit',
  'siteEdit',
  'hide',
  'complete',
  'reportSite',
  'reportUnit',
  'post',
  'comment',
  'notify',
  'read',
  'resolve',
  'dismiss',
] as const;
export const onlineOps = ['view', 'groupLeave', 'groupAdd', 'transfer', 'purchase'] as const;
export type OpKind = (typeof offlineOps)[number] | (typeof onlineOps)[number];

export const faultKinds = [
  'partition',
  'blackhole',
  'lostAnswers',
  'delay',
  'duplicate',
  'slowLink',
  'pause',
  'offline',
  'serverKill',
  'deviceCrash',
  'deviceStop',
  'clockJump',
] as const;
export type FaultKind = (typeof faultKinds)[number];

export interface OpEvent {
  at: number;
  type: 'op';
  device: number;
  op: OpKind;
  seed: number;
}

export interface FaultEvent {
  at: number;
  type: 'fault';
  fault: FaultKind;
  /** A device index, or -1 for the server. */
  target: number;
  /** How long it lasts (ms); for a kill or crash, how long until the restart. */
  ms: number;
  seed: number;
}

export interface CheckpointEvent {
  at: number;
  type: 'checkpoint';
}

export type ChaosEvent = OpEvent | FaultEvent | CheckpointEvent;

export interface Schedule {
  seed: number;
  devices: number;
  seconds: number;
  /** Each device's clock offset at the start (ms): devices whose clocks are off by hours. */
  clockOffsets: number[];
  events: ChaosEvent[];
}

const opWeights: Array<[OpKind, number]> = [
  ['like', 8],
  ['memo', 7],
  ['draft', 6],
  ['removeDraft', 1],
  ['register', 2],
  ['unitEdit', 4],
  ['siteEdit', 4],
  ['hide', 3],
  ['complete', 4],
  ['reportSite', 2],
  ['reportUnit', 2],
  ['post', 2],
  ['comment', 3],
  ['notify', 2],
  ['read', 4],
  ['resolve', 2],
  ['dismiss', 1],
  ['view', 3],
  ['groupLeave', 1],
  ['groupAdd', 1],
  ['transfer', 0.5],
  ['purchase', 1],
];

const faultWeights: Array<[FaultKind, number]> = [
  ['partition', 3],
  ['blackhole', 2],
  ['lostAnswers', 4],
  ['delay', 2],
  ['duplicate', 3],
  ['slowLink', 2],
  ['pause', 2],
  ['offline', 2],
  ['serverKill', 1],
  ['deviceCrash', 3],
  ['deviceStop', 1],
  ['clockJump', 1],
];

function weighted<T>(rng: Rng, table: Array<[T, number]>): T {
  const total = table.reduce((s, [, w]) => s + w, 0);
  let x = rng.next() * total;
  for (const [item, w] of table) {
    x -= w;
    if (x < 0) return item;
  }
  return (table[table.length - 1] as [T, number])[0];
}

const HOUR = 3_600_000;

/** How long a fault of this kind lasts (or, for a kill, how long until the restart). */
function durationOf(rng: Rng, fault: FaultKind): number {
  switch (fault) {
    case 'partition':
    case 'blackhole':
    case 'offline':
      return rng.int(1_000, 15_000);
    case 'delay':
    case 'duplicate':
    case 'slowLink':
      return rng.int(2_000, 12_000);
    case 'pause':
      return rng.int(500, 8_000);
    case 'serverKill':
      return rng.int(0, 3_000);
    case 'deviceCrash':
      return rng.int(200, 5_000);
    case 'deviceStop':
      return rng.int(1_000, 10_000);
    case 'lostAnswers':
    case 'clockJump':
      return 0;
  }
}

/** Quiet checkpoints in long runs: everything heals and convergence is measured mid-run too. */
export const CHECKPOINT_EVERY_MS = 180_000;

export function generateSchedule({
  seed,
  devices,
  seconds,
}: {
  seed: number;
  devices: number;
  seconds: number;
}): Schedule {
  const rng = createRng(seed);
  const end = seconds * 1000;
  const events: ChaosEvent[] = [];
  const clockOffsets = Array.from({ length: devices }, (_, i) =>
    i === 0 ? 0 : rng.pick([0, 0, 3 * HOUR, -5 * HOUR, 9 * HOUR, -14 * HOUR, 26 * HOUR]),
  );
  for (let device = 0; device < devices; device++) {
    for (let at = rng.int(200, 1500); at < end; at += rng.int(300, 2600)) {
      events.push({ at, type: 'op', device, op: weighted(rng, opWeights), seed: rng.int(1, 2 ** 31) });
    }
  }
  let lastServerKill = -Infinity;
  // Faults begin once every device has had a moment to pull its scope.
  for (let at = 3_000 + rng.int(0, 2_000); at < end - 1_000; at += rng.int(700, 4_500)) {
    let fault = weighted(rng, faultWeights);
    if (fault === 'serverKill' && at - lastServerKill < 25_000) fault = 'lostAnswers';
    if (fault === 'serverKill') lastServerKill = at;
    const target = fault === 'serverKill' ? -1 : rng.int(0, devices - 1);
    const ms = Math.min(durationOf(rng, fault), Math.max(0, end - at));
    events.push({ at, type: 'fault', fault, target, ms, seed: rng.int(1, 2 ** 31) });
  }
  for (let at = CHECKPOINT_EVERY_MS; at < end - 30_000; at += CHECKPOINT_EVERY_MS) {
    events.push({ at, type: 'checkpoint' });
  }
  events.sort((a, b) => a.at - b.at || order(a) - order(b));
  return { seed, devices, seconds, clockOffsets, events };
}

function order(e: ChaosEvent): number {
  return e.type === 'checkpoint' ? 0 : e.type === 'fault' ? 1 : 2;
}

/** One line per event, for the printed history. */
export function describeEvent(e: ChaosEvent): string {
  const t = `${(e.at / 1000).toFixed(1).padStart(6)}s`;
  if (e.type === 'checkpoint') return `${t} checkpoint`;
  if (e.type === 'op') return `${t} device ${e.device} ${e.op} (seed ${e.seed})`;
  const target = e.target < 0 ? 'server' : `device ${e.target}`;
  return `${t} fault ${e.fault} on ${target} for ${e.ms} ms (seed ${e.seed})`;
}
