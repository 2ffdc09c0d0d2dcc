// The manifest's screenshots (Android shows the richer install sheet with them): real screens of
// the built app with demo data, taken in Chromium at phone size (`narrow`) and at desktop size
// (`wide`). Run after a visible change: npm run build && node --import tsx scripts/screenshots.ts
// It starts its own server on a fresh data folder (a free port, or SCREENSHOT_PORT).
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type BrowserContext, chromium, type Page } from '@playwright/test';
import sharp from 'sharp';
import { manifestScreenshots } from './pwa-manifest.ts';

/** A demo agent with a ticket and new-open sites with pictures (server/seed/demo.ts). */
const AGENT = '01020000004';

async function freePort(): Promise<number> {
  const { createServer } = await import('node:net');
  return new Promise((resolve) => {
    const probe = createServer();
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

async function startServer(): Promise<{ base: string; log: () => string; stop: () => void }> {
  const port = Number(process.env.SCREENSHOT_PORT) || (await freePort());
  const dataDir = mkdtempSync(path.join(tmpdir(), 'bunyang-shots-'));
  let log = '';
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      LOG_LEVEL: 'info',
      SEED_DEMO_HOME: 'false',
      BACKUP_EVERY_MINUTES: '0',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  child.stdout?.on('data', (chunk: Buffer) => {
    log += chunk.toString();
  });
  const base = `http://localhost:${port}`;
  for (let i = 0; i < 600; i++) {
    if (
      await fetch(`${base}/api/v1/health`).then(
        (r) => r.ok,
        () => false,
      )
    )
      break;
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    base,
    log: () => log,
    stop: () => {
      child.kill('SIGTERM');
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function signIn({ page, base, log }: { page: Page; base: string; log: () => string }) {
  const before = log().length;
  await page.request.post(`${base}/api/v1/auth/authPhone`, { data: { phone_number: AGENT, is_login: 'Y' } });
  let code: string | undefined;
  for (let i = 0; i < 100 && !code; i++) {
    code = new RegExp(`\\[sms\\] to=${AGENT} code=(\\d{6})`).exec(log().slice(before))?.[1];
    if (!code) await new Promise((r) => setTimeout(r, 100));
  }
  if (!code) throw new Error('no SMS code in the server log');
  await page.goto(`${base}/`);
  const deviceId = await page.evaluate(() => {
    const id = crypto.randomUUID();
    localStorage.setItem('bt.deviceId', id);
    // The offer to install would cover the screens.
    localStorage.setItem('bt.installDismissedAt', String(Date.now()));
    return id;
  });
  const res = await page.request.post(`${base}/api/v1/auth/login`, {
    data: { phone_number: AGENT, code, device_id: deviceId },
  });
  const { data } = (await res.json()) as { data: { access_token: string; uid: number } };
  await page.evaluate(
    ({ token, uid }) => {
      localStorage.setItem('bt.uid', String(uid));
      localStorage.setItem('bt.token', token);
    },
    { token: data.access_token, uid: data.uid },
  );
  return { token: data.access_token, deviceId };
}

/** An own new-open site with pictures, for the detail screens. */
async function siteWithPictures({
  page,
  base,
  token,
  deviceId,
}: {
  page: Page;
  base: string;
  token: string;
  deviceId: string;
}) {
  const res = await page.request.post(`${base}/api/v1/site/getMySiteList`, {
    headers: { 'x-access-token': token, 'x-device-id': deviceId },
    data: { site_type: 'O' },
  });
  const { data } = (await res.json()) as {
    data: {
      list: Array<{ f_idx: number; f_hidden: string; f_complete: string; f_image_url: string | null }>;
    };
  };
  const site = data.list.find((s) => s.f_hidden === 'N' && s.f_complete === 'N' && s.f_image_url);
  if (!site) throw new Error('no demo site with pictures');
  return site.f_idx;
}

async function shoot({ page, url, file }: { page: Page; url: string; file: string }) {
  await page.goto(url);
  await page.getByTestId('sync-indicator').filter({ hasText: '동기화됨' }).waitFor({ timeout: 60_000 });
  await page.waitForLoadState('networkidle');
  await page.evaluate(() => document.fonts.ready);
  const shot = await page.screenshot();
  await sharp(shot)
    .png({ palette: true, quality: 90, compressionLevel: 9, effort: 10 })
    .toFile(`public${file}`);
  console.log(`public${file}`);
}

/** The manifest entry's path of a screenshot, by its file name. */
function fileOf(name: string): string {
  const entry = manifestScreenshots.find((s) => s.src === `/screenshots/${name}.png`);
  if (!entry) throw new Error(`no manifest screenshot ${name}`);
  return entry.src;
}

async function context(width: number, height: number): Promise<BrowserContext> {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'],
  });
  return browser.newContext({
    viewport: { width, height },
    deviceScaleFactor: 1,
    locale: 'ko-KR',
    timezoneId: 'Asia/Seoul',
    serviceWorkers: 'block',
  });
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const server = await startServer();
  try {
    const narrow = await (await context(390, 844)).newPage();
    const session = await signIn({ page: narrow, base: server.base, log: server.log });
    const site = await siteWithPictures({ page: narrow, base: server.base, ...session });
    await shoot({ page: narrow, url: `${server.base}/Home`, file: fileOf('narrow-home') });
    await shoot({
      page: narrow,
      url: `${server.base}/SiteDetail?site_idx=${site}`,
      file: fileOf('narrow-site'),
    });
    await shoot({ page: narrow, url: `${server.base}/SaleList`, file: fileOf('narrow-sale-list') });
    const widePage = await (await context(1280, 800)).newPage();
    await signIn({ page: widePage, base: server.base, log: server.log });
    await shoot({
      page: widePage,
      url: `${server.base}/SiteDetail?site_idx=${site}`,
      file: fileOf('wide-site'),
    });
    await narrow.context().browser()?.close();
    await widePage.context().browser()?.close();
  } finally {
    server.stop();
  }
}
