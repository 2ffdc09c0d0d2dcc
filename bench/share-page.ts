/**
 * npm run bench:share — a customer opens a shared site's link (issue 32: /s/<token>) on the weak
 * profile of bench:network (400 kbps down, 200 kbps up, 400 ms round trip), through the same
 * throttling proxy (bench/throttle-proxy.ts), in a fresh Chromium context each run (nothing cached,
 * as a customer tapping the link in KakaoTalk the first time).
 *
 * The product server runs as `npm start` runs it (fresh data dir, demo data), with PUBLIC_URL on the
 * proxy so the link and its pictures cross the thin link. A demo agent makes the link through the API.
 * Per run, from navigation start: first_contentful_paint_ms, dom_content_loaded_ms, load_ms (every
 * picture in), and the bytes the page took (html_bytes: the page itself; page_bytes: everything).
 * Medians of `--runs` (5). Writes bench/results/share-page.json.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { chromium } from '@playwright/test';
import { freePort } from '../tests/support/free-port.ts';
import { startServerProcess } from '../tests/support/server-process.ts';
import { smsCode } from './sms-code.ts';
import { type LinkProfile, startThrottleProxy } from './throttle-proxy.ts';

const { values } = parseArgs({ options: { runs: { type: 'string', default: '5' } } });
const WEAK: LinkProfile = { name: 'weak', downKbps: 400, upKbps: 200, rttMs: 400 };
const TARGETS = { first_contentful_paint_ms: 2000, html_bytes: 16_000 };
/** A demo agent with new-open sites with pictures (server/seed/demo.ts). */
const AGENT = '01020000006';

const log = (...args: unknown[]) => console.error('[bench:share]', ...args);
const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? (s[mid] ?? 0) : ((s[mid - 1] ?? 0) + (s[mid] ?? 0)) / 2;
};

async function post<T>({
  base,
  path: to,
  body,
  token,
}: {
  base: string;
  path: string;
  body: unknown;
  token?: string;
}) {
  const res = await fetch(`${base}/api/v1${to}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-device-id': 'bench-share-device',
      ...(token ? { 'x-access-token': token } : {}),
    },
    body: JSON.stringify(body),
  });
  const json = (await res.json()) as { code: number; data: T };
  if (json.code !== 0) throw new Error(`${to} answered ${JSON.stringify(json)}`);
  return json.data;
}

/** The demo agent signs in through the API (unthrottled) and makes a link to a site with pictures. */
async function makeLink({ base, lines }: { base: string; lines: string[] }): Promise<string> {
  const before = lines.length;
  await post({ base, path: '/auth/authPhone', body: { phone_number: AGENT, is_login: 'Y' } });
  const code = await smsCode({ lines, phone: AGENT, after: before });
  const { access_token: token } = await post<{ access_token: string }>({
    base,
    path: '/auth/login',
    body: { phone_number: AGENT, code, device_id: 'bench-share-device' },
  });
  const mine = await post<{
    list: Array<{ f_idx: number; f_hidden: string; f_complete: string; f_image_url: string | null }>;
  }>({ base, path: '/site/getMySiteList', body: { site_type: 'O' }, token });
  const site = mine.list.find((s) => s.f_hidden === 'N' && s.f_complete === 'N' && s.f_image_url);
  if (!site) throw new Error('no demo site with pictures');
  const { url } = await post<{ url: string }>({
    base,
    path: '/site/createSiteShare',
    body: { site_idx: site.f_idx },
    token,
  });
  return url;
}

const dir = mkdtempSync(path.join(os.tmpdir(), 'bunyang-bench-share-'));
const upstreamPort = await freePort();
const proxy = await startThrottleProxy({ upstreamPort, profile: WEAK });
const lines: string[] = [];
const server = await startServerProcess({
  dir: path.join(dir, 'data'),
  port: upstreamPort,
  lines,
  env: { LOG_LEVEL: 'info', PUBLIC_URL: `http://localhost:${proxy.port}` },
});
process.on('exit', () => server.kill('SIGKILL'));
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--disable-background-networking'],
});
try {
  const url = await makeLink({ base: `http://127.0.0.1:${upstreamPort}`, lines });
  const runs: Array<Record<string, number>> = [];
  for (let i = 0; i < Number(values.runs); i++) {
    const context = await browser.newContext({
      locale: 'ko-KR',
      viewport: { width: 360, height: 740 },
      isMobile: true,
      hasTouch: true,
    });
    const page = await context.newPage();
    const from = performance.timeOrigin + performance.now();
    await page.goto(url, { waitUntil: 'load' });
    const to = performance.timeOrigin + performance.now();
    const timing = await page.evaluate(() => {
      const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
      const fcp = performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Number.NaN;
      return { fcp, dcl: nav.domContentLoadedEventEnd, load: nav.loadEventEnd || performance.now() };
    });
    const pageRequest = proxy.requests().findLast((r) => url.endsWith(r.path));
    runs.push({
      first_contentful_paint_ms: Math.round(timing.fcp),
      dom_content_loaded_ms: Math.round(timing.dcl),
      load_ms: Math.round(timing.load),
      html_bytes: pageRequest?.down ?? 0,
      page_bytes: proxy.bytes({ from, to, direction: 'down' }),
    });
    log(`run ${i + 1}`, JSON.stringify(runs.at(-1)));
    await context.close();
  }
  const of = (key: string) => median(runs.map((r) => r[key] ?? 0));
  const result = {
    weak: {
      profile: { down_kbps: WEAK.downKbps, up_kbps: WEAK.upKbps, rtt_ms: WEAK.rttMs },
      first_contentful_paint_ms: of('first_contentful_paint_ms'),
      dom_content_loaded_ms: of('dom_content_loaded_ms'),
      load_ms: of('load_ms'),
      html_bytes: of('html_bytes'),
      page_bytes: of('page_bytes'),
      runs,
    },
    targets: TARGETS,
    settings: {
      emulation:
        'throttling proxy on loopback in front of the server (bench/throttle-proxy.ts), bytes as sent',
      page: 'a demo agent’s new-open site with pictures, fresh browser context per run, 360×740 mobile',
      browser: browser.version(),
    },
    machine: {
      cpus: os.cpus().length,
      node: process.version,
      load_average_1m: Math.round((os.loadavg()[0] ?? 0) * 100) / 100,
    },
    measured_at: new Date().toISOString(),
  };
  mkdirSync('bench/results', { recursive: true });
  writeFileSync('bench/results/share-page.json', `${JSON.stringify(result, null, 2)}\n`);
  console.log(JSON.stringify(result, (k, v) => (k === 'runs' ? undefined : v), 2));
} finally {
  await browser.close();
  await proxy.close();
  server.kill('SIGTERM');
  rmSync(dir, { recursive: true, force: true });
}
