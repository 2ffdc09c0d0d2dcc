import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { freePort } from '../tests/support/free-port.ts';
import { startServerProcess } from '../tests/support/server-process.ts';
import { smsCode } from './sms-code.ts';

const dir = mkdtempSync(path.join(os.tmpdir(), 'h31-trace-'));
const port = await freePort();
const lines: string[] = [];
const server = await startServerProcess({
  dir: path.join(dir, 'data'),
  port,
  lines,
  env: { LOG_LEVEL: 'info' },
});
const base = `http://localhost:${port}`;
const context = await chromium.launchPersistentContext(path.join(dir, 'p'), {
  executablePath: '/usr/bin/chromium',
  headless: true,
  locale: 'ko-KR',
  viewport: { width: 412, height: 823 },
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run'],
});
const page = context.pages()[0] ?? (await context.newPage());
await page.goto(`${base}/Login`);
await page.locator('#login-phone').fill('01020000001');
const before = lines.length;
await page.locator('#login-phone ~ button').click();
await page.getByTestId('countdown').waitFor();
await page.locator('#login-code').fill(await smsCode({ lines, phone: '01020000001', after: before }));
await page.locator('form button[type="submit"]').click();
await page.locator('main.screen search input').waitFor();
await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 120000 });
await page.waitForTimeout(8000);
await context.setOffline(true);
server.kill('SIGKILL');
const cdp = await context.newCDPSession(page);
await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
for (let i = 0; i < 3; i++) {
  await page.goto(`${base}/Home`);
  await page.locator('main.screen search input').waitFor();
}
const events: any[] = [];
cdp.on('Tracing.dataCollected', (e) => events.push(...e.value));
await cdp.send('Tracing.start', {
  categories: 'devtools.timeline,v8.execute,disabled-by-default-devtools.timeline,blink.user_timing,loading',
  transferMode: 'ReportEvents',
});
await page.addInitScript(() => {
  new MutationObserver(() => {
    const w = window as unknown as { __inputAt?: number };
    if (w.__inputAt === undefined && document.querySelector('main.screen search input'))
      w.__inputAt = performance.now();
  }).observe(document, { childList: true, subtree: true });
});
await page.goto(`${base}/Home`, { waitUntil: 'commit' });
const usableAt = await (
  await page.waitForFunction(
    () =>
      document.querySelector('main.screen search input') ? performance.timeOrigin + performance.now() : false,
    undefined,
    { polling: 'raf' },
  )
).jsonValue();
const origin = await page.evaluate(() => performance.timeOrigin);
await page.waitForTimeout(2000);
const done = new Promise((r) => cdp.once('Tracing.tracingComplete', r));
await cdp.send('Tracing.end');
await done;
writeFileSync(
  '/tmp/h31/trace.json',
  JSON.stringify({ traceEvents: events, usable: (usableAt as number) - origin }),
);
console.log(
  'usable',
  (usableAt as number) - origin,
  'input in DOM',
  await page.evaluate(() => (window as unknown as { __inputAt?: number }).__inputAt),
);
await context.close();
process.exit(0);
