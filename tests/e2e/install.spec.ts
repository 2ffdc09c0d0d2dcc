import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import sharp from 'sharp';
import { loginAs } from './support.ts';

/**
 * Installing the app (issue 32): the offer after the first sync (Chromium's prompt, here a
 * synthetic `beforeinstallprompt`), a remembered dismissal, the iOS guide, the icon badge with
 * the unread count, and the manifest's shortcuts and screenshots.
 */

const AGENT = '01020000006';

/** Records the badge calls (this browser badges nothing it has not installed). */
async function spyOnBadge(page: Page) {
  await page.addInitScript(() => {
    const calls: number[] = [];
    (window as unknown as { __badges: number[] }).__badges = calls;
    Object.assign(navigator, {
      setAppBadge: (n?: number) => {
        calls.push(n ?? 0);
        return Promise.resolve();
      },
      clearAppBadge: () => {
        calls.push(0);
        return Promise.resolve();
      },
    });
  });
}

/** What Chromium fires when the app may be installed; `outcome` is the member's answer to its prompt. */
async function offerInstall(page: Page, outcome: 'accepted' | 'dismissed' = 'dismissed') {
  await page.evaluate((answer) => {
    const w = window as unknown as { __prompts?: number };
    w.__prompts ??= 0;
    const event = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
      prompt: async () => {
        w.__prompts = (w.__prompts ?? 0) + 1;
      },
      userChoice: Promise.resolve({ outcome: answer, platform: 'web' }),
    });
    window.dispatchEvent(event);
  }, outcome);
}

async function synced(page: Page) {
  await expect(page.getByTestId('sync-indicator')).toHaveText(/동기화됨/, { timeout: 20_000 });
}

test('the install offer waits for the first sync, appears once, and a dismissal is remembered', async ({
  page,
}) => {
  await spyOnBadge(page);
  await loginAs(page, AGENT);
  // Hold the first pull: the app is up and syncing, the offer must wait.
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route('**/api/v1/sync/pull', async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/Home');
  await offerInstall(page);
  await expect(page.getByTestId('sync-indicator')).toHaveText(/동기화 중/, { timeout: 20_000 });
  // What acts after the first screen (the offer among it) is up: it has set the icon's badge.
  await expect
    .poll(() => page.evaluate(() => (window as unknown as { __badges: number[] }).__badges.length))
    .toBeGreaterThan(0);
  await expect(page.getByTestId('install-offer')).toHaveCount(0);
  release();
  await synced(page);
  const offer = page.getByTestId('install-offer');
  await expect(offer).toBeVisible();
  await expect(offer).toHaveAttribute('data-way', 'prompt');
  await expect(offer).toHaveCount(1);
  const axe = await new AxeBuilder({ page })
    .include('[data-testid="install-offer"]')
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  expect(axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')).toEqual([]);

  await offer.getByRole('button', { name: '나중에' }).click();
  await expect(offer).toHaveCount(0);
  await page.unroute('**/api/v1/sync/pull');

  // Another launch: the prompt comes again (More offers to install), the offer does not.
  await page.reload();
  await synced(page);
  await offerInstall(page);
  await page.getByRole('link', { name: '더보기' }).click();
  await expect(page.getByTestId('install-tile')).toBeVisible();
  await expect(page.getByTestId('install-offer')).toHaveCount(0);
});

test('installing from the offer runs the browser’s prompt once, and the offer does not come back in that launch', async ({
  page,
}) => {
  await loginAs(page, AGENT);
  await page.goto('/Home');
  await synced(page);
  await offerInstall(page, 'accepted');
  await page.getByTestId('install-offer').getByRole('button', { name: '설치' }).click();
  await expect(page.getByTestId('install-offer')).toHaveCount(0);
  expect(await page.evaluate(() => (window as unknown as { __prompts: number }).__prompts)).toBe(1);
  // The browser offers again (say, after a reinstall): the More tile appears, the offer stays away.
  await offerInstall(page);
  await page.getByRole('link', { name: '더보기' }).click();
  await expect(page.getByTestId('install-tile')).toBeVisible();
  await expect(page.getByTestId('install-offer')).toHaveCount(0);
});

test('on iOS, with no prompt, the offer is the guide to Add to Home Screen, and its dismissal is remembered', async ({
  page,
}) => {
  // iOS Safari: navigator.standalone exists and is false outside the home-screen app.
  await page.addInitScript(() => Object.defineProperty(navigator, 'standalone', { value: false }));
  await loginAs(page, AGENT);
  await page.goto('/Home');
  await synced(page);
  const offer = page.getByTestId('install-offer');
  await expect(offer).toHaveAttribute('data-way', 'ios');
  await expect(offer.getByTestId('ios-install-guide')).toContainText('홈 화면에 추가');
  await offer.getByRole('button', { name: '확인' }).click();
  await expect(offer).toHaveCount(0);
  await page.reload();
  await synced(page);
  await page.getByRole('link', { name: '더보기' }).click();
  await page.getByTestId('install-tile').click();
  await expect(page.getByRole('dialog').getByTestId('ios-install-guide')).toBeVisible();
  await expect(page.getByTestId('install-offer')).toHaveCount(0);
});

test('the app badge shows the unread notification count, and is cleared on sign-out', async ({ page }) => {
  await spyOnBadge(page);
  await loginAs(page, AGENT);
  await page.goto('/Home');
  await synced(page);
  const unread = () =>
    page.evaluate(async () => {
      const sync = (
        window as unknown as {
          __bunyangSync: { db: { inbox: { toArray: () => Promise<Array<{ f_read: string }>> } } };
        }
      ).__bunyangSync;
      return (await sync.db.inbox.toArray()).filter((r) => r.f_read === 'N').length;
    });
  const lastBadge = () => page.evaluate(() => (window as unknown as { __badges: number[] }).__badges.at(-1));
  const count = await unread();
  expect(count, 'the demo agent has unread notifications').toBeGreaterThan(0);
  await expect.poll(lastBadge).toBe(count);
  await expect(page.getByTestId('notify-unread')).toContainText(String(count));

  await page.getByRole('link', { name: '더보기' }).click();
  await page.getByRole('button', { name: '로그아웃' }).click();
  await page.getByRole('button', { name: '확인' }).click();
  await expect(page).toHaveURL(/\/Login$/);
  await expect.poll(lastBadge).toBe(0);
});

test('the manifest has the shortcuts 매물 등록, 지도 and 알림, and real screenshots of the app at phone and desktop size', async ({
  request,
}) => {
  const res = await request.get('/manifest.webmanifest');
  expect(res.headers()['content-type']).toContain('application/manifest+json');
  const manifest = (await res.json()) as {
    shortcuts: Array<{ name: string; url: string; icons: Array<{ src: string; sizes: string }> }>;
    screenshots: Array<{ src: string; sizes: string; type: string; form_factor: string; label: string }>;
  };
  expect(manifest.shortcuts.map((s) => [s.name, s.url])).toEqual([
    ['매물 등록', '/RegSite/step1/New'],
    ['지도', '/Map'],
    ['알림', '/notify'],
  ]);
  const sizeOf = async (src: string) => {
    const file = await request.get(src);
    expect(file.status(), src).toBe(200);
    const meta = await sharp(await file.body()).metadata();
    expect(meta.format).toBe('png');
    return `${meta.width}x${meta.height}`;
  };
  for (const shortcut of manifest.shortcuts) {
    for (const icon of shortcut.icons) expect(await sizeOf(icon.src)).toBe(icon.sizes);
  }
  expect(new Set(manifest.screenshots.map((s) => s.form_factor))).toEqual(new Set(['narrow', 'wide']));
  for (const shot of manifest.screenshots) {
    expect(shot.label.length).toBeGreaterThan(0);
    expect(await sizeOf(shot.src)).toBe(shot.sizes);
  }
});
