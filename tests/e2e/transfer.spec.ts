import { type Browser, expect, type Page, test } from '@playwright/test';
import { apiAnswer, loginAs, waitForServiceWorker } from './support.ts';

/**
 * Spec §4/§5 Transfer, end to end with two devices: agent A hands one of A's sites to agent B
 * through the app (More → Transfer a site → pick → phone → OK → confirm). B's device receives it
 * at its next pull and keeps it offline; A's list no longer shows it and A's edits are refused.
 */

const phoneA = '01020000005';
const phoneB = '01020000006';

async function deviceOf(browser: Browser, phone: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const session = await loginAs(page, phone);
  await page.goto('/Home');
  await expect(page.getByTestId('sync-indicator')).toHaveText(/동기화됨/, { timeout: 20_000 });
  return { context, page, ...session };
}

/** The sites of `uid` on this device. */
function ownSitesOnDevice(page: Page, uid: number): Promise<Array<{ f_idx: number; f_name: string }>> {
  return page.evaluate(async (uid) => {
    const sites = (await window.__bunyangSync?.db.sites.toArray()) ?? [];
    return sites
      .filter((s) => s.f_user_idx === uid && s.f_status === 'N')
      .map((s) => ({ f_idx: s.f_idx, f_name: s.f_name }));
  }, uid);
}

test('agent A transfers a site to agent B: B’s device receives it (also offline), A can no longer manage it', async ({
  browser,
}) => {
  const a = await deviceOf(browser, phoneA);
  const b = await deviceOf(browser, phoneB);
  const site = (await ownSitesOnDevice(a.page, a.uid))[0];
  if (!site) throw new Error('agent A has no registered site on the device');

  // A: More → Transfer a site → search and pick the site.
  await a.page.goto('/More');
  await a.page.getByRole('button', { name: '현장 양도' }).click();
  const popup = a.page.getByTestId('site-select');
  await popup.getByLabel('현장 검색').fill(site.f_name);
  await popup.getByRole('button', { name: '검색' }).click();
  await popup.locator(`[data-site-idx="${site.f_idx}"] .site-item__main`).click();

  // The transfer modal: a phone is required, then the member is found and OK becomes possible.
  const modal = a.page.getByTestId('transfer-modal');
  const ok = modal.getByRole('button', { name: '확인', exact: true });
  await expect(ok).toBeDisabled();
  await modal.getByRole('button', { name: '찾기' }).click();
  await expect(modal.getByRole('alert')).toHaveText('현장을 양도받을 회원의 전화번호를 입력해 주세요.');
  await modal.getByLabel('양도받을 회원의 전화번호').fill(phoneA);
  await modal.getByRole('button', { name: '찾기' }).click();
  await expect(a.page.getByText('본인에게는 현장을 양도할 수 없습니다.')).toBeVisible();
  await expect(ok).toBeDisabled();
  await modal.getByLabel('양도받을 회원의 전화번호').fill(phoneB);
  await expect(modal.getByLabel('양도받을 회원의 전화번호')).toHaveValue('010-2000-0006');
  await modal.getByRole('button', { name: '찾기' }).click();
  await expect(modal.getByTestId('transfer-member')).toContainText('오세훈');
  await ok.click();
  await a.page.getByRole('dialog').getByRole('button', { name: '양도', exact: true }).click();

  // Done: the message shows, the modal closes and the list reloads without the site.
  await expect(a.page.getByText('현장 양도가 완료되었습니다.')).toBeVisible();
  await expect(modal).toHaveCount(0);
  await expect(popup.locator(`[data-site-idx="${site.f_idx}"]`)).toHaveCount(0);

  // A's device drops it from A's sites, and A's sale list no longer shows it.
  await expect
    .poll(async () => (await ownSitesOnDevice(a.page, a.uid)).map((s) => s.f_idx))
    .not.toContain(site.f_idx);
  await a.page.goto('/SaleList');
  await expect(a.page.locator('.site-item, .empty').first()).toBeVisible();
  await expect(a.page.locator(`[data-site-idx="${site.f_idx}"]`)).toHaveCount(0);

  // A's edits are refused: online, and a queued change comes back as a visible rejection.
  const edit = await apiAnswer({
    page: a.page,
    token: a.token,
    path: '/site/removeSite',
    data: { site_idx: site.f_idx },
  });
  expect(edit).toMatchObject({ code: -1, msg: '현장을 등록한 회원만 관리할 수 있습니다.' });
  await a.page.evaluate(async (siteIdx) => {
    await window.__bunyangSync?.engine.mutate('setHideSite', { site_idx: siteIdx, hidden_status: 'Y' });
  }, site.f_idx);
  await expect(a.page.getByTestId('sync-indicator')).toHaveText(/반영 안 된 변경 1건/, { timeout: 20_000 });
  await a.page.getByTestId('sync-indicator').click();
  await expect(a.page.getByText('현장을 등록한 회원만 관리할 수 있습니다.')).toBeVisible();

  // B: the next pull brings the site under B's sites, and it stays there offline.
  await b.page.evaluate(() => window.__bunyangSync?.engine.sync());
  await expect
    .poll(async () => (await ownSitesOnDevice(b.page, b.uid)).map((s) => s.f_idx))
    .toContain(site.f_idx);
  await b.page.goto('/SaleList');
  await expect(b.page.locator(`[data-site-idx="${site.f_idx}"]`)).toBeVisible();
  await waitForServiceWorker(b.page);
  await b.context.setOffline(true);
  await b.page.reload();
  await expect(b.page.getByTestId('from-device')).toBeVisible();
  await expect(b.page.locator(`[data-site-idx="${site.f_idx}"]`)).toBeVisible();

  await a.context.close();
  await b.context.close();
});
