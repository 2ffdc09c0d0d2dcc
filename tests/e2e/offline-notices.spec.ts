import { expect, test } from '@playwright/test';
import type { SitePage } from '../../sync/api/site-lists.api.ts';
import { apiCall, loginAs, waitForServiceWorker } from './support.ts';

test.use({ viewport: { width: 390, height: 844 } });

test('the offline notices of my sites and of a site detail go when the connection comes back, without navigating', async ({
  page,
  context,
}) => {
  const { token } = await loginAs(page, '01020000003');
  const mine = await apiCall<SitePage>({
    page,
    token,
    path: '/site/getMySiteList',
    data: { site_type: 'A' },
  });
  const site = mine.list[0];
  if (!site) throw new Error('the demo agent has sites');
  await page.goto('/Home');
  await expect(page.getByTestId('sync-indicator')).toHaveText(/동기화됨/, { timeout: 20_000 });
  await waitForServiceWorker(page);

  // 내 매물, opened without a network: the device's sites, and the notice saying so.
  await context.setOffline(true);
  await page.goto('/SaleList');
  const notice = page.getByTestId('from-device');
  await expect(notice).toHaveText('네트워크 없음: 이 기기에 저장된 현장을 보여 드립니다.');
  await expect(page.getByTestId('sync-indicator')).toHaveText(/오프라인/);
  // Back online: the header says synced and the notice is gone, the server's list in its place.
  await context.setOffline(false);
  await expect(page.getByTestId('sync-indicator')).toHaveText(/동기화됨/, { timeout: 20_000 });
  await expect(notice).toHaveCount(0);
  await expect(page.locator(`.site-item[data-site-idx="${site.f_idx}"]`)).toBeVisible();

  // The same for a site's detail read from the device.
  await context.setOffline(true);
  await page.goto(`/SiteDetail?site_idx=${site.f_idx}`);
  await expect(page.locator('.detail-summary__name')).toHaveText(site.f_name);
  await expect(notice).toBeVisible();
  await context.setOffline(false);
  await expect(notice).toHaveCount(0);
  await expect(page.locator('.detail-summary__name')).toHaveText(site.f_name);
});
