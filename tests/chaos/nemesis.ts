import type { ChildProcess } from 'node:child_process';
import { createRng } from '../../server/seed/random.ts';
import { startServerProcess } from '../support/server-process.ts';
import type { Device } from './device.ts';
import type { History } from './history.ts';
import { sleep } from './proxy.ts';
import type { FaultEvent } from './schedule.ts';

/**
 * The server process of a run, which the nemesis may kill and start again on the same port and
 * data directory. Its error log lines are kept for the checker.
 */
export class ServerControl {
  private child: ChildProcess | null = null;
  restarting: Promise<void> | null = null;
  readonly lines: string[] = [];

  constructor(
    private readonly dir: string,
    readonly port: number,
  ) {}

  async start(): Promise<void> {
    this.child = await startServerProcess({
      dir: this.dir,
      port: this.port,
      env: { SEED_DEMO: 'false', LOG_LEVEL: 'error' },
      lines: this.lines,
      stderr: 'ignore',
    });
  }

  up(): boolean {
    const child = this.child;
    return child !== null && child.exitCode === null && child.signalCode === null && this.restarting === null;
  }

  /** SIGKILL now, a restart after `ms`; answers false when the server is already down. */
  kill(ms: number, history: History): boolean {
    if (!this.up()) return false;
    this.child?.kill('SIGKILL');
    history.note('server killed (SIGKILL)');
    this.restarting = (async () => {
      await sleep(ms);
      await this.start();
      history.note('server restarted');
    })().finally(() => {
      this.restarting = null;
    });
    return true;
  }

  stop(): void {
    if (this.child && this.child.exitCode === null) this.child.kill('SIGKILL');
  }
}

/**
 * Applies the schedule's faults to the devices' links, the devices and the server, and ends
 * each after its time; `healAll` ends every one at once for a checkpoint.
 */
export class Nemesis {
  private readonly pending = new Map<number, () => Promise<void> | void>();
  private readonly crashing = new Set<Promise<void>>();
  private readonly crashingDevices = new Set<number>();
  private serial = 0;

  constructor(
    private readonly devices: Device[],
    private readonly server: ServerControl,
    private readonly history: History,
  ) {}

  /** Runs `heal` after `ms`, unless a checkpoint ran it first. */
  private later(ms: number, heal: () => Promise<void> | void): void {
    const id = ++this.serial;
    this.pending.set(id, heal);
    setTimeout(() => {
      const run = this.pending.get(id);
      this.pending.delete(id);
      if (run) void Promise.resolve(run()).catch(() => {});
    }, ms);
  }

  async apply(event: FaultEvent): Promise<void> {
    const { history } = this;
    const rng = createRng(event.seed);
    const device = this.devices[event.target];
    history.countFault(event.fault);
    history.note(
      `fault ${event.fault} on ${device ? `device ${device.index}` : 'server'} for ${event.ms} ms`,
    );
    const link = (fault: Parameters<Device['proxy']['add']>[0]['fault']) =>
      device?.proxy.add({ fault, ms: event.ms, seed: event.seed });
    switch (event.fault) {
      case 'partition':
        return link(rng.chance(0.5) ? 'refuse' : 'inbound');
      case 'blackhole':
        return link('blackhole');
      case 'lostAnswers':
        return device?.proxy.loseAnswers({ n: rng.int(1, 3), seed: event.seed });
      case 'delay':
        return link('delay');
      case 'duplicate':
        return link('duplicate');
      case 'slowLink':
        return link('slow');
      case 'pause':
        return link('pause');
      case 'offline':
        if (!device) return;
        device.setOnline(false);
        link('refuse');
        this.later(event.ms, () => device.setOnline(true));
        return;
      case 'clockJump':
        if (device) device.clockOffset += rng.pick([-1, 1]) * rng.pick([2, 7, 25]) * 3_600_000;
        return;
      case 'deviceCrash': {
        if (!device?.running || this.crashingDevices.has(device.index)) return;
        this.crashingDevices.add(device.index);
        // The kill waits for a transaction to land in; the schedule goes on meanwhile.
        const crash = (async () => {
          const stores = await device.crash({ requests: rng.int(1, 4), withinMs: 10_000 });
          if (stores) history.crashes.insideTransaction++;
          else history.crashes.idle++;
          history.note(
            `device ${device.index} killed ${stores ? `inside a transaction over ${stores.join(', ')}` : 'while idle'}`,
          );
          this.later(event.ms, () => device.boot());
        })();
        this.crashing.add(crash);
        void crash.finally(() => {
          this.crashing.delete(crash);
          this.crashingDevices.delete(device.index);
        });
        return;
      }
      case 'deviceStop':
        if (!device?.running) return;
        await device.stop();
        this.later(event.ms, () => device.boot());
        return;
      case 'serverKill':
        this.server.kill(event.ms, history);
        return;
    }
  }

  /** Every fault ends now: restarts done, links healed, devices online and running. */
  async healAll(): Promise<void> {
    await Promise.all([...this.crashing]);
    for (const heal of [...this.pending.values()]) await heal();
    this.pending.clear();
    if (this.server.restarting) await this.server.restarting;
    for (const device of this.devices) {
      device.proxy.heal();
      device.setOnline(true);
      if (!device.running) await device.boot();
    }
  }
}
