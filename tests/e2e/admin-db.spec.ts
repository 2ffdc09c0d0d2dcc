import { expect, test } from '@playwright/test';
import ExcelJS from 'exceljs';
import { apiCall, loginAs } from './support.ts';

test('an admin downloads the members workbook from the db tab: one row per member', async ({ page }) => {
  const { token } = await loginAs(page, '01000000000');
  const { total } = await apiCall<{ total: number }>({
    page: page,
    token,
    path: '/admin/findUserListByPhone',
    data: { phone: '', page: 1 },
  });

  await page.goto('/admin/db');
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: '회원 목록 내려받기' }).click();
  const download = await downloading;

  expect(download.suggestedFilename()).toMatch(/^bunyangtalk-members-\d{8}\.xlsx$/);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(await download.path());
  const sheet = workbook.worksheets[0];
  const ids: unknown[] = [];
  sheet?.eachRow((row, n) => {
    if (n > 1) ids.push(row.getCell(1).value);
  });
  expect(sheet?.getRow(1).getCell(3).value).toBe('휴대폰');
  expect(ids).toHaveLength(total);
  expect(new Set(ids).size).toBe(total);
});

test("an admin opens a member's detail, then the member's view, marked until they leave it", async ({
  page,
}) => {
  await loginAs(page, '01000000000');
  await page.goto('/admin/member');
  await page.getByRole('searchbox', { name: '휴대폰 번호로 검색' }).fill('01020000001');
  const row = page.getByRole('row').filter({ hasText: '010-2000-0001' });
  await row.getByRole('button').first().click();

  const detail = page.getByTestId('member-detail');
  await expect(detail).toContainText('010-2000-0001');
  await expect(detail.getByText('가입일시')).toBeVisible();
  await expect(detail.getByText('커뮤니티 글')).toBeVisible();

  await detail.getByRole('button', { name: '회원 화면 보기' }).click();
  await page.getByRole('dialog').last().getByRole('button', { name: '확인' }).click();
  const banner = page.getByTestId('member-view-banner');
  await expect(banner).toBeVisible();
  await expect(page).toHaveURL(/\/Home$/);
  // The mark stays across a reload: the server says whose view this session is.
  await page.reload();
  await expect(banner).toBeVisible();

  await banner.getByRole('button', { name: '보기 종료' }).click();
  await expect(page).toHaveURL(/\/admin\/member$/);
  await expect(banner).toHaveCount(0);
});
