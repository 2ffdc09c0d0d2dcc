import { expect, test } from '@playwright/test';
import { waitForServiceWorker } from './support.ts';

test('the app opens in Korean and still opens with the network off after one visit', async ({
  page,
  context,
}) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { name: '분양톡' })).toBeVisible();

  // Wait until the service worker is activated and controls this page.
  await page.evaluate(async () => {
    const reg = await navigator.serviceWorker.ready;
    if (!navigator.serviceWorker.controller) {
      await new Promise<void>((resolve) =>
        navigator.serviceWorker.addEventListener('controllerchange', () => resolve()),
      );
    }
    return reg.active?.state;
  });
  expect(await page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);

  await context.setOffline(true);
  const response = await page.reload();
  expect(response?.fromServiceWorker()).toBe(true);
  await expect(page.getByRole('heading', { name: '분양톡' })).toBeVisible();
  await expect(page.getByRole('link', { name: '로그인' })).toBeVisible();

  // Another route works offline through the navigation fallback.
  await page.goto('/Login');
  await expect(page.getByRole('heading', { name: '로그인' }).first()).toBeVisible();
  await context.setOffline(false);
});

test('a protected route without a session redirects to the login screen', async ({ page }) => {
  await page.goto('/Map');
  await expect(page).toHaveURL(/\/Login$/);
});

test('the manifest and service worker are served', async ({ request }) => {
  const manifest = await request.get('/manifest.webmanifest');
  expect(manifest.ok()).toBe(true);
  const body = await manifest.json();
  expect(body).toMatchObject({ short_name: '분양톡', display: 'standalone', start_url: '/' });
  expect(body.icons.map((i: { sizes: string }) => i.sizes)).toEqual(['192x192', '512x512', '512x512']);
  expect(body.icons.some((i: { purpose?: string }) => i.purpose === 'maskable')).toBe(true);
  const sw = await request.get('/sw.js');
  expect(sw.ok()).toBe(true);
  expect(sw.headers()['cache-control']).toBe('no-cache');
  expect(await sw.text()).toContain('precache');
});

test('the admin area is never served from the offline cache', async ({ page, context }) => {
  await page.goto('/');
  await waitForServiceWorker(page);
  await context.setOffline(true);
  await page.goto('/admin/member');
  await expect(page.getByRole('heading', { name: '관리자 화면은 온라인에서만 열립니다' })).toBeVisible();
  await context.setOffline(false);
});
