import { expect, test } from '@playwright/test';
import { apiCall, loginAs, waitForServiceWorker } from './support.ts';

/**
 * What an agent sees on a phone at a building site when a screen has nothing to show: an offline
 * list that says it needs the network (not an empty table), an empty list that says what would be
 * there and where to find it, and a site's open date in the reader's own date style.
 */

const AGENT = '01020000003';

test('the inquiry board opened offline says it needs the network and loads again when the connection returns', async ({
  page,
  context,
}) => {
  await page.goto('/Inquire');
  await expect(page.getByRole('table').getByRole('row').nth(1)).toBeVisible();
  await waitForServiceWorker(page);

  await context.setOffline(true);
  await page.reload();
  const offline = page.getByRole('status').filter({ hasText: '네트워크에 연결되어 있어야' });
  await expect(offline).toBeVisible();
  await expect(page.getByRole('table')).toHaveCount(0);

  // Back online, the list reads again by itself (useBackOnline): nothing to tap.
  await context.setOffline(false);
  await expect(page.getByRole('table').getByRole('row').nth(1)).toBeVisible();
  await expect(offline).toHaveCount(0);
});

test('an empty favourites tab says how a site gets there and leads to the map', async ({ page }) => {
  const { token } = await loginAs(page, AGENT);
  // Whatever an earlier spec liked for this agent is let go first: the tab must be empty.
  const liked = await apiCall<{ list: Array<{ f_idx: number }> }>({
    page,
    token,
    path: '/site/getLikeSiteList',
  });
  for (const site of liked.list) {
    await apiCall({
      page,
      token,
      path: '/site/setLikeSite',
      data: { site_idx: site.f_idx, like_status: 'N' },
    });
  }

  await page.goto('/Interest');
  await page.getByRole('tab', { name: '관심', exact: true }).click();
  await expect(page.getByText('관심 현장이 없습니다. 현장 상세에서 하트를 누르면')).toBeVisible();
  await page.getByRole('link', { name: '지도에서 현장 찾기' }).click();
  await expect(page).toHaveURL(/\/Map/);
});

test('a site detail shows its open date as a date, not the stored YYYY-MM-DD', async ({ page }) => {
  const { token } = await loginAs(page, AGENT);
  const mine = await apiCall<{ list: Array<{ f_idx: number }> }>({
    page,
    token,
    path: '/site/getMySiteList',
    data: { site_type: 'G' },
  });
  let dated: { idx: number; ymd: string } | undefined;
  for (const site of mine.list) {
    const { common } = await apiCall<{ common: { f_open_date: string | null } }>({
      page,
      token,
      path: '/site/getSiteDetail',
      data: { site_idx: site.f_idx, skip_log_recent_view: 'Y' },
    });
    if (common.f_open_date) {
      dated = { idx: site.f_idx, ymd: common.f_open_date };
      break;
    }
  }
  if (!dated) throw new Error('the demo agent has no general site with an open date');
  const [y, m, d] = dated.ymd.split('-');

  await page.goto(`/SiteDetail?site_idx=${dated.idx}`);
  const openDate = page
    .locator('.facts dt', { hasText: '준공·입주일' })
    .locator('xpath=following-sibling::dd[1]');
  await expect(openDate).toHaveText(`${y}. ${m}. ${d}.`);
});

test('in English the near-hiding banner of my sale list agrees with its count ("1 general site", "2 general sites")', async ({
  page,
}) => {
  await loginAs(page, '01020000004');
  await page.evaluate(() => localStorage.setItem('bt.locale', 'en'));
  await page.goto('/SaleList');
  const banner = page.getByTestId('near-expire');
  await expect(banner).toBeVisible();
  const text = (await banner.textContent()) ?? '';
  const count = Number(/^(\d+) /.exec(text)?.[1]);
  expect(text).toContain(
    count === 1 ? '1 general site will be hidden' : `${count} general sites will be hidden`,
  );
  expect(text).toContain(count === 1 ? 'Update it' : 'Update them');
});

test('the report result tab opened offline says it needs the network instead of "nothing here", and an empty one says how reports get there', async ({
  page,
  context,
}) => {
  await loginAs(page, AGENT);
  await page.goto('/SiteReport');
  await expect(page.getByRole('tab', { name: '신고 결과' })).toBeVisible();
  await waitForServiceWorker(page);

  await context.setOffline(true);
  await page.getByRole('tab', { name: '신고 결과' }).click();
  const offline = page.getByRole('status').filter({ hasText: '네트워크에 연결되어 있어야' });
  await expect(offline).toBeVisible();
  await expect(page.getByText('정보가 없습니다.')).toHaveCount(0);

  // Back online, the tab reads again by itself (useBackOnline): nothing to tap.
  await context.setOffline(false);
  await expect(offline).toHaveCount(0);
  await expect(
    page.getByTestId('report-result-row').first().or(page.getByText('아직 신고한 내역이 없습니다.')),
  ).toBeVisible();
});

test('the charge popup opened offline on a device that never saw the options says they need the network, and shows them once online', async ({
  page,
  context,
}) => {
  await loginAs(page, AGENT);
  await page.goto('/Home');
  await waitForServiceWorker(page);
  await page.evaluate(() => localStorage.removeItem('bt.purchaseInfo'));

  await context.setOffline(true);
  await page.goto('/More');
  await page.getByRole('button', { name: '포인트 충전' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('status')).toHaveText(/네트워크 연결이 필요합니다/);
  await expect(dialog.getByRole('button', { name: '카드 결제' })).toBeDisabled();

  await context.setOffline(false);
  await expect(dialog.getByRole('group', { name: '충전할 포인트' }).getByRole('radio')).toHaveCount(6);
  await expect(dialog.getByRole('button', { name: '카드 결제' })).toBeEnabled();
});
