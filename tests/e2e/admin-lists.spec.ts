import { expect, test } from '@playwright/test';
import { apiCall, loginAs } from './support.ts';

test('an admin reads a member’s point log one numbered page at a time, the current page marked', async ({
  page,
}) => {
  const { token } = await loginAs(page, '01000000000');
  await apiCall({ page, token, path: '/admin/openAdminLock', data: { password: 'admin1234' } });
  const member = await apiCall<{ f_idx: number }>({
    page,
    token,
    path: '/admin/findPointMember',
    data: { phone: '01020000001' },
  });
  // 52 changes that cancel out, so the member's balance stays as the other tests expect it.
  for (let i = 0; i < 52; i++) {
    await apiCall({
      page,
      token,
      path: '/purchase/addPoint',
      data: { user_idx: member.f_idx, point: i % 2 ? -1 : 1 },
    });
  }
  const { total } = await apiCall<{ total: number }>({
    page,
    token,
    path: '/admin/getMemberPointLog',
    data: { user_idx: member.f_idx, page_num: 1 },
  });
  expect(total).toBeGreaterThan(50);
  expect(total).toBeLessThanOrEqual(100);

  await page.goto('/admin/point');
  await page.getByLabel('회원 휴대폰 번호').fill('01020000001');
  await page.getByRole('button', { name: '찾기' }).click();
  const log = page.getByRole('region', { name: '포인트 로그' });
  const pages = log.getByRole('navigation', { name: '페이지' });
  const link = (n: number) => pages.getByRole('button', { name: String(n), exact: true });

  await expect(log.getByRole('row')).toHaveCount(1 + 50);
  await expect(link(1)).toHaveAttribute('aria-current', 'page');
  await expect(link(3)).toHaveCount(0);
  await expect(pages.getByRole('button', { name: '이전 페이지 묶음' })).toBeDisabled();
  await expect(pages.getByRole('button', { name: '다음 페이지 묶음' })).toBeDisabled();

  await link(2).click();
  await expect(link(2)).toHaveAttribute('aria-current', 'page');
  await expect(link(1)).not.toHaveAttribute('aria-current', 'page');
  await expect(log.getByRole('row')).toHaveCount(1 + total - 50);
});
