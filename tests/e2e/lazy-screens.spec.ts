import { expect, test } from '@playwright/test';
import { loginAs, waitForServiceWorker } from './support.ts';

test('screens never opened before load offline from the service worker after one visit to home', async ({
  page,
  context,
}) => {
  await loginAs(page, '01020000005');
  await page.goto('/Home');
  await expect(page.getByRole('heading', { name: '분양톡' })).toBeVisible();
  await waitForServiceWorker(page);
  // The visit is over once the home has loaded the other member screens' code in the background
  // (src/app/warm-screens.ts): the router answers when each of those screens' chunks is in.
  await page.evaluate(async () => {
    interface RouteLike {
      fullPath: string;
    }
    const router = (
      self as unknown as {
        __TSR_ROUTER__: {
          routesById: Record<string, RouteLike>;
          loadRouteChunk: (route: RouteLike) => Promise<unknown> | undefined;
        };
      }
    ).__TSR_ROUTER__;
    const member = Object.values(router.routesById).filter((r) => !r.fullPath.startsWith('/admin'));
    await Promise.all(member.map((route) => router.loadRouteChunk(route)));
  });

  await context.setOffline(true);
  const scripts: { file: string; fromServiceWorker: boolean }[] = [];
  const failed: string[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() !== 'script') return;
    scripts.push({ file: new URL(response.url()).pathname, fromServiceWorker: response.fromServiceWorker() });
  });
  page.on('requestfailed', (request) => {
    // The reload cancels the home's background loading of other screens' code (warm-screens.ts),
    // which is still running on a loaded machine: cancelled is not failed.
    if (request.resourceType() !== 'script' || request.failure()?.errorText === 'net::ERR_ABORTED') return;
    failed.push(`${request.url()} ${request.failure()?.errorText}`);
  });
  // A fresh document: no screen's code is in memory, only what the service worker keeps.
  const reload = await page.reload();
  expect(reload?.fromServiceWorker()).toBe(true);
  await expect(page.getByRole('heading', { name: '분양톡' })).toBeVisible();
  const nav = page.getByRole('navigation', { name: '주 메뉴' });

  await nav.getByRole('link', { name: '더보기' }).click();
  await expect(page).toHaveURL(/\/More$/);
  await expect(page.getByRole('heading', { name: '면적 계산기' })).toBeVisible();

  await nav.getByRole('link', { name: '관심' }).click();
  await expect(page).toHaveURL(/\/Interest$/);
  await expect(page.getByRole('tab', { name: '최근 본 현장' })).toBeVisible();
  await expect(page.getByText('네트워크 없음: 이 기기에 저장된 현장을 보여 드립니다.')).toBeVisible();

  await page.getByTestId('sync-indicator').click();
  await expect(page).toHaveURL(/\/sync$/);
  await expect(page.getByRole('heading', { name: '동기화' })).toBeVisible();
  await expect(page.getByText('오프라인 상태입니다.', { exact: false })).toBeVisible();

  // Each screen's own chunk was fetched after going offline, and every script came from the cache.
  const files = scripts.map((s) => s.file);
  for (const screen of ['MoreScreen', 'InterestScreen', 'SyncScreen']) {
    expect(files.some((f) => f.startsWith(`/assets/${screen}-`))).toBe(true);
  }
  expect(scripts.filter((s) => !s.fromServiceWorker)).toEqual([]);
  expect(failed).toEqual([]);
  await context.setOffline(false);
});

test.describe('without the offline cache', () => {
  test.use({ serviceWorkers: 'block' });

  test('a screen whose code a new deploy removed offers a reload instead of a blank page', async ({
    page,
  }) => {
    await loginAs(page, '01020000006');
    // The server no longer has the More screen's chunk the loaded page asks for.
    const moreChunk = /\/assets\/MoreScreen-[^/]+\.js$/;
    await page.route(moreChunk, (route) => route.fulfill({ status: 404, body: '' }));
    await page.goto('/Home');
    await expect(page.getByRole('heading', { name: '분양톡' })).toBeVisible();
    await page.getByRole('navigation', { name: '주 메뉴' }).getByRole('link', { name: '더보기' }).click();

    const alert = page.getByRole('alert').filter({ hasText: '화면을 열지 못했습니다.' });
    await expect(alert).toBeVisible();
    await expect(alert.getByRole('button', { name: '새로고침' })).toBeVisible();
    await expect(page.getByRole('navigation', { name: '주 메뉴' })).toBeVisible();

    // Once the file is there again, the reload button opens the screen.
    await page.unroute(moreChunk);
    await alert.getByRole('button', { name: '새로고침' }).click();
    await expect(page.getByRole('heading', { name: '면적 계산기' })).toBeVisible();
  });
});
