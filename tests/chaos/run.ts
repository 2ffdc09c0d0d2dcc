import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { createRng } from '../../server/seed/random.ts';
import { ApiError, NetworkError } from '../../src/api/client.ts';
import { freePort } from '../support/free-port.ts';
import { startServerProcess } from '../support/server-process.ts';
import {
  checkCharges,
  checkMemoOrder,
  checkOutcomes,
  deviceState,
  differences,
  referenceState,
} from './checker.ts';
import { Device } from './device.ts';
import { type Anomaly, History } from './history.ts';
import { FaultProxy, sleep } from './proxy.ts';
import type { FaultEvent, OpEvent, Schedule } from './schedule.ts';
import { performOp, type Shared } from './workload.ts';
import { furnishWorld, prepareWorld } from './world.ts';

/**
 * One chaos run: a fresh data directory, the real server process, one device per member
 * behind its own faulty link, the schedule played in real time, checkpoints where every
 * fault heals and convergence is measured, and the checks over the history at the end.
 */

/** After a device's link is healthy again, every outbox entry reaches an outcome within this. */
export const STALL_BOUND_MS = 90_000;
/** After the outboxes drained, every device shows the server's rows within this, by itself. */
export const CONVERGE_BOUND_MS = 75_000;
/** A kicked sync that does not finish in this is stuck. */
const KICK_BOUND_MS = 30_000;

export interface RunResult {
  schedule: Schedule;
  anomalies: Anomaly[];
  opsByKind: Record<string, number>;
  faultsByKind: Record<string, number>;
  /** Per device and checkpoint: ms from the last fault healing to the device showing the server's rows. */
  convergenceMs: number[];
  writes: number;
  log: Array<{ at: number; text: string }>;
  wallSeconds: number;
}

export async function runChaos({
  schedule,
  progress = () => {},
}: {
  schedule: Schedule;
  progress?: (line: string) => void;
}): Promise<RunResult> {
  const began = Date.now();
  const dir = mkdtempSync(path.join(tmpdir(), 'bunyang-chaos-'));
  const cleanups: Array<() => Promise<void> | void> = [() => rmSync(dir, { recursive: true, force: true })];
  try {
    return await play({ schedule, dir, progress, cleanups, began });
  } finally {
    for (const cleanup of cleanups.reverse()) {
      try {
        await cleanup();
      } catch {
        // Tearing down what already died.
      }
    }
  }
}

async function play({
  schedule,
  dir,
  progress,
  cleanups,
  began,
}: {
  schedule: Schedule;
  dir: string;
  progress: (line: string) => void;
  cleanups: Array<() => Promise<void> | void>;
  began: number;
}): Promise<RunResult> {
  const world = await prepareWorld({ dir, devices: schedule.devices });
  const port = await freePort();
  const history = new History();
  const serverLines: string[] = [];
  let server: ChildProcess | null = null;
  let restarting: Promise<void> | null = null;
  const startServer = async () => {
    server = await startServerProcess({
      dir,
      port,
      env: { SEED_DEMO: 'false', LOG_LEVEL: 'error' },
      lines: serverLines,
      stderr: 'ignore',
    });
  };
  await startServer();
  cleanups.push(() => {
    if (server && server.exitCode === null) server.kill('SIGKILL');
  });
  await furnishWorld({ world, baseUrl: `http://127.0.0.1:${port}` });
  progress(`server on ${port}, ${world.members.length} members, ${world.groups.length} groups`);

  const shared: Shared = { world, history, knownSites: new Set(), knownPosts: new Set(), serial: 0 };
  const devices: Device[] = [];
  for (const member of world.members) {
    const proxy = new FaultProxy({ port });
    await proxy.start();
    cleanups.push(() => proxy.close());
    const device = new Device({
      index: member.index,
      member,
      proxy,
      clockOffset: schedule.clockOffsets[member.index] ?? 0,
      seed: schedule.seed * 31 + member.index,
      events: { snapshot: (s) => history.onSnapshot(s), log: (text) => history.note(text) },
    });
    devices.push(device);
    cleanups.push(() => device.stop());
  }
  for (const device of devices) await device.boot();
  for (const device of devices) await device.engine?.sync();

  // --- faults -------------------------------------------------------------------------------
  const pendingHeals = new Map<number, () => Promise<void> | void>();
  let healSerial = 0;
  const later = (ms: number, heal: () => Promise<void> | void) => {
    const id = ++healSerial;
    pendingHeals.set(id, heal);
    setTimeout(() => {
      const run = pendingHeals.get(id);
      pendingHeals.delete(id);
      if (run) void Promise.resolve(run()).catch(() => {});
    }, ms);
  };
  const serverUp = () =>
    server !== null && server.exitCode === null && server.signalCode === null && !restarting;

  const applyFault = async (event: FaultEvent) => {
    const rng = createRng(event.seed);
    const device = devices[event.target];
    history.countFault(event.fault);
    history.note(
      `fault ${event.fault} on ${device ? `device ${device.index}` : 'server'} for ${event.ms} ms`,
    );
    switch (event.fault) {
      case 'partition':
        device?.proxy.add({ fault: rng.chance(0.5) ? 'refuse' : 'inbound', ms: event.ms, seed: event.seed });
        return;
      case 'blackhole':
        device?.proxy.add({ fault: 'blackhole', ms: event.ms, seed: event.seed });
        return;
      case 'lostAnswers':
        device?.proxy.loseAnswers({ n: rng.int(1, 3), seed: event.seed });
        return;
      case 'delay':
        device?.proxy.add({ fault: 'delay', ms: event.ms, seed: event.seed });
        return;
      case 'duplicate':
        device?.proxy.add({ fault: 'duplicate', ms: event.ms, seed: event.seed });
        return;
      case 'slowLink':
        device?.proxy.add({ fault: 'slow', ms: event.ms, seed: event.seed });
        return;
      case 'pause':
        device?.proxy.add({ fault: 'pause', ms: event.ms, seed: event.seed });
        return;
      case 'offline':
        if (!device) return;
        device.setOnline(false);
        device.proxy.add({ fault: 'refuse', ms: event.ms, seed: event.seed });
        later(event.ms, () => device.setOnline(true));
        return;
      case 'clockJump':
        if (device) device.clockOffset += rng.pick([-1, 1]) * rng.pick([2, 7, 25]) * 3_600_000;
        return;
      case 'deviceCrash': {
        if (!device?.running) return;
        const stores = await device.crash({ requests: rng.int(1, 4), withinMs: 4_000 });
        history.note(
          `device ${device.index} killed ${stores ? `inside a transaction over ${stores.join(', ')}` : 'while idle'}`,
        );
        later(event.ms, () => device.boot());
        return;
      }
      case 'deviceStop':
        if (!device?.running) return;
        await device.stop();
        later(event.ms, () => device.boot());
        return;
      case 'serverKill': {
        if (!serverUp()) return;
        (server as ChildProcess | null)?.kill('SIGKILL');
        history.note('server killed (SIGKILL)');
        restarting = (async () => {
          await sleep(event.ms);
          await startServer();
          history.note('server restarted');
        })().finally(() => {
          restarting = null;
        });
        return;
      }
    }
  };

  // --- operations: one at a time per device, as one agent uses one phone -----------------------
  const chains = devices.map(() => ({ busy: Promise.resolve() as Promise<void>, queued: 0 }));
  const dispatchOp = (event: OpEvent) => {
    const chain = chains[event.device];
    const device = devices[event.device];
    if (!chain || !device) return;
    if (chain.queued >= 3) return;
    chain.queued++;
    chain.busy = chain.busy.then(async () => {
      chain.queued--;
      const generation = device.generation;
      try {
        const outcome = await withDeadline(
          performOp({ device, op: event.op, rng: createRng(event.seed), shared }),
          60_000,
        );
        if ('done' in outcome) {
          history.countOp(event.op);
          await device.observe('after-op');
        }
      } catch (err) {
        const killed = device.generation !== generation || !device.running;
        if (!killed && !(err instanceof NetworkError) && !(err instanceof ApiError)) {
          history.flag({
            kind: 'appError',
            device: device.index,
            detail: `${event.op}: ${err instanceof Error ? (err.stack ?? err.message).split('\n').slice(0, 3).join(' | ') : String(err)}`,
          });
        }
      }
    });
  };

  // --- the stall watch: an outbox entry waiting long after the link came back -----------------
  const healthySince = new Map<number, number>();
  const watch = setInterval(() => {
    for (const device of devices) {
      const healthy =
        device.running && !device.proxy.faulty() && serverUp() && device.engine?.status().online !== false;
      if (!healthy) {
        healthySince.delete(device.index);
        continue;
      }
      if (!healthySince.has(device.index)) healthySince.set(device.index, Date.now());
    }
    void stallCheck();
  }, 2_000);
  cleanups.push(() => clearInterval(watch));
  const stallCheck = async () => {
    for (const device of devices) {
      const since = healthySince.get(device.index);
      if (since === undefined || Date.now() - since < STALL_BOUND_MS) continue;
      const waiting = (await device.db?.outbox.toArray().catch(() => [])) ?? [];
      for (const entry of waiting) {
        if (entry.status === 'rejected') continue;
        const record = history.writes.get(entry.mutation_id);
        const from = Math.max(since, record?.madeAt ?? 0);
        if (Date.now() - from > STALL_BOUND_MS) {
          history.flag({
            kind: 'stalledOutbox',
            device: device.index,
            detail: `${entry.name} ${entry.mutation_id.slice(0, 8)} waiting ${Math.round((Date.now() - from) / 1000)} s on a healthy link`,
          });
        }
      }
    }
  };

  // --- checkpoints: heal everything, let every device drain and converge by itself -------------
  const convergenceMs: number[] = [];
  const settle = async (label: string) => {
    await Promise.all(chains.map((c) => c.busy));
    for (const heal of [...pendingHeals.values()]) await heal();
    pendingHeals.clear();
    if (restarting) await restarting;
    for (const device of devices) {
      device.proxy.heal();
      device.setOnline(true);
      if (!device.running) await device.boot();
    }
    const healed = Date.now();
    history.note(`${label}: every fault healed`);
    progress(`${label} at ${history.now() / 1000}s: faults healed, waiting for the devices`);
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
      const waiting = (await device.db?.outbox.toArray()) ?? [];
      history.flag({
        kind: 'stalledOutbox',
        device: device.index,
        detail: `${label}: ${waiting.filter((e) => e.status !== 'rejected').length} entries still waiting ${STALL_BOUND_MS / 1000} s after every fault healed (sync status ${JSON.stringify(device.engine?.status())})`,
      });
      await kick(device);
    }
    // Every device shows what a fresh device of its member pulls, on its own.
    const references = new Map<number, Record<string, unknown>>();
    for (const device of devices)
      references.set(device.index, await referenceState({ member: device.member, port }));
    const matches = (index: number, state: Record<string, unknown>) =>
      differences(state, references.get(index) ?? {}, 1).length === 0;
    const settledAt = (index: number): number | null => {
      const seen = shown.get(index) ?? [];
      let at: number | null = null;
      for (const { at: t, state } of seen) at = matches(index, state) ? (at ?? t) : null;
      return at;
    };
    const from = Date.now();
    for (;;) {
      await poll();
      if (devices.every((d) => settledAt(d.index) !== null) || Date.now() - from > CONVERGE_BOUND_MS) break;
      await sleep(1_000);
    }
    for (const device of devices) {
      const at = settledAt(device.index);
      if (at !== null) {
        convergenceMs.push(at - healed);
        continue;
      }
      if (!device.db) continue;
      const before = differences(await deviceState(device.db), references.get(device.index) ?? {});
      await kick(device);
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
    progress(
      `${label}: converged after ${convergenceMs
        .slice(-devices.length)
        .map((ms) => (ms / 1000).toFixed(1))
        .join(', ')} s`,
    );
  };
  const kick = async (device: Device) => {
    try {
      await withDeadline(device.engine?.sync() ?? Promise.resolve(), KICK_BOUND_MS);
    } catch (err) {
      history.note(
        `device ${device.index}: a kicked sync failed: ${err instanceof Error ? err.message : String(err)}`,
      );
    }
  };

  // --- the schedule, in real time -------------------------------------------------------------
  const start = Date.now();
  let shift = 0;
  let lastReport = 0;
  for (const event of schedule.events) {
    const due = start + shift + event.at;
    if (due > Date.now()) await sleep(due - Date.now());
    if (event.type === 'checkpoint') {
      const t = Date.now();
      await settle(`checkpoint ${Math.round(event.at / 1000)}s`);
      shift += Date.now() - t;
    } else if (event.type === 'fault') {
      await applyFault(event).catch((err) => history.note(`fault ${event.fault} failed: ${String(err)}`));
    } else {
      dispatchOp(event);
    }
    if (event.at - lastReport >= 30_000) {
      lastReport = event.at;
      progress(
        `${Math.round(event.at / 1000)}s: ${history.writes.size} writes, ${history.anomalies.length} anomalies`,
      );
    }
  }
  const end = start + shift + schedule.seconds * 1000;
  if (end > Date.now()) await sleep(end - Date.now());
  await settle('final');
  clearInterval(watch);

  // --- the checks over the whole history ------------------------------------------------------
  const sqlite = new SQLite(world.dbFile, { readonly: true });
  try {
    await checkOutcomes({ history, sqlite, devices });
    checkCharges({ history, sqlite, members: world.members });
    checkMemoOrder({ history, sqlite });
  } finally {
    sqlite.close();
  }
  for (const line of serverLines) {
    if (/"level":(50|60)/.test(line))
      history.flag({ kind: 'appError', device: null, detail: `server: ${line.slice(0, 300)}` });
  }
  return {
    schedule,
    anomalies: history.anomalies,
    opsByKind: history.opsByKind,
    faultsByKind: history.faultsByKind,
    convergenceMs,
    writes: history.writes.size,
    log: history.log,
    wallSeconds: Math.round((Date.now() - began) / 1000),
  };
}

async function withDeadline<T>(work: Promise<T>, ms: number): Promise<T> {
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
