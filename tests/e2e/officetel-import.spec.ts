import { expect, type Page, test } from '@playwright/test';
import type { SiteDetail } from '../../sync/api/site-detail.api.ts';
import type { SitePage } from '../../sync/api/site-lists.api.ts';
import { apiCall, loginAs } from './support.ts';

const HEADER = 'pnu,build_addr,buildnum,dong,floor,ho,pbdate,totarea,sharea,pbprice';

/** The PNU of a demo site of the agent that is not an officetel (so the demo seeded no prices for it). */
async function plainSite({ page, token }: { page: Page; token: string }) {
  const mine = await apiCall<SitePage>({
    page,
    token,
    path: '/site/getMySiteList',
    data: { site_type: 'G' },
  });
  for (const site of mine.list) {
    const { common } = await apiCall<SiteDetail>({
      page,
      token,
      path: '/site/getSiteDetail',
      data: { site_idx: site.f_idx, skip_log_recent_view: 'Y' },
    });
    if (common.f_maemul_type.split(',').includes('1') || !common.f_bjd_code || !common.f_main_no) continue;
    const pnu = `${common.f_bjd_code}${common.f_land_type ?? 1}${String(common.f_main_no).padStart(4, '0')}${String(common.f_sub_no ?? 0).padStart(4, '0')}`;
    return { idx: site.f_idx, pnu };
  }
  throw new Error('the demo agent has no general site that is not an officetel');
}

test('an admin imports the officetel price file on the db tab, row problems listed, and an agent reads the price of a unit', async ({
  browser,
  baseURL,
}) => {
  const agentContext = await browser.newContext({ baseURL: baseURL ?? '' });
  const agent = await agentContext.newPage();
  const { token } = await loginAs(agent, '01020000001');
  const site = await plainSite({ page: agent, token });

  const adminContext = await browser.newContext({ baseURL: baseURL ?? '' });
  const admin = await adminContext.newPage();
  await loginAs(admin, '01000000000');
  await admin.goto('/admin/db');
  const form = admin.getByTestId('officetel-import');
  await form.getByLabel('연도').fill('2019');
  const upload = async (name: string, lines: string[]) => {
    await form.getByTestId('officetel-file').setInputFiles({
      name,
      mimeType: 'text/csv',
      buffer: Buffer.from(`${[HEADER, ...lines].join('\n')}\n`),
    });
    await expect(form.getByTestId('officetel-file-name')).toContainText(name);
    await form.getByRole('button', { name: '가져오기', exact: true }).click();
  };

  // A row with a short parcel number: nothing is imported and the row is named by its line (the header is 1).
  await upload('bad.csv', [
    `${site.pnu},주소,1,,3,301,2018-12-31,30.2,9.8,3900000`,
    `12345,주소,1,,3,302,2018-12-31,30.2,9.8,3900000`,
  ]);
  const refused = form.getByTestId('officetel-refused');
  await expect(refused).toContainText('1개 행');
  await expect(refused.locator('tbody tr')).toHaveText([/^3\s*pnu\s*12345$/]);

  // A building without a dong name, as officetels often are.
  await upload('good.csv', [
    `${site.pnu},주소,1,,3,301,2018-12-31,30.2,9.8,3900000`,
    `${site.pnu},주소,1,,3,302,2018-12-31,25.5,8.1,3850000`,
  ]);
  await expect(form.getByTestId('officetel-imported')).toHaveText('2019년 자료 2행을 가져왔습니다.');
  await adminContext.close();

  await agent.goto(`/SiteDetail?site_idx=${site.idx}`);
  await agent.getByTestId('inquiry-button').click();
  const popup = agent.getByTestId('site-inquiry');
  await popup.getByRole('tab', { name: '개별공시지가' }).click();
  const section = popup.getByTestId('officetel-section');
  await section.getByRole('combobox', { name: /^건물번호/ }).selectOption({ label: '1' });
  await section.getByRole('combobox', { name: /^동/ }).selectOption({ label: '동 이름 없음' });
  await section.getByRole('combobox', { name: /^층/ }).selectOption({ label: '3' });
  await section.getByRole('combobox', { name: /^호/ }).selectOption({ label: '301' });
  // 3,900,000 × (30.2 + 9.8) = 156,000,000
  await expect(section).toContainText('2019: 156,000,000 원');
  await agentContext.close();
});
