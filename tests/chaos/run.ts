import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { createRng } from '../../server/seed/random.ts';
import { ApiError, NetworkError } from '../../src/api/client.ts';
import { freePort } from '../support/free-port.ts';
import { checkCharges, checkMemoOrder, checkOutcomes } from './checker.ts';
import { checkpoint, STALL_BOUND_MS, withDeadline } from './checkpoint.ts';
import { Device } from './device.ts';
import { type Anomaly, History } from './history.ts';
import { Nemesis, ServerControl } from './nemesis.ts';
import { FaultProxy, sleep } from './proxy.ts';
import type { OpEvent, Schedule } from './schedule.ts';
import { performOp, type Shared } from './workload.ts';
import { furnishWorld, prepareWorld } from './world.ts';

/**
 * One chaos run: a fresh data directory, the real server process, one device per member
 * behind its own faulty link, the schedule played in real time, checkpoints where every
 * fault heals and convergence is measured, and the checks over the history at the end.
 */

export interface RunResult {
  schedule: Schedule;
  anomalies: Anomaly[];
  opsByKind: Record<string, number>;
  faultsByKind: Record<string, number>;
  /** Per device and checkpoint: ms from the last fault healing to the device showing the server's rows. */
  convergenceMs: number[];
  writes: number;
  crashes: { insideTransaction: number; idle: number };
  log: Array<{ at: number; text: string }>;
  wallSeconds: number;
}

type Cleanup = () => Promise<void> | void;

export async function runChaos({
  schedule,
  progress = () => {},
}: {
  schedule: Schedule;
  progress?: (line: string) => void;
}): Promise<RunResult> {
  const began = Date.now();
  const dir = mkdtempSync(path.join(tmpdir(), 'bunyang-chaos-'));
  const cleanups: Cleanup[] = [() => rmSync(dir, { recursive: true, force: true })];
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
  cleanups: Cleanup[];
  began: number;
}): Promise<RunResult> {
  const world = await prepareWorld({ dir, devices: schedule.devices });
  const history = new History();
  const server = new ServerControl(dir, await freePort());
  await server.start();
  cleanups.push(() => server.stop());
  await furnishWorld({ world, baseUrl: `http://127.0.0.1:${server.port}` });
  progress(`server on ${server.port}, ${world.members.length} members, ${world.groups.length} groups`);

  const devices: Device[] = [];
  for (const member of world.members) {
    const proxy = new FaultProxy({ port: server.port });
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

  const nemesis = new Nemesis(devices, server, history);
  const shared: Shared = { world, history, knownSites: new Set(), knownPosts: new Set(), serial: 0 };
  const ops = new Operations({ devices, shared, history });
  const watch = stallWatch({ devices, server, history });
  cleanups.push(() => clearInterval(watch));

  const convergenceMs: number[] = [];
  const settle = async (label: string) => {
    await ops.idle();
    convergenceMs.push(
      ...(await checkpoint({ label, devices, nemesis, history, port: server.port, progress })),
    );
  };

  // The schedule in real time; a checkpoint's time is added to everything after it.
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
      await nemesis.apply(event).catch((err) => history.note(`fault ${event.fault} failed: ${String(err)}`));
    } else {
      ops.dispatch(event);
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

  // The checks over the whole history.
  const sqlite = new SQLite(world.dbFile, { readonly: true });
  try {
    await checkOutcomes({ history, sqlite, devices });
    checkCharges({ history, sqlite, members: world.members });
    checkMemoOrder({ history, sqlite });
  } finally {
    sqlite.close();
  }
  for (const line of server.lines) {
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
    crashes: history.crashes,
    log: history.log,
    wallSeconds: Math.round((Date.now() - began) / 1000),
  };
}

/** Operations run one at a time per device, as one agent uses one phone; a backlog of more than three is dropped. */
class Operations {
  private readonly chains: Array<{ busy: Promise<void>; queued: number }>;

  constructor(private readonly options: { devices: Device[]; shared: Shared; history: History }) {
    this.chains = options.devices.map(() => ({ busy: Promise.resolve(), queued: 0 }));
  }

  dispatch(event: OpEvent): void {
    const { devices, shared, history } = this.options;
    const chain = this.chains[event.device];
    const device = devices[event.device];
    if (!chain || !device || chain.queued >= 3) return;
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
        // A crash in the middle of an operation is the fault's doing; anything else is a bug.
        const killed = device.generation !== generation || !device.running;
        if (!killed && !(err instanceof NetworkError) && !(err instanceof ApiError)) {
          const text = err instanceof Error ? (err.stack ?? err.message) : String(err);
          history.flag({
            kind: 'appError',
            device: device.index,
            detail: `${event.op}: ${text.split('\n').slice(0, 3).join(' | ')}`,
          });
        }
      }
    });
  }

  idle(): Promise<unknown> {
    return Promise.all(this.chains.map((c) => c.busy));
  }
}

/**
 * Every 2 s: an outbox entry still waiting STALL_BOUND_MS after its device's link became healthy
 * (running, online, no fault on its link, the server up) is a stalled outbox.
 */
function stallWatch({
  devices,
  server,
  history,
}: {
  devices: Device[];
  server: ServerControl;
  history: History;
}): ReturnType<typeof setInterval> {
  const healthySince = new Map<number, number>();
  const check = async () => {
    for (const device of devices) {
      const since = healthySince.get(device.index);
      if (since === undefined || Date.now() - since < STALL_BOUND_MS) continue;
      const waiting = (await device.db?.outbox.toArray().catch(() => [])) ?? [];
      for (const entry of waiting) {
        // An entry not recorded yet was queued this instant (the app has not shown it as saved yet).
        const record = history.writes.get(entry.mutation_id);
        if (entry.status === 'rejected' || !record) continue;
        const from = Math.max(since, record.madeAt);
        if (Date.now() - from > STALL_BOUND_MS) {
          history.flag({
            kind: 'stalledOutbox',
            device: device.index,
            detail: `${entry.name} ${entry.mutation_id.slice(0, 8)} waiting ${Math.round((Date.now() - from) / 1000)} s on a healthy link`,
          });
          history.note(`device ${device.index} stall: ${await device.describeOutbox(entry.mutation_id)}`);
        }
      }
    }
  };
  return setInterval(() => {
    for (const device of devices) {
      const healthy = device.running && device.browserOnline && !device.proxy.faulty() && server.up();
      if (!healthy) healthySince.delete(device.index);
      else if (!healthySince.has(device.index)) healthySince.set(device.index, Date.now());
    }
    void check();
  }, 2_000);
}
