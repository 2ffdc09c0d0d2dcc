import { expect, type Page, test } from '@playwright/test';
import sharp from 'sharp';
import { formatManwon } from '../../src/lib/format.ts';
import type { SiteDetail } from '../../sync/api/site-detail.api.ts';
import type { SitePage } from '../../sync/api/site-lists.api.ts';
import { apiCall, loginAs, waitForServiceWorker } from './support.ts';

/**
 * Signs in once per phone for the whole file and reuses the session in later tests: the
 * server allows 5 code requests per phone an hour, shared with the other spec files.
 */
const sessions = new Map<string, { token: string; uid: number; deviceId: string }>();
async function signIn(page: Page, phone: string): Promise<{ token: string; uid: number }> {
  const known = sessions.get(phone);
  if (!known) {
    const session = await loginAs(page, phone);
    sessions.set(phone, session);
    return session;
  }
  await page.goto('/');
  // The same device as before: a token works only from the device it was issued to.
  await page.evaluate(({ token, uid, deviceId }) => {
    localStorage.setItem('bt.deviceId', deviceId);
    localStorage.setItem('bt.uid', String(uid));
    localStorage.setItem('bt.token', token);
  }, known);
  return known;
}

/** An agent with a valid ticket whose demo sites include new-open ones with sold-out units. */
const AGENT = '01020000004';

/** A new-open site of the member, on sale, with both sold-out and open units. */
async function ownSiteWithUnits({ page, token }: { page: Page; token: string }): Promise<SiteDetail> {
  const mine = await apiCall<SitePage>({
    page,
    token,
    path: '/site/getMySiteList',
    data: { site_type: 'O' },
  });
  for (const site of mine.list) {
    if (site.f_complete === 'Y' || site.f_hidden === 'Y') continue;
    const detail = await apiCall<SiteDetail>({
      page,
      token,
      path: '/site/getSiteDetail',
      data: {
        site_idx: site.f_idx,
        skip_log_recent_view: 'Y',
      },
    });
    const done = detail.ho_list.filter((h) => h.f_complete === 'Y').length;
    if (done > 0 && done < detail.ho_list.length) return detail;
  }
  throw new Error('no own new-open site with sold-out and open units in the demo data');
}

async function waitForSync(page: Page) {
  await expect(page.getByTestId('sync-indicator')).toHaveText(/동기화됨/, { timeout: 20_000 });
}

function png(colour: string): Promise<Buffer> {
  return sharp({ create: { width: 320, height: 200, channels: 3, background: colour } })
    .png()
    .toBuffer();
}

test('the detail popup masks sold-out units, leaves them out of the prices, likes the site and shares its link', async ({
  page,
  baseURL,
}) => {
  const { token } = await signIn(page, AGENT);
  const detail = await ownSiteWithUnits({ page, token });
  const idx = detail.common.f_idx;
  await page.goto(`/SiteDetail?site_idx=${idx}`);
  await expect(page.locator('.detail-summary__name')).toHaveText(detail.common.f_name);

  // The grid: every unit, the sold-out ones masked.
  const done = detail.ho_list.filter((h) => h.f_complete === 'Y');
  const open = detail.ho_list.filter((h) => h.f_complete === 'N');
  await expect(page.getByTestId('unit-cell')).toHaveCount(detail.ho_list.length);
  await expect(page.locator('[data-testid="unit-cell"][data-complete="Y"]')).toHaveCount(done.length);
  await expect(page.getByTestId('unit-dong')).toHaveCount(detail.dong_list.length);

  // The unit price table counts and prices only the units on sale.
  const counts = await page.locator('[data-testid="unit-prices"] tbody tr td:nth-child(2)').allInnerTexts();
  const sums = counts.map((c) => c.split('/').map((n) => Number(n.trim().replace(/,/g, ''))));
  expect(sums.reduce((s, [a]) => s + (a ?? 0), 0)).toBe(open.length);
  expect(sums.reduce((s, [, b]) => s + (b ?? 0), 0)).toBe(detail.ho_list.length);
  const table = (await page.getByTestId('unit-prices').textContent()) ?? '';
  const priced = open.filter((h) => h.f_inquire_price === 'N' && h.f_sale_price > 0);
  for (const h of priced) {
    const sameType = priced.filter((o) => o.f_exclusive_size === h.f_exclusive_size && o.f_room === h.f_room);
    const max = Math.max(...sameType.map((o) => o.f_sale_price));
    expect(table).toContain(formatManwon(max));
  }
  const openPrices = new Set(open.map((h) => h.f_sale_price));
  for (const h of done) {
    if (h.f_sale_price > 0 && !openPrices.has(h.f_sale_price))
      expect(table).not.toContain(formatManwon(h.f_sale_price));
  }

  // A sold-out unit opens masked; the back button closes it.
  await page.locator('[data-testid="unit-cell"][data-complete="Y"]').first().click();
  await expect(page.getByTestId('unit-info').locator('.masked')).toBeVisible();
  await page.goBack();
  await expect(page.getByTestId('unit-info')).toHaveCount(0);

  // Like: shown at once, on the server once synced.
  const like = page.getByTestId('like-button');
  const wasLiked = (await like.getAttribute('aria-pressed')) === 'true';
  await like.click();
  await expect(like).toHaveAttribute('aria-pressed', wasLiked ? 'false' : 'true');
  await expect
    .poll(async () =>
      (await apiCall<SitePage>({ page, token, path: '/site/getLikeSiteList', data: {} })).list.some(
        (s) => s.f_idx === idx,
      ),
    )
    .toBe(!wasLiked);

  // Share: no share sheet in this browser, so the link is offered to copy; it opens the site.
  await page.getByTestId('share-button').click();
  const link = page.getByTestId('share-dialog').locator('input');
  await expect(link).toHaveValue(`${baseURL}/ShareSite/${idx}`);
  await page.goBack();
  await page.goto(`/ShareSite/${idx}`);
  await expect(page.locator('.detail-summary__name')).toHaveText(detail.common.f_name);
});

test('memo pictures open in the fullscreen gallery with n/total, swipe to the next and zoom up to 4x', async ({
  page,
}) => {
  const { token } = await signIn(page, AGENT);
  const detail = await ownSiteWithUnits({ page, token });
  const idx = detail.common.f_idx;
  await page.goto(`/SiteDetail?site_idx=${idx}`);
  await page.getByTestId('memo-edit').click();
  await page.getByTestId('memo').locator('textarea').fill('모델하우스 방문 10시');
  await page.getByTestId('memo-file').setInputFiles([
    { name: 'a.png', mimeType: 'image/png', buffer: await png('#1f5eff') },
    { name: 'b.png', mimeType: 'image/png', buffer: await png('#2f9e44') },
  ]);
  await expect(page.getByTestId('memo-edit-photos').locator('img')).toHaveCount(2);
  await page.getByTestId('memo-save').click();
  await expect(page.getByTestId('memo-text')).toHaveText('모델하우스 방문 10시');
  await expect(page.getByTestId('memo-photos').locator('img')).toHaveCount(2);

  await page.getByTestId('memo-photos').locator('button').nth(1).click();
  const gallery = page.getByTestId('gallery');
  await expect(gallery.getByTestId('gallery-index')).toHaveText('2 / 2');
  await gallery.getByRole('button', { name: '다음 사진' }).click();
  await expect(gallery.getByTestId('gallery-index')).toHaveText('1 / 2');
  // A swipe to the left moves on.
  const stage = gallery.locator('.gallery__stage');
  const box = await stage.boundingBox();
  if (!box) throw new Error('no gallery stage');
  await page.mouse.move(box.x + box.width * 0.8, box.y + box.height / 2);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width * 0.2, box.y + box.height / 2, { steps: 5 });
  await page.mouse.up();
  await expect(gallery.getByTestId('gallery-index')).toHaveText('2 / 2');
  const zoomIn = gallery.getByRole('button', { name: '확대' });
  for (let i = 0; i < 3; i++) await zoomIn.click();
  await expect(gallery.getByTestId('gallery-zoom')).toHaveText('4x');
  await expect(zoomIn).toBeDisabled();
  await page.goBack();
  await expect(gallery).toHaveCount(0);

  // The pictures were uploaded before the memo reached the server.
  await expect
    .poll(async () => {
      const d = await apiCall<SiteDetail>({
        page,
        token,
        path: '/site/getSiteDetail',
        data: {
          site_idx: idx,
          skip_log_recent_view: 'Y',
        },
      });
      return d.memo_images.filter((u) => u.startsWith('/uploads/')).length;
    })
    .toBe(2);
});

test('interest lists viewed and liked sites and, offline, shows them and their detail from the device; un-liking removes a favourite', async ({
  page,
  context,
}) => {
  const { token } = await signIn(page, '01020000003');
  const found = await apiCall<{ list: Array<{ f_idx: number; f_name: string }> }>({
    page,
    token,
    path: '/site/findSiteListByName',
    data: { search_key: '', page_num: 1 },
  });
  const [a, b] = found.list;
  if (!a || !b) throw new Error('not enough demo sites');
  await page.goto(`/SiteDetail?site_idx=${a.f_idx}`);
  await expect(page.locator('.detail-summary__name')).toHaveText(a.f_name);
  await page.goto(`/SiteDetail?site_idx=${b.f_idx}`);
  await expect(page.locator('.detail-summary__name')).toHaveText(b.f_name);
  const like = page.getByTestId('like-button');
  if ((await like.getAttribute('aria-pressed')) !== 'true') await like.click();
  await expect(like).toHaveAttribute('aria-pressed', 'true');

  await page.goto('/Interest');
  const rows = page.locator('.site-item');
  await expect(rows.first()).toBeVisible();
  const order = await rows.evaluateAll((els) => els.map((e) => Number(e.getAttribute('data-site-idx'))));
  expect(order.indexOf(b.f_idx)).toBeGreaterThanOrEqual(0);
  expect(order.indexOf(b.f_idx)).toBeLessThan(order.indexOf(a.f_idx));
  await page.getByRole('tab', { name: '관심', exact: true }).click();
  await expect(page.locator(`.site-item[data-site-idx="${b.f_idx}"]`)).toBeVisible();

  // Offline, from the device's store.
  await waitForServiceWorker(page);
  await waitForSync(page);
  await context.setOffline(true);
  await page.reload();
  await expect(page.getByTestId('from-device')).toBeVisible();
  await expect(page.locator(`.site-item[data-site-idx="${a.f_idx}"]`)).toBeVisible();
  await page.getByRole('tab', { name: '관심', exact: true }).click();
  await expect(page.getByTestId('from-device')).toBeVisible();
  const favourite = page.locator(`.site-item[data-site-idx="${b.f_idx}"]`);
  await expect(favourite).toBeVisible();
  await favourite.getByTestId('unlike-button').click();
  await expect(favourite).toHaveCount(0);
  // The detail of a site kept on the device opens too, and says where it comes from.
  await page.goto(`/SiteDetail?site_idx=${a.f_idx}`);
  await expect(page.locator('.detail-summary__name')).toHaveText(a.f_name);
  await expect(page.getByTestId('from-device')).toBeVisible();

  await context.setOffline(false);
  await waitForSync(page);
  const liked = await apiCall<SitePage>({ page, token, path: '/site/getLikeSiteList', data: {} });
  expect(liked.list.some((s) => s.f_idx === b.f_idx)).toBe(false);
});

test('the sale-complete grid saves the toggled units on apply and forgets them on cancel', async ({
  page,
}) => {
  const { token } = await signIn(page, AGENT);
  const detail = await ownSiteWithUnits({ page, token });
  const idx = detail.common.f_idx;
  const target = detail.ho_list.find((h) => h.f_complete === 'N');
  const other = detail.ho_list.filter((h) => h.f_complete === 'N')[1];
  if (!target || !other) throw new Error('no open unit');
  await page.goto('/SaleList');
  const row = page.locator(`.site-item[data-site-idx="${idx}"]`);
  await row.scrollIntoViewIfNeeded();

  // Cancel: nothing is sent.
  await row.getByTestId('row-units-complete').click();
  const grid = page.getByTestId('complete-grid');
  await expect(grid.getByTestId('complete-cell')).toHaveCount(detail.ho_list.length);
  await grid.locator(`[data-unit-idx="${other.f_idx}"]`).click();
  await grid.getByRole('button', { name: '취소' }).click();
  await expect(grid).toHaveCount(0);

  // Apply: the list as toggled is saved.
  await row.getByTestId('row-units-complete').click();
  const cell = grid.locator(`[data-unit-idx="${target.f_idx}"]`);
  await expect(cell).toHaveAttribute('aria-pressed', 'false');
  await cell.click();
  await expect(cell).toHaveAttribute('aria-pressed', 'true');
  await grid.getByTestId('complete-apply').click();
  await expect(grid).toHaveCount(0);
  const after = await apiCall<SiteDetail>({
    page,
    token,
    path: '/site/getSiteDetail',
    data: {
      site_idx: idx,
      skip_log_recent_view: 'Y',
    },
  });
  const flag = (unit: number) => after.ho_list.find((h) => h.f_idx === unit)?.f_complete;
  expect(flag(target.f_idx)).toBe('Y');
  expect(flag(other.f_idx)).toBe('N');
  expect(after.ho_list.filter((h) => h.f_complete === 'Y')).toHaveLength(
    detail.ho_list.filter((h) => h.f_complete === 'Y').length + 1,
  );
});

test('an edit saved from the site detail shows there at once, marked as waiting, and stays after the sync', async ({
  page,
}) => {
  const { token } = await loginAs(page, '01020000005');
  const mine = await apiCall<SitePage>({
    page,
    token,
    path: '/site/getMySiteList',
    data: { site_type: 'G' },
  });
  const site = mine.list[0];
  if (!site) throw new Error('the demo agent has a general site');
  await page.goto('/Home');
  await expect(page.getByTestId('sync-indicator')).toHaveText(/동기화됨/, { timeout: 20_000 });
  await page.goto(`/SiteDetail?site_idx=${site.f_idx}`);
  await expect(page.locator('.detail-summary__name')).toHaveText(site.f_name);

  const renamed = `${site.f_name} 수정본`;
  await page.getByRole('link', { name: '수정', exact: true }).click();
  await expect(page.getByLabel('현장명', { exact: true })).toHaveValue(site.f_name);
  await page.getByLabel('현장명', { exact: true }).fill(renamed);
  await page.getByRole('button', { name: '저장', exact: true }).click();

  await expect(page).toHaveURL(new RegExp(`/SiteDetail\\?site_idx=${site.f_idx}`));
  await expect(page.locator('.detail-summary__name')).toHaveText(renamed);
  // Once the change has been to the server and back, the server's copy says the same.
  await expect(page.getByTestId('waiting-changes')).toHaveCount(0, { timeout: 20_000 });
  await expect(page.locator('.detail-summary__name')).toHaveText(renamed);
  const detail = await apiCall<SiteDetail>({
    page,
    token,
    path: '/site/getSiteDetail',
    data: { site_idx: site.f_idx, skip_log_recent_view: 'Y' },
  });
  expect(detail.common.f_name).toBe(renamed);
});
