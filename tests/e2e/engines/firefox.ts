import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import puppeteer from 'puppeteer-core';
import type { EngineDriver } from './journey.ts';
import type { NetnsNetwork } from './netns.ts';

/** Debian's Firefox ESR (`apt-get install firefox-esr`), driven over WebDriver BiDi by puppeteer-core. */
export const FIREFOX_PATH = process.env.FIREFOX_PATH ?? '/usr/bin/firefox-esr';

/**
 * Firefox ESR on a fresh profile, in Korean at a phone's size. It follows the operating system's
 * connectivity as a user's Firefox does (puppeteer turns that off by default), so the journey's
 * lost route is what takes it offline.
 */
export async function openFirefox(
  network: Pick<NetnsNetwork, 'origin' | 'setOnline'>,
): Promise<{ driver: EngineDriver; close(): Promise<void> }> {
  const profile = mkdtempSync(path.join(tmpdir(), 'bunyang-firefox-'));
  const browser = await puppeteer.launch({
    browser: 'firefox',
    executablePath: FIREFOX_PATH,
    headless: true,
    userDataDir: profile,
    extraPrefsFirefox: {
      'intl.accept_languages': 'ko-KR, ko',
      'network.manage-offline-status': true,
      // Nothing of Mozilla's own is reachable: no portal or connectivity probes.
      'network.captive-portal-service.enabled': false,
      'network.connectivity-service.enabled': false,
    },
  });
  const page = await browser.newPage();
  await page.setViewport({ width: 390, height: 844 });
  const driver: EngineDriver = {
    async goto(to) {
      await page.goto(`${network.origin}${to}`, { waitUntil: 'load' });
    },
    async click(xpath) {
      const element = await page.waitForSelector(`xpath/${xpath}`, { visible: true, timeout: 30_000 });
      if (!element) throw new Error(`nothing to click at ${xpath}`);
      await element.click();
    },
    async type(css, text) {
      const element = await page.waitForSelector(css, { visible: true, timeout: 30_000 });
      if (!element) throw new Error(`no field ${css}`);
      await element.type(text);
    },
    run<T>(body: string) {
      return page.evaluate(`(async () => { ${body} })()`) as Promise<T>;
    },
    setOnline: (online) => network.setOnline(online),
    screenshot: async (file) => {
      await page.screenshot({ path: file });
    },
  };
  return {
    driver,
    async close() {
      await browser.close().catch(() => {});
      rmSync(profile, { recursive: true, force: true });
    },
  };
}
