/**
 * npm run bench:network — the first visit, the first sync and a reload on a building site's
 * connection, and the installed app opened offline.
 *
 * The product server runs as `npm start` runs it (fresh data dir, demo data). Chromium (Debian's,
 * a fresh profile per profile below) reaches it only through a throttling proxy on loopback
 * (bench/throttle-proxy.ts): one link shared by every connection the browser opens to the app's
 * origin, so the service worker's requests are throttled like the page's. Bytes are counted on
 * that link as sent (compressed), headers included.
 *
 * Profiles: `weak` 400 kbps down, 200 kbps up, 400 ms round trip; `slow4g` 1.6 Mbps, 750 kbps,
 * 150 ms. For each, on a fresh profile:
 *   login_usable_ms / login_bytes   navigation to /Login until the login screen is usable, and the
 *                                   bytes received by then. "Usable" (`usable` below): the phone
 *                                   field and its send-code button are on the screen, enabled, and
 *                                   each is the element at its own centre (nothing covers it), so a
 *                                   tap reaches it and typing fills it (the script then types).
 *   sign_in_to_home_ms              from submitting the code to a usable home (its search field and
 *                                   button, same rule).
 *   first_sync_settled_ms           from submitting the code until the sync engine has finished its
 *                                   first sync (a successful pull to the end, nothing running).
 *   first_sync_bytes                bytes of the sync calls (/api/v1/sync/*) in that time, both ways.
 *   warm_reload_ms                  once the service worker controls the page and the link has been
 *                                   quiet for 3 s, a reload of /Home until the home is usable.
 * offline: after one online visit (unthrottled link: sign in, first sync, service worker in
 * control), the link is cut and the browser set offline, and /Home is opened five times in that tab:
 * home_usable_ms is the median from navigation start to a usable home; home_usable_cpu4x_ms the
 * same with the page's CPU slowed 4× (DevTools CPU throttling).
 *
 * Options: `--profiles weak,slow4g`, `--offline-runs 5`. Writes bench/results/network.json.
 */
import type { ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { type BrowserContext, chromium, type Page } from '@playwright/test';
import { freePort } from '../tests/support/free-port.ts';
import { startServerProcess } from '../tests/support/server-process.ts';
import { smsCode } from './sms-code.ts';
import {
  type LinkProfile,
  type RequestRecord,
  startThrottleProxy,
  type ThrottleProxy,
} from './throttle-proxy.ts';

const { values } = parseArgs({
  options: {
    profiles: { type: 'string', default: 'weak,slow4g' },
    'offline-runs': { type: 'string', default: '5' },
  },
});

const PROFILES: Record<string, LinkProfile> = {
  weak: { name: 'weak', downKbps: 400, upKbps: 200, rttMs: 400 },
  slow4g: { name: 'slow4g', downKbps: 1600, upKbps: 750, rttMs: 150 },
};
/** The offline visit's online part: a link that costs nothing measurable. */
const UNTHROTTLED: LinkProfile = { name: 'unthrottled', downKbps: 1_000_000, upKbps: 1_000_000, rttMs: 0 };
const TARGETS = {
  weak: { login_usable_ms: 5000, login_bytes: 200_000, first_sync_bytes: 40_000 },
  slow4g: { login_usable_ms: 2000 },
  offline: { home_usable_ms: 300, home_usable_cpu4x_ms: 500 },
};
const AGENT = '01020000001';

const log = (...args: unknown[]) => console.error('[bench:network]', ...args);
const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? (s[mid] ?? 0) : ((s[mid - 1] ?? 0) + (s[mid] ?? 0)) / 2;
};
const round = (n: number) => Math.round(n);

declare global {
  interface Window {
    __benchSubmitAt?: number;
    __benchSynced?: number;
  }
}

/**
 * The moment (ms since epoch) a screen became usable: every element `selectors` names is laid out,
 * enabled, and the topmost element at its centre. Polled every frame in the page.
 */
async function usable(page: Page, selectors: string[], timeout = 120_000): Promise<number> {
  // Written as text: the bundler that runs this script would name inner functions with a helper
  // the page does not have.
  const handle = await page.waitForFunction(
    `(() => {
      const sels = ${JSON.stringify(selectors)};
      for (const s of sels) {
        const el = document.querySelector(s);
        if (!(el instanceof HTMLElement) || el.disabled) return false;
        const r = el.getBoundingClientRect();
        if (r.width === 0 || r.height === 0) return false;
        const top = document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2);
        if (top === null || !(top === el || el.contains(top))) return false;
      }
      return performance.timeOrigin + performance.now();
    })()`,
    undefined,
    { polling: 'raf', timeout },
  );
  return (await handle.jsonValue()) as number;
}

/** `usable`, or a screenshot and the page's address in the error when it never comes. */
async function usableOrExplain(page: Page, selectors: string[], timeout?: number): Promise<number> {
  try {
    return await usable(page, selectors, timeout);
  } catch (err) {
    const shot = path.join(os.tmpdir(), `bench-network-${Date.now()}.png`);
    await page.screenshot({ path: shot }).catch(() => {});
    throw new Error(`${selectors.join(', ')} never usable at ${page.url()} (screenshot ${shot})`, {
      cause: err,
    });
  }
}

const LOGIN = ['#login-phone', '#login-phone ~ button'];
const HOME = ['main.screen search input[type="search"]', 'main.screen search button[type="submit"]'];

const navigationStart = (page: Page) => page.evaluate(() => performance.timeOrigin);

/** Chromium on a fresh profile, as a phone-sized page. */
async function launch(profileDir: string): Promise<BrowserContext> {
  return chromium.launchPersistentContext(profileDir, {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    locale: 'ko-KR',
    timezoneId: 'Asia/Seoul',
    viewport: { width: 412, height: 823 },
    isMobile: true,
    hasTouch: true,
    serviceWorkers: 'allow',
    // The measuring checks are evaluated as text (see `usable`), which the app's CSP forbids.
    bypassCSP: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
}

/** Signs the demo agent in through the login screen; answers when the form was submitted (ms since epoch). */
async function signIn({ page, lines }: { page: Page; lines: string[] }): Promise<number> {
  await page.locator('#login-phone').fill(AGENT);
  const before = lines.length;
  await page.locator('#login-phone ~ button').click();
  // The server logs the code before its answer has crossed the link: the form takes the code
  // once the answer is in (the countdown shows).
  await page.getByTestId('countdown').waitFor({ timeout: 120_000 });
  const code = await smsCode({ lines, phone: AGENT, after: before });
  await page.locator('#login-code').fill(code);
  await page.evaluate(() => {
    document.addEventListener(
      'submit',
      () => (window.__benchSubmitAt = performance.timeOrigin + performance.now()),
      {
        capture: true,
        once: true,
      },
    );
  });
  await page.locator('form button[type="submit"]').click();
  return (await (await page.waitForFunction(() => window.__benchSubmitAt)).jsonValue()) as number;
}

/**
 * Records when the app's sync engine first finishes a sync (ms since epoch, in
 * `window.__benchSynced`). The engine loads with the first signed-in screen; a sync that ended
 * before this runs is seen at once (its last-synced time is set and nothing runs).
 */
async function watchFirstSync(page: Page): Promise<void> {
  await page.waitForFunction(() => window.__bunyangSync !== undefined, undefined, { timeout: 120_000 });
  await page.evaluate(`(() => {
    const engine = window.__bunyangSync.engine;
    const check = () => {
      const s = engine.status();
      if (s.lastSyncedAt !== null && !s.syncing && window.__benchSynced === undefined) {
        window.__benchSynced = performance.timeOrigin + performance.now();
      }
    };
    engine.subscribe(check);
    check();
  })()`);
}

/**
 * Waits until the link has carried nothing but the session poll for `quietMs` (spec §4 asks the
 * server every 2 s whether the session still holds: a request the app always makes).
 */
async function linkQuiet({
  proxy,
  quietMs,
  timeoutMs,
}: {
  proxy: ThrottleProxy;
  quietMs: number;
  timeoutMs: number;
}) {
  const started = performance.now();
  const notPoll = (r: RequestRecord) => !r.path.startsWith('/api/v1/user/checkSession');
  for (;;) {
    const now = performance.timeOrigin + performance.now();
    const from = now - quietMs;
    const recent =
      proxy.bytes({ from, to: now, direction: 'down', only: notPoll }) +
      proxy.bytes({ from, to: now, direction: 'up', only: notPoll });
    if (recent === 0 && performance.now() - started > quietMs) return;
    if (performance.now() - started > timeoutMs)
      throw new Error(`the link was still busy after ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

/** Where the bytes of a window went: the largest requests first. */
function breakdown({ proxy, from, to }: { proxy: ThrottleProxy; from: number; to: number }) {
  return proxy
    .requests()
    .filter((r) => r.startedAt >= from && r.startedAt <= to)
    .map((r: RequestRecord) => ({
      request: `${r.method} ${r.path}`,
      kb: Math.round((r.down + r.up) / 100) / 10,
      at_ms: round(r.startedAt - from),
    }))
    .sort((a, b) => b.kb - a.kb);
}

const isSync = (r: RequestRecord) => r.path.startsWith('/api/v1/sync/');
const isApi = (r: RequestRecord) => r.path.startsWith('/api/');

async function measureProfile({
  profile,
  upstreamPort,
  lines,
  dir,
}: {
  profile: LinkProfile;
  upstreamPort: number;
  lines: string[];
  dir: string;
}) {
  const proxy = await startThrottleProxy({ upstreamPort, profile });
  const base = `http://localhost:${proxy.port}`;
  const context = await launch(path.join(dir, `profile-${profile.name}`));
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    if (process.env.BENCH_DEBUG) {
      page.on('response', async (r) => {
        if (r.url().includes('/api/'))
          log('answer', r.status(), r.url(), (await r.text().catch(() => '')).slice(0, 200));
      });
      page.on('console', (m) => log('console', m.text()));
    }
    log(profile.name, 'first visit: /Login');
    await page.goto(`${base}/Login`, { waitUntil: 'commit' });
    const loginStart = await navigationStart(page);
    const loginAt = await usableOrExplain(page, LOGIN);
    const loginBytes = proxy.bytes({ from: loginStart, to: loginAt, direction: 'down' });
    const loginBytesUp = proxy.bytes({ from: loginStart, to: loginAt, direction: 'up' });

    log(profile.name, 'signing in');
    const submitAt = await signIn({ page, lines });
    const homeAt = await usableOrExplain(page, HOME);
    await watchFirstSync(page);
    const syncedAt = (await (
      await page.waitForFunction(() => window.__benchSynced, undefined, { timeout: 300_000 })
    ).jsonValue()) as number;
    const span = { from: submitAt, to: syncedAt };
    const syncBytes =
      proxy.bytes({ ...span, direction: 'down', only: isSync }) +
      proxy.bytes({ ...span, direction: 'up', only: isSync });

    log(profile.name, 'waiting for the service worker and a quiet link');
    const controlled = Date.now();
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, {
      timeout: 600_000,
    });
    const controlledAt = performance.timeOrigin + performance.now();
    log(profile.name, `controlled after ${Math.round((Date.now() - controlled) / 1000)} s`);
    await linkQuiet({ proxy, quietMs: 3000, timeoutMs: 600_000 });
    const settledAt = performance.timeOrigin + performance.now();

    log(profile.name, 'warm reload');
    await page.reload({ waitUntil: 'commit' });
    const reloadStart = await navigationStart(page);
    const reloadAt = await usableOrExplain(page, HOME);

    return {
      profile: { down_kbps: profile.downKbps, up_kbps: profile.upKbps, rtt_ms: profile.rttMs },
      login_usable_ms: round(loginAt - loginStart),
      login_bytes: loginBytes,
      sign_in_to_home_ms: round(homeAt - submitAt),
      first_sync_settled_ms: round(syncedAt - submitAt),
      first_sync_bytes: syncBytes,
      warm_reload_ms: round(reloadAt - reloadStart),
      details: {
        login_bytes_up: loginBytesUp,
        login_requests: breakdown({ proxy, from: loginStart, to: loginAt }),
        first_sync_api_bytes:
          proxy.bytes({ ...span, direction: 'down', only: isApi }) +
          proxy.bytes({ ...span, direction: 'up', only: isApi }),
        first_sync_all_bytes_down: proxy.bytes({ ...span, direction: 'down' }),
        first_sync_requests: breakdown({ proxy, ...span }),
        service_worker_in_control_after_sign_in_ms: round(controlledAt - submitAt),
        link_quiet_after_sign_in_ms: round(settledAt - submitAt) - 3000,
        bytes_after_first_sync_until_quiet: proxy.bytes({ from: syncedAt, to: settledAt, direction: 'down' }),
        warm_reload_bytes_down: proxy.bytes({ from: reloadStart, to: reloadAt, direction: 'down' }),
        warm_reload_requests: breakdown({ proxy, from: reloadStart, to: reloadAt }),
      },
    };
  } catch (err) {
    const first = proxy.requests()[0]?.startedAt ?? 0;
    for (const r of proxy.requests()) {
      log(
        `  ${Math.round(r.startedAt - first)} ms ${r.method} ${r.path} ↓${r.down} ↑${r.up} done ${Math.round(r.lastDownAt - first)}`,
      );
    }
    throw err;
  } finally {
    await context.close();
    await proxy.close();
  }
}

async function measureOffline({
  upstreamPort,
  lines,
  dir,
  runs,
}: {
  upstreamPort: number;
  lines: string[];
  dir: string;
  runs: number;
}) {
  const proxy = await startThrottleProxy({ upstreamPort, profile: UNTHROTTLED });
  const base = `http://localhost:${proxy.port}`;
  const context = await launch(path.join(dir, 'profile-offline'));
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    log('offline: one online visit');
    await page.goto(`${base}/Login`);
    await usableOrExplain(page, LOGIN);
    await signIn({ page, lines });
    await usableOrExplain(page, HOME);
    await watchFirstSync(page);
    await page.waitForFunction(() => window.__benchSynced, undefined, { timeout: 120_000 });
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, {
      timeout: 300_000,
    });
    await linkQuiet({ proxy, quietMs: 3000, timeoutMs: 300_000 });

    proxy.setOffline(true);
    await context.setOffline(true);
    // Each opening navigates the tab that shows the app to /Home again (from about:blank the
    // browser would also start a new renderer process, which no change of the app can touch).
    const open = async () => {
      await page.goto(`${base}/Home`, { waitUntil: 'commit' });
      const start = await navigationStart(page);
      return (await usableOrExplain(page, HOME, 30_000)) - start;
    };
    // One opening first, not counted: the first navigation after going offline also pays for
    // the old page's teardown and the worker's first offline start.
    await open();
    const plain: number[] = [];
    for (let i = 0; i < runs; i++) plain.push(await open());
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await open();
    const slowed: number[] = [];
    for (let i = 0; i < runs; i++) slowed.push(await open());
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
    return {
      home_usable_ms: round(median(plain)),
      home_usable_cpu4x_ms: round(median(slowed)),
      details: { runs_ms: plain.map(round), runs_cpu4x_ms: slowed.map(round) },
    };
  } finally {
    await context.close();
    await proxy.close();
  }
}

const dir = mkdtempSync(path.join(os.tmpdir(), 'bunyang-bench-network-'));
let server: ChildProcess | null = null;
process.on('exit', () => server?.kill('SIGKILL'));
try {
  const port = await freePort();
  const lines: string[] = [];
  server = await startServerProcess({
    dir: path.join(dir, 'data'),
    port,
    lines,
    env: {
      LOG_LEVEL: 'info',
      // Three sign-ins of one agent within the hour.
      SMS_HOURLY_PER_PHONE: '100',
      SMS_HOURLY_PER_ADDRESS: '100',
      SMS_HOURLY_PER_DEVICE: '100',
    },
  });
  const results: Record<string, unknown> = {};
  for (const name of (values.profiles ?? '').split(',').filter(Boolean)) {
    const profile = PROFILES[name];
    if (!profile) throw new Error(`unknown profile ${name}`);
    results[name] = await measureProfile({ profile, upstreamPort: port, lines, dir });
    log(
      name,
      JSON.stringify(results[name], (k, v) => (k === 'details' ? undefined : v)),
    );
  }
  results.offline = await measureOffline({
    upstreamPort: port,
    lines,
    dir,
    runs: Number(values['offline-runs']),
  });
  log(
    'offline',
    JSON.stringify(results.offline, (k, v) => (k === 'details' ? undefined : v)),
  );
  const context = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' });
  const browser = context.version();
  await context.close();
  const result = {
    ...results,
    targets: TARGETS,
    settings: {
      emulation:
        'throttling proxy on loopback in front of the server (bench/throttle-proxy.ts): one link shared by every connection, page and service worker alike; bytes counted on it, compressed, headers included',
      user: `demo agent ${AGENT} (demo data of npm start)`,
      browser,
      viewport: '412×823, mobile',
    },
    machine: {
      cpus: os.cpus().length,
      node: process.version,
      load_average_1m: Math.round((os.loadavg()[0] ?? 0) * 100) / 100,
    },
    measured_at: new Date().toISOString(),
  };
  mkdirSync('bench/results', { recursive: true });
  writeFileSync('bench/results/network.json', `${JSON.stringify(result, null, 2)}\n`);
  console.log(JSON.stringify(result, (k, v) => (k === 'details' ? undefined : v), 2));
} finally {
  server?.kill('SIGTERM');
  rmSync(dir, { recursive: true, force: true });
}
