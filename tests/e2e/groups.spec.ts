import { type Browser, expect, type Page, test } from '@playwright/test';
import { loginAs, waitForServiceWorker } from './support.ts';

/**
 * Two agents on two devices: one makes a group, adds the other by phone and shares a site;
 * the other gets it on their device and sees it offline under group sites; once removed, the
 * next sync takes it off their device.
 */

const OWNER = '01020000005';
const MATE = '01020000006';
const MATE_NAME = '오세훈';
const GROUP_TO_SHARE_WITH = '공유할 그룹';

async function device(browser: Browser, phone: string): Promise<{ page: Page; close: () => Promise<void> }> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await loginAs(page, phone);
  return { page, close: () => context.close() };
}

/** Whether a site of this name is in the device's store. */
function onDevice(page: Page, name: string): Promise<boolean> {
  return page.evaluate(
    async (name) => ((await window.__bunyangSync?.db.sites.toArray()) ?? []).some((s) => s.f_name === name),
    name,
  );
}

async function openGroupTab(page: Page) {
  await page.goto('/SaleList');
  await page.getByRole('tab', { name: '그룹 현장' }).click();
}

test('a site shared to a group reaches a member’s device, shows offline, and leaves once the member is removed', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const owner = await device(browser, OWNER);
  const a = owner.page;
  const groupName = `공동중개 ${Date.now() % 100000}`;

  // The owner makes a group: it becomes the selected one.
  await openGroupTab(a);
  await a.getByTestId('no-groups').getByRole('button', { name: '새 그룹' }).click();
  const prompt = a.getByRole('dialog');
  await prompt.getByRole('button', { name: '확인' }).click();
  await expect(prompt.getByText('그룹 이름을 입력해 주세요.')).toBeVisible();
  await prompt.getByLabel('그룹 이름').fill(groupName);
  await prompt.getByRole('button', { name: '확인' }).click();
  await expect(a.getByText('그룹을 만들었습니다.')).toBeVisible();
  await expect(a.getByRole('button', { name: '그룹', exact: true })).toHaveText(new RegExp(groupName));

  // ... adds the other agent by phone ...
  await a.getByRole('button', { name: '관리' }).click();
  const manage = a.getByTestId('group-manage');
  await manage.getByRole('button', { name: '회원 추가' }).click();
  await a.getByLabel('추가할 회원의 휴대폰 번호').fill('010-2000-0006');
  await a.getByRole('button', { name: '확인' }).click();
  await expect(a.getByText('그룹 회원을 추가했습니다.')).toBeVisible();
  await expect(manage.getByRole('list', { name: `${groupName} 회원` })).toContainText(MATE_NAME);
  await manage.getByRole('button', { name: '닫기' }).click();

  // ... and shares one of their sites to it.
  await a.getByRole('tab', { name: '내 현장' }).click();
  const row = a.locator('.site-item', { has: a.getByRole('button', { name: '그룹 공유' }) }).first();
  const siteName = (await row.locator('.site-item__name').textContent()) ?? '';
  expect(siteName).not.toBe('');
  await row.getByRole('button', { name: '그룹 공유' }).click();
  const share = a.getByTestId('share-group');
  // The choice starts on the group made last.
  await expect(share.getByRole('button', { name: GROUP_TO_SHARE_WITH, exact: true })).toHaveText(
    new RegExp(groupName),
  );
  await share.getByRole('button', { name: '공유', exact: true }).click();
  await expect(a.getByText('현장을 그룹에 공유했습니다.')).toBeVisible();

  // The member syncs, goes offline and finds the site under group sites.
  const mate = await device(browser, MATE);
  const b = mate.page;
  await b.goto('/Home');
  await expect(b.getByTestId('sync-indicator')).toHaveText(/동기화됨/, { timeout: 20_000 });
  await waitForServiceWorker(b);
  await expect.poll(() => onDevice(b, siteName), { timeout: 20_000 }).toBe(true);
  await b.context().setOffline(true);
  await openGroupTab(b);
  await expect(b.getByTestId('from-device')).toBeVisible();
  await expect(b.locator('.site-item__name', { hasText: siteName })).toBeVisible();
  await b.context().setOffline(false);

  // The owner removes the member.
  await openGroupTab(a);
  await a.getByRole('button', { name: '관리' }).click();
  await a.getByRole('button', { name: `${MATE_NAME} 삭제` }).click();
  await a.getByRole('dialog').getByRole('button', { name: '삭제', exact: true }).click();
  await expect(a.getByText('그룹 회원을 삭제했습니다.')).toBeVisible();

  // The member's next sync takes the site off the device: offline, group sites no longer have it.
  await b.goto('/Home');
  await expect.poll(() => onDevice(b, siteName), { timeout: 30_000 }).toBe(false);
  await b.context().setOffline(true);
  await openGroupTab(b);
  await expect(b.getByTestId('from-device')).toBeVisible();
  await expect(b.locator('.site-item__name', { hasText: siteName })).toHaveCount(0);
  await b.context().setOffline(false);

  await mate.close();
  await owner.close();
});
