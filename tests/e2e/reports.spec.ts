import { expect, type Page, test } from '@playwright/test';
import { apiCall, loginAs } from './support.ts';

/** A new-open site the agent sees that has units, found through the API. */
async function siteWithUnits(page: Page, token: string) {
  const post = <T>(path: string, data: object) => apiCall<T>({ page, token, path, data });
  const sites = await post<{ list: Array<{ f_idx: number; f_name: string }> }>(
    '/report/getSiteListForReport',
    {
      page_num: 1,
    },
  );
  for (const site of sites.list) {
    const detail = await post<{ ho_list: unknown[] }>('/site/getSiteDetail', { site_idx: site.f_idx });
    if (detail.ho_list.length > 0) return { site };
  }
  throw new Error('no new-open site with units in the demo data');
}

const okButton = (page: Page, text: string) =>
  page.getByRole('dialog').filter({ hasText: text }).getByRole('button', { name: '확인' });

test('an agent reports a unit, the admin pays it, and the agent’s points rise by exactly 100', async ({
  page,
  browser,
}) => {
  // Demo agent 2 (박정호).
  const agent = await loginAs(page, '01020000002');
  const { site } = await siteWithUnits(page, agent.token);

  await page.goto('/More');
  const before = Number(((await page.getByTestId('points').textContent()) ?? '').replace(/\D/g, ''));

  // The unit popup of the site detail: report it after the first-use warning.
  await page.goto(`/SiteDetail?site_idx=${site.f_idx}`);
  await page.getByTestId('unit-cell').first().click();
  const label = ((await page.getByTestId('unit-info').getByRole('heading').textContent()) ?? '').trim();
  await page.getByTestId('unit-report-button').click();
  await okButton(page, '부정확한 신고가 3회 반려되면').click();
  const form = page.getByTestId('report-popup');
  await expect(form.getByText(label)).toBeVisible();
  await expect(form.getByTestId('report-counts')).toContainText('신고 제한까지 남은 반려 횟수: 3');
  await form.getByRole('radio', { name: '호실 분양완료' }).check();
  await form.getByRole('textbox', { name: '메모' }).fill('모델하우스에서 계약 완료 확인');
  await form.getByTestId('report-send').click();
  await okButton(page, '신고할까요?').click();
  await expect(page.getByText('신고되었습니다.')).toBeVisible();

  // The same report again the same day is refused.
  await page.getByTestId('unit-report-button').click();
  await form.getByRole('radio', { name: '호실 분양완료' }).check();
  await form.getByTestId('report-send').click();
  await okButton(page, '신고할까요?').click();
  await expect(page.getByText('오늘 이미 신고했습니다.')).toBeVisible();

  // The admin pays it from the pending reports.
  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await loginAs(admin, '01011110000');
  await admin.goto('/admin/confirm');
  await admin.getByRole('searchbox', { name: '현장명, 신고자 이름 또는 전화번호' }).fill('박정호');
  await admin.getByRole('button', { name: '검색' }).click();
  const row = admin.getByTestId('pending-report').filter({ hasText: site.f_name }).filter({ hasText: label });
  await expect(row).toHaveCount(1);
  await row.getByTestId('report-pay').click();
  await okButton(admin, '100포인트를 지급할까요?').click();
  await expect(admin.getByText('포인트를 지급했습니다.')).toBeVisible();
  await expect(row).toHaveCount(0);
  await adminContext.close();

  // The agent has exactly 100 more points, and the point history says why.
  await page.goto('/More');
  await expect(page.getByTestId('points')).toHaveText(`포인트: ${(before + 100).toLocaleString('ko-KR')}P`);
  await page.getByRole('button', { name: '포인트 내역' }).click();
  const history = page.getByRole('list', { name: '포인트 내역' });
  await expect(history.getByRole('listitem').first()).toContainText(`신고 보상: ${site.f_name} ${label}`);
  await expect(history.getByRole('listitem').first()).toContainText('+100P');

  // The report result tab shows it accepted.
  await page.goto('/SiteReport');
  await page.getByTestId('report-tab-result').click();
  const result = page.getByTestId('report-result-row').filter({ hasText: label }).first();
  await expect(result).toContainText('승인');
  await expect(result).toContainText('100포인트 지급됨');
});
