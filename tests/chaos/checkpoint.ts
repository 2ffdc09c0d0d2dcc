import { deviceState, differences, referenceState } from './convergence.ts';
import type { Device } from './device.ts';
import type { History } from './history.ts';
import type { Nemesis } from './nemesis.ts';
import { sleep } from './proxy.ts';

/**
 * A checkpoint: every fault heals, then each device must by itself drain its outbox and show
 * exactly what a fresh device of its member pulls. Nothing is kicked unless a bound passes (and
 * that is an anomaly): PowerSync's wedged upload queues and stuck downloads were found this way.
 */

/** After a device's link is healthy again, every outbox entry reaches an outcome within this. */
export const STALL_BOUND_MS = 90_000;
/** After the outboxes drained, every device shows the server's rows within this, by itself. */
export const CONVERGE_BOUND_MS = 75_000;
/** A kicked sync that does not finish in this is stuck. */
const KICK_BOUND_MS = 30_000;

export async function checkpoint({
  label,
  devices,
  nemesis,
  history,
  port,
  progress,
}: {
  label: string;
  devices: Device[];
  nemesis: Nemesis;
  history: History;
  port: number;
  progress: (line: string) => void;
}): Promise<number[]> {
  await nemesis.healAll();
  const healed = Date.now();
  history.note(`${label}: every fault healed`);
  progress(`${label} at ${(history.now() / 1000).toFixed(1)}s: faults healed, waiting for the devices`);
  // What each device shows, second by second from the heal, to tell when it converged.
  const shown = new Map<number, Array<{ at: number; state: Record<string, unknown> }>>();
  const poll = async () => {
    for (const device of devices) {
      if (!device.db) continue;
      const state = await deviceState(device.db).catch(() => null);
      if (state) shown.set(device.index, [...(shown.get(device.index) ?? []), { at: Date.now(), state }]);
    }
  };

  // Every outbox reaches an outcome on its own.
  const drained = new Set<number>();
  while (drained.size < devices.length && Date.now() - healed < STALL_BOUND_MS) {
    for (const device of devices) {
      const waiting = await device.db?.outbox.where('status').anyOf('pending', 'sending').count();
      if (waiting === 0) drained.add(device.index);
    }
    await poll();
    await sleep(1_000);
  }
  for (const device of devices) {
    if (drained.has(device.index)) continue;
    const waiting = ((await device.db?.outbox.toArray()) ?? []).filter((e) => e.status !== 'rejected');
    history.flag({
      kind: 'stalledOutbox',
      device: device.index,
      detail: `${label}: ${waiting.length} entries still waiting ${STALL_BOUND_MS / 1000} s after every fault healed (sync status ${JSON.stringify(device.engine?.status())})`,
    });
    await kick({ device, history });
  }

  // Every device shows what a fresh device of its member pulls, on its own.
  const references = new Map<number, Record<string, unknown>>();
  for (const device of devices)
    references.set(device.index, await referenceState({ member: device.member, port }));
  const matches = (index: number, state: Record<string, unknown>) =>
    differences(state, references.get(index) ?? {}, 1).length === 0;
  /** When the device began to show the server's rows and kept showing them; null if it does not now. */
  const settledAt = (index: number): number | null => {
    let at: number | null = null;
    for (const { at: t, state } of shown.get(index) ?? []) at = matches(index, state) ? (at ?? t) : null;
    return at;
  };
  const from = Date.now();
  for (;;) {
    await poll();
    if (devices.every((d) => settledAt(d.index) !== null) || Date.now() - from > CONVERGE_BOUND_MS) break;
    await sleep(1_000);
  }
  const convergenceMs: number[] = [];
  for (const device of devices) {
    const at = settledAt(device.index);
    if (at !== null) {
      convergenceMs.push(at - healed);
      continue;
    }
    if (!device.db) continue;
    const before = differences(await deviceState(device.db), references.get(device.index) ?? {});
    await kick({ device, history });
    const after = differences(await deviceState(device.db), references.get(device.index) ?? {});
    history.flag({
      kind: 'divergence',
      device: device.index,
      detail:
        after.length === 0
          ? `${label}: did not show the server's rows on its own within ${CONVERGE_BOUND_MS / 1000} s (${before.join(' / ')}); a sync fixed it`
          : `${label}: differs from the server after syncing: ${after.join(' / ')}`,
    });
  }
  for (const device of devices) await device.observe(label);
  progress(`${label}: converged after ${convergenceMs.map((ms) => (ms / 1000).toFixed(1)).join(', ')} s`);
  return convergenceMs;
}

/** A sync asked for by hand, bounded: only after a bound passed, to tell stuck from slow. */
async function kick({ device, history }: { device: Device; history: History }): Promise<void> {
  try {
    await withDeadline(device.engine?.sync() ?? Promise.resolve(), KICK_BOUND_MS);
  } catch (err) {
    history.note(
      `device ${device.index}: a kicked sync failed: ${err instanceof Error ? err.message : String(err)}`,
    );
  }
}

export async function withDeadline<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  try {
    return await Promise.race([
      work,
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`did not finish within ${ms / 1000} s`)), ms);
      }),
    ]);
  } finally {
    clearTimeout(timer);
  }
}
