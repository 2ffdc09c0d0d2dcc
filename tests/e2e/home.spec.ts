import { expect, type Page, test } from '@playwright/test';
import sharp from 'sharp';
import { apiCall, loginAs, waitForServiceWorker } from './support.ts';

/**
 * Spec §2 Home and the admin info and ads tabs: what the super admin sets is what an agent's home
 * shows. The server runs without the demo home (playwright.config.ts SEED_DEMO_HOME), so the only
 * ad is the one put up here; it is taken down again, and the title put back, for the specs after.
 */

const SUPER_ADMIN = '01000000000';
const AGENT = '01020000001';
const DEFAULT_TITLE = '분양톡';

/** An ad picture as an admin would upload it. */
function adPicture(): Promise<Buffer> {
  return sharp({ create: { width: 300, height: 400, channels: 3, background: '#1f5eff' } })
    .png()
    .toBuffer();
}

async function putHomeBack({ page, token }: { page: Page; token: string }) {
  await apiCall({
    page,
    token,
    path: '/admin/updateAppInfo',
    data: { param_name: 'home_title', value: DEFAULT_TITLE },
  });
  await apiCall({ page, token, path: '/admin/updateAdsPeriod', data: { ads_idx: 1, period: 0 } });
}

const adDialog = (page: Page) =>
  page.getByRole('dialog').filter({ has: page.getByRole('region', { name: '광고' }) });

test('the super admin sets the home title and a site ad; the agent sees both, opens the site, and hides the ad for 8 hours', async ({
  page,
  browser,
}) => {
  // The agent's own site is the one the ad opens.
  const agentContext = await browser.newContext();
  const agentPage = await agentContext.newPage();
  const agent = await loginAs(agentPage, AGENT);
  const sites = await apiCall<{ list: Array<{ f_idx: number; f_name: string }> }>({
    page: agentPage,
    token: agent.token,
    path: '/site/getMySiteList',
    data: { page_num: 1 },
  });
  const site = sites.list[0];
  if (!site) throw new Error('the demo agent has no site');

  const admin = await loginAs(page, SUPER_ADMIN);
  try {
    // Admin info: the home title.
    await page.goto('/admin/info');
    const title = page.getByLabel('홈 제목', { exact: true });
    await title.fill('오늘의 분양 현장');
    await page.locator('form', { has: title }).getByRole('button', { name: '저장' }).click();
    // One toast per save: the server's word, not a second one of the screen's own.
    await expect(page.locator('.toast')).toHaveText(['저장되었습니다.']);

    // Admin ads: slot 1, an uploaded picture opening the agent's site, for 7 days.
    await page.goto('/admin/ads');
    const slot = page.getByRole('region', { name: '1번 광고' });
    await slot.locator('input[type=file]').setInputFiles({
      name: 'ad.png',
      mimeType: 'image/png',
      buffer: await adPicture(),
    });
    await expect(slot.getByRole('img', { name: '1번 광고' })).toBeVisible();
    await slot.getByLabel('누르면 열리는 곳').selectOption('S');
    await slot.getByLabel('현장 번호').fill(String(site.f_idx));
    await slot.getByRole('button', { name: '연결 저장' }).click();
    await slot.getByLabel('오늘부터 노출할 일수 (0이면 중지)').fill('7');
    // The earlier saves' toasts have gone: what shows next is this save's alone.
    await expect(page.locator('.toast')).toHaveCount(0);
    await slot.getByRole('button', { name: '기간 저장' }).click();
    await expect(slot.getByText(/까지 노출/)).toBeVisible();
    await expect(page.locator('.toast')).toHaveCount(1);

    // The agent's home: the new title and the ad; tapping the ad opens the site.
    await agentPage.goto('/Home');
    await expect(agentPage.getByRole('heading', { name: '오늘의 분양 현장' })).toBeVisible();
    const ad = adDialog(agentPage).getByRole('button', { name: '광고 1/1' });
    await expect(ad).toBeVisible();
    await ad.click();
    await expect(agentPage).toHaveURL(new RegExp(`/SiteDetail\\?site_idx=${site.f_idx}`));
    await expect(agentPage.getByText(site.f_name).first()).toBeVisible();

    // The next launch of the app (a new session) shows the ad again; with 'hide for 8 hours' it
    // stays away across launches.
    const relaunched = await agentContext.newPage();
    await relaunched.goto('/Home');
    await expect(adDialog(relaunched)).toBeVisible();
    await adDialog(relaunched).getByLabel('8시간 동안 보지 않기').check();
    await adDialog(relaunched).getByRole('button', { name: '닫기' }).click();
    await expect(adDialog(relaunched)).toHaveCount(0);
    await relaunched.close();
    const again = await agentContext.newPage();
    await again.goto('/Home');
    // The home has the server's data and has decided about the ads: hidden, so no popup comes.
    await expect(again.getByRole('region', { name: '이번 달 신규 현장' })).toBeVisible();
    await expect(again.locator('main[data-ads]')).toHaveAttribute('data-ads', 'hidden');
    await expect(adDialog(again)).toHaveCount(0);
  } finally {
    await putHomeBack({ page, token: admin.token });
    await agentContext.close();
  }
});

test('offline, the home shows the title it last loaded', async ({ page, browser, context }) => {
  const adminContext = await browser.newContext();
  const adminPage = await adminContext.newPage();
  const admin = await loginAs(adminPage, SUPER_ADMIN);
  try {
    await apiCall({
      page: adminPage,
      token: admin.token,
      path: '/admin/updateAppInfo',
      data: { param_name: 'home_title', value: '현장 속 분양톡' },
    });
    await loginAs(page, AGENT);
    await page.goto('/Home');
    await expect(page.getByRole('heading', { name: '현장 속 분양톡' })).toBeVisible();
    await waitForServiceWorker(page);

    await context.setOffline(true);
    const reload = await page.reload();
    expect(reload?.fromServiceWorker()).toBe(true);
    await expect(page.getByRole('heading', { name: '현장 속 분양톡' })).toBeVisible();
    await expect(page.getByText('오프라인: 마지막으로 홈을 불러왔을 때의 숫자입니다.')).toBeVisible();
    await context.setOffline(false);
  } finally {
    await putHomeBack({ page: adminPage, token: admin.token });
    await adminContext.close();
  }
});

test('an agent chooses a whole province and the home counts the new sites of their regions', async ({
  page,
}) => {
  const agent = await loginAs(page, '01020000006');
  try {
    await page.goto('/Home');
    const card = page.getByRole('region', { name: '이번 달 신규 현장' });
    await expect(
      card.getByText('전체 지역 기준입니다. 관심 지역을 설정하면 좁혀 볼 수 있습니다.'),
    ).toBeVisible();
    await card.getByRole('button', { name: '관심 지역 설정' }).click();
    const picker = page.getByRole('dialog');
    await picker.getByRole('button', { name: '서울특별시' }).click();
    // The choice is saved on the server first; the box shows it once saved.
    await picker.getByLabel('서울특별시 전체').click();
    await expect(picker.getByLabel('서울특별시 전체')).toBeChecked();
    await expect(picker.getByText('25개 지역을 선택했습니다.')).toBeVisible();
    await picker.getByRole('button', { name: '완료' }).click();
    await expect(card.getByText('관심 지역 기준입니다.')).toBeVisible();

    // The monthly popup lists that month's new sites of the chosen regions.
    await card.getByRole('button', { name: /^일반/ }).click();
    const monthly = page.getByRole('dialog');
    await expect(monthly.getByRole('tab', { name: '일반' })).toHaveAttribute('aria-selected', 'true');
    await expect(monthly.getByText('관심 지역의 신규 현장')).toBeVisible();
  } finally {
    await apiCall({
      page: page,
      token: agent.token,
      path: '/site/setTotalAreaLike',
      data: { area_name: '서울특별시', like: 'N' },
    });
  }
});

test('a visitor reads the terms, privacy and location texts from the splash', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('button', { name: '약관 및 정책' }).click();
  const texts = page.getByRole('dialog');
  await expect(texts.getByRole('tabpanel', { name: '서비스 이용약관' })).toContainText('서비스 이용약관');
  await texts.getByRole('tab', { name: '개인정보 처리방침' }).click();
  await expect(texts.getByRole('tabpanel', { name: '개인정보 처리방침' })).toContainText('개인정보 처리방침');
});

test("an admin finds another agent's site in write/update_sale and opens it in the registration screen", async ({
  page,
  browser,
}) => {
  const agentContext = await browser.newContext();
  const agentPage = await agentContext.newPage();
  const agent = await loginAs(agentPage, '01020000002');
  const sites = await apiCall<{ list: Array<{ f_idx: number; f_name: string; f_site_type: string }> }>({
    page: agentPage,
    token: agent.token,
    path: '/site/getMySiteList',
    data: { page_num: 1, site_type: 'O' },
  });
  await agentContext.close();
  const site = sites.list.find((s) => s.f_name.length >= 3);
  if (!site) throw new Error('the demo agent has no new-open site');

  await loginAs(page, SUPER_ADMIN);
  await page.goto('/admin/write/update_sale');
  await page.getByRole('searchbox', { name: '현장 검색' }).fill(site.f_name);
  const row = page
    .getByRole('row')
    .filter({ has: page.getByRole('link', { name: site.f_name, exact: true }) });
  await row.first().getByRole('link', { name: '수정' }).click();
  await expect(page).toHaveURL(new RegExp(`/RegSite/step1/New\\?site_idx=${site.f_idx}`));
  await expect(page.getByRole('heading', { name: '현장 수정' })).toBeVisible();
  await expect(page.getByRole('textbox', { name: '현장명' })).toHaveValue(site.f_name);
});
