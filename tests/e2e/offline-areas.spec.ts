import { expect, test } from '@playwright/test';
import { apiCall, loginAs } from './support.ts';

interface AreaOption {
  f_idx: number;
  f_area: string;
  f_district: string;
  site_count: number;
}

// A tiny PNG: the base-map server stands in locally, as the tests never reach the internet.
const TILE = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

test('an area kept offline answers a keyword search without a network with the same sites as online', async ({
  page,
  context,
}) => {
  await context.route(/tile\.openstreetmap\.org/, (route) =>
    route.fulfill({
      status: 200,
      contentType: 'image/png',
      body: TILE,
      headers: { 'access-control-allow-origin': '*' },
    }),
  );
  const { token } = await loginAs(page, '01020000003');
  const { list: options } = await apiCall<{ list: AreaOption[] }>({
    page,
    token,
    path: '/map/offlineAreas',
    method: 'get',
  });
  const area = [...options].sort((a, b) => b.site_count - a.site_count)[0];
  expect(area?.site_count).toBeGreaterThan(0);
  if (!area) return;

  await page.goto('/Map');
  await page.getByRole('button', { name: '지도 도구' }).click();
  await page.getByRole('button', { name: '오프라인 지역' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByText('이 기기에 보관한 지역이 아직 없습니다.')).toBeVisible();
  await dialog.getByLabel('시/도').selectOption(area.f_area);
  await dialog.getByLabel('시/군/구').selectOption(String(area.f_idx));
  // The size before: the server's estimate.
  await expect(dialog.getByTestId('offline-area-estimate')).toContainText(`현장 ${area.site_count}개`);
  await dialog.getByRole('button', { name: '오프라인 보관' }).click();
  // The size after: what was stored, with its map tiles.
  const kept = dialog.getByTestId('kept-area');
  await expect(kept).toContainText(area.f_district, { timeout: 30_000 });
  await expect(kept).toContainText(`현장 ${area.site_count}개`);
  await expect(kept).toContainText(/지도 타일 [1-9]\d*장/);
  await expect(kept).toContainText(/\d+ (KB|MB)/);
  await dialog.getByRole('button', { name: '닫기' }).click();

  // The province and district together name the area's addresses and nothing else.
  const keyword = `${area.f_area}${area.f_district}`;
  const count = page.locator('.site-list__count');
  await page.getByLabel('검색어').fill(keyword);
  await page.getByRole('button', { name: '검색', exact: true }).click();
  // What the server finds for it everywhere: the screen shows that online.
  const { count: expected } = await apiCall<{ count: number }>({
    page,
    token,
    path: '/site/searchSiteForMap_app',
    data: { keyword, use_keyword: 'Y' },
  });
  expect(expected).toBeGreaterThan(0);
  const online = `현장 ${expected}개`;
  await expect(count).toHaveText(online);
  await expect(page.getByText('오프라인 결과', { exact: true })).toHaveCount(0);
  const onlineNames = await page.locator('.site-row').allTextContents();

  await context.setOffline(true);
  await page.getByRole('button', { name: '검색', exact: true }).click();
  await expect(page.getByText('오프라인 결과', { exact: true })).toBeVisible();
  await expect(page.getByTestId('offline-areas-covered')).toContainText(area.f_district);
  await expect(count).toHaveText(online);
  await expect.poll(() => page.locator('.site-row').allTextContents()).toEqual(onlineNames);

  // Removed, the area no longer answers offline.
  await page.getByRole('button', { name: '지도 도구' }).click();
  await page.getByRole('button', { name: '오프라인 지역' }).click();
  await page
    .getByRole('dialog')
    .getByRole('button', { name: `${area.f_district} 삭제` })
    .click();
  await expect(page.getByRole('dialog').getByText('이 기기에 보관한 지역이 아직 없습니다.')).toBeVisible();
  await context.setOffline(false);
});
