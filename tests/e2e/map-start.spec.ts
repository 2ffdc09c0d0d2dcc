import { expect, test } from '@playwright/test';
import { loginAs } from './support.ts';

test('a first map opens where sites are, keeps its tools in one button, and refreshes itself when the network returns', async ({
  page,
  context,
}) => {
  await loginAs(page, '01020000001');
  await page.evaluate(() => localStorage.removeItem('bt.mapView'));
  await page.goto('/Map');
  const count = page.locator('.site-list__count');
  // Not a street with "0 sites": the start view holds sites.
  await expect(count).toHaveText(/^현장 [1-9][\d,]*개$/, { timeout: 20_000 });
  // Two controls over the map; the other tools are folded into one of them.
  await expect(page.getByRole('link', { name: '로드뷰' })).toHaveCount(0);
  await page.getByRole('button', { name: '지도 도구' }).click();
  await expect(page.getByRole('link', { name: '로드뷰' })).toBeVisible();
  await page.getByRole('button', { name: '거리', exact: true }).click();
  await expect(page.getByRole('link', { name: '로드뷰' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: '지도 도구' })).toHaveClass(/is-active/);
  await page.getByRole('button', { name: '지도 도구' }).click();
  await page.getByRole('button', { name: '거리', exact: true }).click();

  // Offline the answer comes from the device; back online it is replaced without a touch.
  const online = await count.textContent();
  await context.setOffline(true);
  await page.locator('.ol-zoom-out').click();
  await expect(page.getByText('오프라인 결과', { exact: true })).toBeVisible({ timeout: 20_000 });
  await context.setOffline(false);
  await expect(page.getByText('오프라인 결과', { exact: true })).toHaveCount(0, { timeout: 20_000 });
  await expect(count).toHaveText(/^현장 [1-9][\d,]*개$/);
  // 초기화 brings the start view back, with what it held.
  await page.getByRole('button', { name: '초기화' }).click();
  await expect(count).toHaveText(online ?? '');
});
