import { expect, test } from '@playwright/test';
import { apiCall, loginAs, readStore } from './support.ts';

interface AreaOption {
  f_idx: number;
  f_area: string;
  f_district: string;
  f_code: string;
  site_count: number;
}
interface Found {
  count: number;
  list: Array<{ f_name: string; f_latitude: number; f_longitude: number }>;
}
type Box = { south: number; west: number; north: number; east: number };

// A tiny PNG: the base-map server stands in locally, as the tests never reach the internet.
const TILE = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

test('a map view kept offline answers a keyword search there without a network, until it is removed in settings', async ({
  page,
  context,
}) => {
  test.setTimeout(120_000);
  await context.route(/tile\.openstreetmap\.org/, (route) =>
    route.fulfill({
      status: 200,
      contentType: 'image/png',
      body: TILE,
      headers: { 'access-control-allow-origin': '*' },
    }),
  );
  const { token } = await loginAs(page, '01020000005');
  await page.goto('/Map');
  await expect(page.getByTestId('sync-indicator')).toHaveText(/동기화됨/, { timeout: 30_000 });

  // A district none of this device's own sites is in: offline, only the kept view can answer there.
  const onDevice = new Set(
    (await readStore(page, 'bunyang', 'sitePacks'))
      .flatMap((pack) => pack.sites as Array<{ f_bjd_code?: string | null }>)
      .map((s) => String(s.f_bjd_code ?? '').slice(0, 5)),
  );
  const { list: options } = await apiCall<{ list: AreaOption[] }>({
    page,
    token,
    path: '/map/offlineAreas',
    method: 'get',
  });
  const area = options
    .filter((a) => a.site_count >= 3 && !onDevice.has(a.f_code))
    .sort((a, b) => b.site_count - a.site_count)[0];
  expect(area).toBeDefined();
  if (!area) return;
  const keyword = `${area.f_area}${area.f_district}`;
  const search = (body: Record<string, unknown>) =>
    apiCall<Found>({ page, token, path: '/site/searchSiteForMap_app', data: body });
  const everywhere = await search({ keyword, use_keyword: 'Y' });
  const lat = everywhere.list.reduce((s, x) => s + x.f_latitude, 0) / everywhere.list.length;
  const lng = everywhere.list.reduce((s, x) => s + x.f_longitude, 0) / everywhere.list.length;

  // The map opens on the district's sites.
  await page.evaluate((view) => localStorage.setItem('bt.mapView', JSON.stringify(view)), {
    lat,
    lng,
    zoom: 14.5,
  });
  await page.goto('/Map');
  await expect(page.locator('.site-list__count')).toHaveText(/현장 \d+개/, { timeout: 30_000 });
  await page.getByRole('button', { name: '지도 도구' }).click();
  await page.getByRole('button', { name: '오프라인 지역' }).click();
  const dialog = page.getByRole('dialog');
  // The size before: the server's count of the view's sites, and the name it will be kept under.
  const estimate = dialog.getByTestId('offline-view-estimate');
  await expect(estimate).toContainText(`${area.f_district} 지도 영역`, { timeout: 30_000 });
  await expect(estimate).toContainText(/현장 [1-9]\d*개/);
  await dialog.getByRole('button', { name: '현재 지도 영역 보관' }).click();
  // The size after: what was stored, with its map tiles.
  const kept = dialog.getByTestId('kept-area');
  await expect(kept).toContainText(`${area.f_district} 지도 영역`, { timeout: 30_000 });
  await expect(kept).toContainText(/지도 타일 [1-9]\d*장/);
  await expect(kept).toContainText(/\d+ (KB|MB)/);
  await expect(dialog.getByText('이 지도 영역은 이미 보관되어 있습니다.')).toBeVisible();
  await dialog.getByRole('button', { name: '닫기' }).click();

  // What the server finds for the keyword inside the kept view.
  const views = (await readStore(page, 'bunyang-areas', 'areas')).filter((a) => a.view);
  expect(views).toHaveLength(1);
  const view = views[0]?.view as Box;
  const inside = await search({ keyword, use_keyword: 'N', bounds: view });
  expect(inside.count).toBeGreaterThan(0);

  // The app's screens come from the service worker's cache once it controls the page.
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    if (navigator.serviceWorker.controller) return;
    await new Promise<void>((resolve) =>
      navigator.serviceWorker.addEventListener('controllerchange', () => resolve()),
    );
  });
  await context.setOffline(true);
  const count = page.locator('.site-list__count');
  await page.getByLabel('검색어').fill(keyword);
  await page.getByRole('button', { name: '검색', exact: true }).click();
  await expect(page.getByText('오프라인 결과', { exact: true })).toBeVisible();
  await expect(page.getByTestId('offline-areas-covered')).toContainText(`${area.f_district} 지도 영역`);
  await expect(count).toHaveText(`현장 ${inside.count}개`);
  const rows = page.locator('.site-row');
  await expect(rows).toHaveCount(inside.list.length);
  for (const site of inside.list) await expect(rows.filter({ hasText: site.f_name }).first()).toBeVisible();

  // Settings, still offline: the kept view with its size, removed after a confirmation.
  await page.getByRole('link', { name: '더보기' }).click();
  await page.getByRole('button', { name: '오프라인 지역' }).click();
  const settings = page.getByRole('dialog');
  await expect(settings.getByTestId('kept-area')).toContainText(`${area.f_district} 지도 영역`);
  await expect(settings.getByTestId('kept-areas-total')).toContainText(/\d+ (KB|MB)/);
  await settings.getByRole('button', { name: `${area.f_district} 지도 영역 삭제` }).click();
  await page.getByRole('button', { name: '확인' }).click();
  await expect(page.getByText(/이 기기에 보관한 지역이 아직 없습니다/)).toBeVisible();
  await page.getByRole('button', { name: '닫기' }).click();

  // The map's offline search no longer covers it.
  await page.getByRole('link', { name: '지도' }).click();
  await page.getByLabel('검색어').fill(keyword);
  await page.getByRole('button', { name: '검색', exact: true }).click();
  await expect(page.getByText('오프라인 결과', { exact: true })).toBeVisible();
  await expect(page.getByTestId('offline-areas-covered')).not.toContainText('지도 영역');
  await expect(count).toHaveText('현장 0개');
  await context.setOffline(false);
});
