/**
 * npm run bench:lighthouse — Lighthouse (mobile, its default config) on the pages a new agent
 * opens first, against the product server as `npm start` runs it (fresh data dir, demo data).
 *
 * Starts `server/main.ts` on a fresh DATA_DIR, opens Chromium with a remote debugging port
 * (a persistent profile, so the tabs Lighthouse opens share its storage), signs a demo agent in
 * the way the e2e helpers do (authPhone, the code from the server log, login) and opens the home
 * once so the service worker and the first sync are in place, as on an agent's phone. Lighthouse
 * then loads each member page in a new tab with that storage kept (`disableStorageReset`); the
 * splash, a visitor's page measured before the sign-in, is a first visit on every run.
 *
 * The map's base tiles come from tile.openstreetmap.org. When this machine cannot reach it, a local
 * stand-in answers for that host (bench/tile-stand-in.ts) so the page is measured as a connected
 * phone sees it; `-- --tiles unreachable` measures it with every tile request failing instead.
 * The JSON says which.
 *
 * Each page is measured `--runs` times (3) and the median run is reported, as Lighthouse advises
 * for a score that moves from run to run; the JSON keeps every run's performance score.
 *
 * Writes bench/results/lighthouse.json: per page the four category scores (0–100) and the audits
 * that did not pass (score under Lighthouse's pass mark of 0.9). Exits non-zero when accessibility
 * or best practices are under 100 on the home or the map, the pages the issue names.
 */
import type { ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { chromium } from '@playwright/test';
import lighthouse from 'lighthouse';
import { computeMedianRun } from 'lighthouse/core/lib/median-run.js';
import { freePort } from '../tests/support/free-port.ts';
import { startServerProcess } from '../tests/support/server-process.ts';
import { smsCode } from './sms-code.ts';
import { startTileStandIn, TILE_HOST, type TileStandIn, tileHostReachable } from './tile-stand-in.ts';

const { values } = parseArgs({
  options: {
    tiles: { type: 'string', default: 'auto' },
    /** A folder for each page's whole Lighthouse report (its filmstrip and traces), to see why. */
    'reports-dir': { type: 'string' },
    /** Lighthouse runs per page; the median run is reported (Lighthouse's own computeMedianRun). */
    runs: { type: 'string', default: '3' },
    /** Only these pages (names, comma-separated), to look at one page; results are printed, not saved. */
    pages: { type: 'string' },
  },
});
if (!['auto', 'unreachable'].includes(values.tiles ?? '')) throw new Error('--tiles is auto or unreachable');
const RUNS = Number(values.runs);
if (!Number.isInteger(RUNS) || RUNS < 1) throw new Error('--runs is a whole number from 1');

const AGENT = '01020000001';
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
/** The pages measured; `gate` pages must keep accessibility and best practices at 100. */
const ALL_PAGES = [
  { name: 'splash', path: '/', signedIn: false, gate: false },
  { name: 'inquire', path: '/Inquire', signedIn: true, gate: false },
  { name: 'home', path: '/Home', signedIn: true, gate: true },
  { name: 'map', path: '/Map', signedIn: true, gate: true },
] as const;
const only = values.pages?.split(',');
const PAGES = only ? ALL_PAGES.filter((p) => only.includes(p.name)) : ALL_PAGES;
if (PAGES.length === 0) throw new Error(`--pages names none of ${ALL_PAGES.map((p) => p.name).join(', ')}`);
const GATED: ReadonlyArray<(typeof CATEGORIES)[number]> = ['accessibility', 'best-practices'];
const METRICS = [
  'first-contentful-paint',
  'largest-contentful-paint',
  'total-blocking-time',
  'cumulative-layout-shift',
  'speed-index',
] as const;
/** Lighthouse's report shows an audit as passed from this score up. */
const PASS = 0.9;

const log = (...args: unknown[]) => console.error('[bench:lighthouse]', ...args);

type LhrLike = NonNullable<Awaited<ReturnType<typeof lighthouse>>>['lhr'];

interface AuditResult {
  id: string;
  title: string;
  score: number | null;
  scoreDisplayMode: string;
  details?: { items?: Array<Record<string, unknown>> };
}

/** What a failing audit points at, briefly: the elements, URLs or messages in its details. */
function itemsOf(audit: AuditResult): string[] {
  return (audit.details?.items ?? []).slice(0, 5).map((item) => {
    const node = item.node as { selector?: string; snippet?: string } | undefined;
    const text = node?.selector ?? item.description ?? item.url ?? JSON.stringify(item);
    // A console error names its message and the resource it came from.
    const url = item.url ?? (item.sourceLocation as { url?: string } | undefined)?.url;
    const where = node?.selector || typeof url !== 'string' || text === url ? '' : ` (${url})`;
    return `${String(text).slice(0, 200)}${where}`;
  });
}

const dir = mkdtempSync(path.join(os.tmpdir(), 'bunyang-bench-lighthouse-'));
const profile = path.join(dir, 'chromium-profile');
let server: ChildProcess | null = null;
// However this script ends, the server it started goes with it.
process.on('exit', () => server?.kill('SIGKILL'));

const port = await freePort();
const debugPort = await freePort();
const base = `http://localhost:${port}`;
const lines: string[] = [];
server = await startServerProcess({ dir: path.join(dir, 'data'), port, lines, env: { LOG_LEVEL: 'info' } });
const tiles: TileStandIn | null =
  values.tiles === 'auto' && !(await tileHostReachable()) ? await startTileStandIn({ dir }) : null;
const tileSource = tiles
  ? `${TILE_HOST} unreachable from this machine: answered by the local stand-in (bench/tile-stand-in.ts)`
  : values.tiles === 'auto'
    ? `${TILE_HOST} over the network`
    : `${TILE_HOST} as this machine reaches it (--tiles unreachable)`;
log('tiles:', tileSource);
// Debian's Chromium, as the e2e suite and the other benchmarks use (playwright.config.ts).
const context = await chromium.launchPersistentContext(profile, {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  headless: true,
  locale: 'ko-KR',
  args: [
    `--remote-debugging-port=${debugPort}`,
    '--lang=ko-KR',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
    ...(tiles?.chromiumArgs ?? []),
  ],
});
try {
  const page = context.pages()[0] ?? (await context.newPage());
  const results: Record<string, unknown> = {};
  let failed = false;
  let signedIn = false;
  let version = '';
  for (const target of PAGES) {
    if (target.signedIn && !signedIn) {
      await signIn(page);
      signedIn = true;
    }
    log('measuring', target.path, `(${RUNS} runs)`);
    // One run's score moves by several points from run to run on the same build: Lighthouse's
    // advice is several runs and the median one (docs/variability.md), as Lighthouse CI does.
    const runs: Array<{ lhr: LhrLike; trace: unknown }> = [];
    for (let i = 0; i < RUNS; i++) {
      const run = await lighthouse(`${base}${target.path}`, {
        port: debugPort,
        output: 'json',
        logLevel: 'error',
        // A visitor's page is a first visit on every run (Lighthouse clears the origin's storage,
        // the service worker's cache with it); a member's keeps the signed-in device's storage.
        disableStorageReset: target.signedIn,
        onlyCategories: [...CATEGORIES],
      });
      if (!run) throw new Error(`Lighthouse returned nothing for ${target.path}`);
      if (run.lhr.runtimeError) throw new Error(`${target.path}: ${run.lhr.runtimeError.message}`);
      runs.push({ lhr: run.lhr, trace: (run.artifacts as { Trace?: unknown }).Trace });
    }
    const median = computeMedianRun(runs.map((r) => r.lhr));
    const chosen = runs.find((r) => r.lhr === median) ?? runs[0];
    if (!chosen) throw new Error(`no run for ${target.path}`);
    const lhr = chosen.lhr;
    version = lhr.lighthouseVersion;
    if (values['reports-dir']) {
      mkdirSync(values['reports-dir'], { recursive: true });
      writeFileSync(path.join(values['reports-dir'], `${target.name}.json`), JSON.stringify(lhr));
      // The page load's trace (DevTools' Performance panel opens it): what each long task ran.
      if (chosen.trace) {
        writeFileSync(
          path.join(values['reports-dir'], `${target.name}.trace.json`),
          JSON.stringify(chosen.trace),
        );
      }
    }
    const scores = Object.fromEntries(
      CATEGORIES.map((c) => [c, Math.round((lhr.categories[c]?.score ?? 0) * 100)]),
    ) as Record<(typeof CATEGORIES)[number], number>;
    const failing = Object.fromEntries(
      CATEGORIES.map((c) => [
        c,
        (lhr.categories[c]?.auditRefs ?? [])
          .map((ref) => lhr.audits[ref.id] as AuditResult | undefined)
          .filter(
            (a): a is AuditResult =>
              a !== undefined &&
              a.score !== null &&
              a.score < PASS &&
              !['manual', 'notApplicable', 'informative'].includes(a.scoreDisplayMode),
          )
          .map((a) => ({ id: a.id, title: a.title, score: a.score, items: itemsOf(a) })),
      ]),
    );
    const below = target.gate ? GATED.filter((c) => scores[c] < 100) : [];
    if (below.length > 0) failed = true;
    // The performance score's inputs, as measured (ms, CLS unitless): where a page loses points.
    const metrics = Object.fromEntries(
      METRICS.map((id) => [id, Math.round((lhr.audits[id]?.numericValue ?? 0) * 1000) / 1000]),
    );
    results[target.name] = {
      url: target.path,
      signed_in: target.signedIn,
      scores,
      // Every run's performance score, the reported (median) run's among them.
      performance_runs: runs.map((r) => Math.round((r.lhr.categories.performance?.score ?? 0) * 100)),
      // Each run's blocking time (ms): what moves the score most from run to run on this machine.
      total_blocking_time_runs: runs.map((r) =>
        Math.round(r.lhr.audits['total-blocking-time']?.numericValue ?? 0),
      ),
      metrics,
      failing,
      warnings: lhr.runWarnings,
    };
    log(target.path, scores, below.length > 0 ? `below 100: ${below.join(', ')}` : '');
  }
  const result = {
    pages: results,
    gate: { pages: PAGES.filter((p) => p.gate).map((p) => p.path), categories: GATED, minimum: 100 },
    settings: {
      lighthouse: version,
      config: 'default (mobile form factor, simulated throttling)',
      runs_per_page: RUNS,
      reported_run: 'the median run (lighthouse/core/lib/median-run.js: closest to the median FCP and TTI)',
      browser: await context.browser()?.version(),
      user: `demo agent ${AGENT}`,
      tiles: tileSource,
      stand_in_tiles_served: tiles?.requests() ?? null,
    },
    machine: {
      cpus: os.cpus().length,
      node: process.version,
      load_average_1m: Math.round((os.loadavg()[0] ?? 0) * 100) / 100,
    },
    measured_at: new Date().toISOString(),
  };
  // A run over some pages only is a look, not the benchmark's record.
  if (!only) {
    mkdirSync('bench/results', { recursive: true });
    writeFileSync('bench/results/lighthouse.json', `${JSON.stringify(result, null, 2)}\n`);
  }
  console.log(JSON.stringify(result, null, 2));
  if (failed) {
    log('accessibility or best practices under 100 on a gated page');
    process.exitCode = 1;
  }
} finally {
  await context.close();
  await tiles?.close();
  server?.kill('SIGTERM');
  rmSync(dir, { recursive: true, force: true });
}

/**
 * Signs the demo agent in as tests/e2e/support.ts `loginAs` does and opens the home once, so
 * the service worker is installed and the first sync has run before Lighthouse loads a page.
 */
async function signIn(page: import('@playwright/test').Page) {
  await page.goto(`${base}/`);
  const deviceId = await page.evaluate(() => {
    let id = localStorage.getItem('bt.deviceId');
    if (!id) {
      id = crypto.randomUUID();
      localStorage.setItem('bt.deviceId', id);
    }
    return id;
  });
  const sent = await page.request.post(`${base}/api/v1/auth/authPhone`, {
    data: { phone_number: AGENT, is_login: 'Y' },
    headers: { 'x-device-id': deviceId },
  });
  if ((await sent.json()).code !== 0) throw new Error(`authPhone failed: ${await sent.text()}`);
  const code = await smsCode({ lines, phone: AGENT });
  const res = await page.request.post(`${base}/api/v1/auth/login`, {
    data: { phone_number: AGENT, code, device_id: deviceId },
  });
  const body = (await res.json()) as { code: number; data: { access_token: string; uid: number } };
  if (body.code !== 0) throw new Error(`login failed: ${JSON.stringify(body)}`);
  await page.evaluate(
    ({ token, uid }) => {
      localStorage.setItem('bt.uid', String(uid));
      localStorage.setItem('bt.token', token);
    },
    { token: body.data.access_token, uid: body.data.uid },
  );
  await page.goto(`${base}/Home`);
  // The first sync has settled (a signed-in page keeps its live stream open: the network is
  // never idle).
  await page
    .getByTestId('sync-indicator')
    .getByText(/동기화됨/)
    .waitFor({ timeout: 60_000 });
  // Only Lighthouse's tab runs the app while it measures.
  await page.goto('about:blank');
}
