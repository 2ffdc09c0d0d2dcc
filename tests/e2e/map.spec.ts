import { expect, type Page, test } from '@playwright/test';
import { apiCall, loginAs } from './support.ts';

interface SearchData {
  count: number;
  list: Array<{ f_idx: number; f_name: string }>;
}

/** The same search the screen makes, straight to the API: what the screen should then show. */
async function searchApi(page: Page, token: string, body: Record<string, unknown>): Promise<SearchData> {
  return apiCall<SearchData>({ page, token, path: '/site/searchSiteForMap_app', data: body });
}

test('search by keyword, narrow by sale price, open a site from the list; offline the search answers from the device', async ({
  page,
  context,
}) => {
  const { token } = await loginAs(page, '01020000001');
  const keyword = '래미안';
  const all = await searchApi(page, token, { keyword, use_keyword: 'Y' });
  expect(all.count).toBeGreaterThan(1);
  // A sale ceiling (slider steps of 50 = 5,000만원) that keeps some of those sites and drops others.
  let ceiling = 0;
  let narrowed: SearchData | null = null;
  for (let step = 50; step <= 950 && !narrowed; step += 50) {
    const found = await searchApi(page, token, { keyword, use_keyword: 'Y', sale_max: step * 100 });
    if (found.count > 0 && found.count < all.count) {
      ceiling = step;
      narrowed = found;
    }
  }
  expect(narrowed, 'a sale ceiling that narrows the keyword results').not.toBeNull();
  if (!narrowed) return;

  await page.goto('/Map');
  const count = page.locator('.site-list__count');
  await page.getByLabel('검색어').fill(keyword);
  await page.getByRole('button', { name: '검색', exact: true }).click();
  // The map moves to what the keyword found, and lists all of it.
  await expect(count).toHaveText(`현장 ${all.count}개`);
  await expect(page.locator('.site-row').first()).toContainText(keyword);

  await page.getByRole('button', { name: '필터', exact: true }).click();
  await page.getByRole('tab', { name: '거래형태·가격' }).click();
  await page.getByLabel('매매가 최대').fill(String(ceiling));
  // Cancel throws the change away (spec §4: the backup is the applied filter).
  await page.getByRole('button', { name: '취소' }).click();
  await expect(count).toHaveText(`현장 ${all.count}개`);
  await page.getByRole('button', { name: '필터', exact: true }).click();
  await page.getByRole('tab', { name: '거래형태·가격' }).click();
  await page.getByLabel('매매가 최대').fill(String(ceiling));
  await page.getByRole('button', { name: '필터 적용' }).click();
  await expect(count).toHaveText(`현장 ${narrowed.count}개`);
  await expect(page.getByRole('button', { name: '필터 (1)' })).toBeVisible();

  const first = narrowed.list[0];
  expect(first).toBeDefined();
  await page.locator('.site-row').first().click();
  await expect(page).toHaveURL(new RegExp(`/SiteDetail\\?site_idx=${first?.f_idx}$`));

  // Without a network the same search runs over the sites saved on this device, and says so.
  await page.goBack();
  await expect(page).toHaveURL(/\/Map/);
  // The signal goes once the pull the view asked for has brought the site, as it would for an
  // agent who opened it online a moment before.
  await expect
    .poll(
      () =>
        page.evaluate(
          (idx) => window.__bunyangSync?.db.sites.get(idx).then((s) => s !== undefined),
          first?.f_idx ?? 0,
        ),
      {
        timeout: 15_000,
      },
    )
    .toBe(true);
  await context.setOffline(true);
  await page.getByLabel('검색어').fill(keyword);
  await page.getByRole('button', { name: '검색', exact: true }).click();
  await expect(page.getByText('오프라인 결과', { exact: true })).toBeVisible();
  await expect(
    page.getByText('네트워크가 없습니다. 이 기기에 저장된 현장에서 찾은 오프라인 결과입니다.'),
  ).toBeVisible();
  // The device keeps the member's own, group, liked and viewed sites: the site just opened is
  // among them (brought in by the pull its view asks for), and the price filter still applies.
  const opened = page.locator('.site-row', { hasText: first?.f_name ?? '' });
  await expect(async () => {
    await page.getByRole('button', { name: '검색', exact: true }).click();
    await expect(opened.first()).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 20_000 });
  const offlineCount = Number((await count.textContent())?.replace(/\D/g, ''));
  expect(offlineCount).toBeGreaterThan(0);
  expect(offlineCount).toBeLessThanOrEqual(narrowed.count);
  await context.setOffline(false);
});

test('an agent whose ticket has expired is offered the usage extension on the map', async ({ page }) => {
  await loginAs(page, '01020000006');
  await page.goto('/Map');
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('이용권이 만료되었습니다');
  await expect(dialog.getByRole('button', { name: '연장' })).toBeVisible();
});

test('the home search box opens the map with its keyword', async ({ page }) => {
  const { token } = await loginAs(page, '01020000002');
  const found = await searchApi(page, token, { keyword: '자이', use_keyword: 'Y' });
  expect(found.count).toBeGreaterThan(0);
  await page.goto('/Home');
  await page.getByRole('searchbox', { name: '현장 검색' }).fill('자 이');
  await page.getByRole('searchbox', { name: '현장 검색' }).press('Enter');
  await expect(page).toHaveURL(/\/Map\?keyword=/);
  await expect(page.locator('.site-list__count')).toHaveText(`현장 ${found.count}개`);
});
