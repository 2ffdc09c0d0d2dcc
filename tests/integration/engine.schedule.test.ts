import { afterEach, describe, expect, it, vi } from 'vitest';
import { createTestApp, insertSession, insertUser, type TestApp } from '../../server/testing/fixtures.ts';
import { insertSite } from '../../server/testing/sync-fixtures.ts';
import type { LocalDb } from '../../src/db/db.ts';
import { browserEnvironment, type SyncEnvironment, SyncTiming } from '../../src/sync/engine.ts';
import { createTestEngine, dropDb } from '../../src/sync/testing.ts';

let t: TestApp;
const dbs: LocalDb[] = [];
afterEach(async () => {
  for (const db of dbs.splice(0)) await dropDb(db);
  await t?.close();
});

interface FakeTimer {
  handler: () => void;
  ms: number;
  done: boolean;
}

/** The browser as the engine sees it, driven by the test: events, timers, online state. */
function fakeBrowser() {
  const handlers = new Map<string, Set<() => void>>();
  const timers: FakeTimer[] = [];
  /** Called with the next timer the engine sets. */
  let onTimerSet: (() => void) | null = null;
  const state = { online: true, visible: true, persistAsked: 0 };
  const env: SyncEnvironment = {
    onLine: () => state.online,
    visible: () => state.visible,
    listen: (_target, event, handler) => {
      const set = handlers.get(event) ?? new Set();
      set.add(handler);
      handlers.set(event, set);
      return () => set.delete(handler);
    },
    setTimer: (handler, ms) => {
      const timer = { handler, ms, done: false };
      timers.push(timer);
      onTimerSet?.();
      return timer;
    },
    clearTimer: (timer) => {
      (timer as FakeTimer).done = true;
    },
    persist: async () => {
      state.persistAsked++;
      return true;
    },
    now: () => new Date(),
    random: () => 1,
  };
  const due = () => timers.filter((x) => !x.done);
  return {
    env,
    state,
    fire: (event: string) => {
      for (const h of handlers.get(event) ?? []) h();
    },
    /** The delay of the one timer waiting. */
    nextDelay: () => due().at(-1)?.ms,
    /** Runs the waiting timer and waits until the engine has set the next one. */
    runTimer: async () => {
      const timer = due().at(-1);
      if (!timer) throw new Error('no timer waiting');
      timer.done = true;
      const nextSet = new Promise<void>((resolve) => {
        onTimerSet = () => {
          onTimerSet = null;
          resolve();
        };
      });
      timer.handler();
      await nextSet;
    },
  };
}

async function setup() {
  t = await createTestApp();
  const userIdx = await insertUser(t);
  const site = await insertSite(t, { userIdx });
  const browser = fakeBrowser();
  const made = createTestEngine({
    fetchImpl: (url, init) => t.app.request(url, init),
    token: await insertSession(t, { userIdx }),
    env: browser.env,
  });
  dbs.push(made.db);
  return { ...made, browser, site };
}

const pulls = (requests: string[]) => requests.filter((r) => r.endsWith('/sync/pull')).length;

describe('when the engine syncs on its own', () => {
  it('asks for persistent storage, and syncs on start, on coming online and on becoming visible', async () => {
    const { engine, network, browser } = await setup();
    engine.start();
    expect(browser.state.persistAsked).toBe(1);
    expect(browser.nextDelay()).toBe(0);
    await browser.runTimer();
    let seen = pulls(network.requests);
    expect(seen).toBeGreaterThan(0);
    expect(browser.nextDelay()).toBe(SyncTiming.idleMs);

    browser.fire('online');
    expect(browser.nextDelay()).toBe(0);
    await browser.runTimer();
    expect(pulls(network.requests)).toBe(seen + 1);
    seen++;

    browser.state.visible = false;
    browser.fire('visibilitychange');
    expect(browser.nextDelay()).toBe(SyncTiming.idleMs);
    browser.state.visible = true;
    browser.fire('visibilitychange');
    await browser.runTimer();
    expect(pulls(network.requests)).toBe(seen + 1);
    engine.stop();
  });

  it('sends a change soon after it is made', async () => {
    const { engine, network, browser, site } = await setup();
    engine.start();
    await browser.runTimer();
    await engine.mutate('setLikeSite', { site_idx: site, like_status: 'Y' });
    expect(browser.nextDelay()).toBe(SyncTiming.afterMutationMs);
    await browser.runTimer();
    expect(network.requests.filter((r) => r.endsWith('/sync/push'))).toHaveLength(1);
    expect(engine.status()).toMatchObject({ pending: 0, online: true });
    engine.stop();
  });

  it('pulls soon when asked after a site was viewed online, and not at all once stopped', async () => {
    const { engine, network, browser } = await setup();
    engine.start();
    await browser.runTimer();
    const seen = pulls(network.requests);
    engine.syncSoon();
    expect(browser.nextDelay()).toBe(SyncTiming.afterMutationMs);
    await browser.runTimer();
    expect(pulls(network.requests)).toBe(seen + 1);
    engine.stop();
    const waiting = browser.nextDelay();
    engine.syncSoon();
    expect(browser.nextDelay()).toBe(waiting);
  });

  it('backs off while the server cannot be reached and comes back to the idle pace once it can', async () => {
    const { engine, network, browser, site } = await setup();
    network.online = false;
    await engine.mutate('setLikeSite', { site_idx: site, like_status: 'Y' });
    engine.start();
    const delays: Array<number | undefined> = [];
    for (let i = 0; i < 4; i++) {
      await browser.runTimer();
      delays.push(browser.nextDelay());
    }
    expect(delays).toEqual([1000, 2000, 4000, 8000]);
    expect(engine.status()).toMatchObject({ online: false, pending: 1, retryAt: expect.any(Number) });

    network.online = true;
    browser.fire('online');
    await browser.runTimer();
    expect(engine.status()).toMatchObject({ online: true, pending: 0, retryAt: null });
    expect(browser.nextDelay()).toBe(SyncTiming.idleMs);
    expect(engine.backoffMs(20)).toBe(SyncTiming.backoffMaxMs);
    engine.stop();
  });

  it('sends a change made while a sync is under way once that sync ends, not at the next idle sync', async () => {
    t = await createTestApp();
    const userIdx = await insertUser(t);
    const site = await insertSite(t, { userIdx });
    // The pull answers only when the test lets it: the change is made while the sync waits on it.
    let pullAsked: () => void = () => {};
    const asked = new Promise<void>((resolve) => {
      pullAsked = resolve;
    });
    let answerPull: () => void = () => {};
    const answered = new Promise<void>((resolve) => {
      answerPull = resolve;
    });
    let holding = false;
    const { engine, network, db } = createTestEngine({
      fetchImpl: async (url, init) => {
        if (holding && url.endsWith('/sync/pull')) {
          pullAsked();
          await answered;
        }
        return t.app.request(url, init);
      },
      token: await insertSession(t, { userIdx }),
      // Real timers: the idle sync is 30 s away, far beyond what the test waits.
      env: { ...browserEnvironment, listen: () => () => {}, persist: async () => true },
    });
    dbs.push(db);
    await engine.sync();
    engine.start();
    holding = true;
    engine.syncSoon();
    await asked;
    await engine.mutate('setLikeSite', { site_idx: site, like_status: 'Y' });
    answerPull();
    await vi.waitFor(() => expect(engine.status().pending).toBe(0), { timeout: 5_000, interval: 20 });
    expect(network.requests.filter((r) => r.endsWith('/sync/push'))).toHaveLength(1);
    engine.stop();
  });
});
