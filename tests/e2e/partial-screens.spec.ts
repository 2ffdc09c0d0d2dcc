import { expect, type Page, test } from '@playwright/test';
import type { SitePage } from '../../sync/api/site-lists.api.ts';
import { apiCall, loginAs } from './support.ts';

/** The super admin (every tab); the lock is not needed for what these tests change. */
const SUPER_ADMIN = '01000000000';

async function firstOwnSite(page: Page, token: string) {
  const mine = await apiCall<SitePage>({
    page,
    token,
    path: '/site/getMySiteList',
    data: { site_type: 'O' },
  });
  const site = mine.list[0];
  if (!site) throw new Error('the demo agent has no new-open site');
  return site;
}

test('the address popup finds a postcode and a point on the map, labelling the sample data', async ({
  page,
}) => {
  await loginAs(page, '01020000004');
  await page.goto('/UnregisteredSite');
  await page.getByRole('button', { name: '주소 검색' }).click();
  const popup = page.getByRole('dialog');

  // Today's quick search says its answers are sample data.
  await popup.getByLabel('검색할 주소').fill('망원동 400-1');
  await popup.getByRole('button', { name: '검색', exact: true }).click();
  await expect(popup.getByRole('list', { name: '검색된 주소' })).toBeVisible();
  await expect(popup.getByTestId('sample-data')).toHaveText('샘플 데이터');

  // The postcode search lists each address with its 우편번호.
  await popup.getByRole('tab', { name: '우편번호' }).click();
  await popup.getByLabel('도로명, 건물명 또는 동').fill('망원동 400-1');
  await popup.getByRole('button', { name: '검색', exact: true }).click();
  const postcodes = popup.getByRole('list', { name: '검색된 우편번호' });
  await expect(postcodes.getByRole('button').first()).toContainText(/우편번호 \d{5}/);
  await expect(popup.getByTestId('sample-data')).toBeVisible();

  // A tap on the map picks the point: the address there (the sample names its district) and its coordinates.
  await popup.getByRole('tab', { name: '지도에서 선택' }).click();
  const map = popup.getByTestId('address-map');
  await expect(map.locator('canvas')).toBeVisible();
  const box = await map.boundingBox();
  if (!box) throw new Error('the map has no box');
  await page.mouse.click(box.x + box.width * 0.7, box.y + box.height * 0.3);
  const picked = popup.getByTestId('picked-point');
  await expect(picked).toContainText('서울특별시');
  await expect(picked.getByTestId('sample-data')).toBeVisible();
  const coordinates = ((await picked.getByText(/^\d+\.\d{5}, \d+\.\d{5}$/).textContent()) ?? '').trim();
  await popup.getByRole('button', { name: '이 위치로 선택' }).click();
  await expect(page.getByRole('status', { name: '주소' })).toContainText('서울특별시');
  await expect(page.getByText(coordinates, { exact: true })).toBeVisible();
});

test('the splash shows the store and chat links the admin set, and hides an empty one', async ({
  page,
  browser,
}) => {
  const admin = await loginAs(page, SUPER_ADMIN);
  const setLink = (param_name: string, value: string) =>
    apiCall({ page, token: admin.token, path: '/admin/updateAppInfo', data: { param_name, value } });
  await setLink('store_url', 'https://play.google.com/store/apps/details?id=kr.bunyangtalk');
  await setLink('chat_url', 'https://pf.kakao.com/_bunyangtalk/chat');

  const visitorContext = await browser.newContext();
  const visitor = await visitorContext.newPage();
  await visitor.goto('/');
  const store = visitor.getByRole('link', { name: '스토어에서 앱 받기' });
  await expect(store).toHaveAttribute('href', 'https://play.google.com/store/apps/details?id=kr.bunyangtalk');
  await expect(visitor.getByRole('link', { name: '상담원과 채팅' })).toHaveAttribute(
    'href',
    'https://pf.kakao.com/_bunyangtalk/chat',
  );

  await setLink('chat_url', '');
  await visitor.reload();
  await expect(store).toBeVisible();
  await expect(visitor.getByRole('link', { name: '상담원과 채팅' })).toHaveCount(0);
  await setLink('store_url', '');
  await visitorContext.close();
});

test('a site’s detail links to the route in 카카오맵, 네이버 지도 and T map with its coordinates and name', async ({
  page,
}) => {
  const { token } = await loginAs(page, '01020000001');
  const site = await firstOwnSite(page, token);
  const detail = await apiCall<{ common: { f_latitude: number; f_longitude: number; f_name: string } }>({
    page,
    token,
    path: '/site/getSiteDetail',
    data: { site_idx: site.f_idx },
  });
  const { f_latitude: lat, f_longitude: lng, f_name: name } = detail.common;
  await page.goto(`/SiteDetail?site_idx=${site.f_idx}`);
  const links = page.getByRole('navigation', { name: '길찾기' });
  const kakao = links.getByRole('link', { name: '카카오맵' });
  await expect(kakao).toHaveAttribute(
    'href',
    `https://map.kakao.com/link/to/${encodeURIComponent(name)},${lat},${lng}`,
  );
  await expect(kakao).toHaveAttribute('target', '_blank');
  const naver = new URL((await links.getByRole('link', { name: '네이버 지도' }).getAttribute('href')) ?? '');
  expect(naver.protocol).toBe('nmap:');
  expect(Object.fromEntries(naver.searchParams)).toMatchObject({
    dlat: String(lat),
    dlng: String(lng),
    dname: name,
  });
  const tmap = new URL((await links.getByRole('link', { name: 'T map' }).getAttribute('href')) ?? '');
  expect(tmap.protocol).toBe('tmap:');
  expect(Object.fromEntries(tmap.searchParams)).toEqual({
    goalname: name,
    goalx: String(lng),
    goaly: String(lat),
  });
});

test('an admin opens the view of the member who owns a listing, by its number', async ({ page, browser }) => {
  const agentContext = await browser.newContext();
  const agentPage = await agentContext.newPage();
  const agent = await loginAs(agentPage, '01020000002');
  const site = await firstOwnSite(agentPage, agent.token);
  await agentContext.close();

  await loginAs(page, SUPER_ADMIN);
  await page.goto('/admin/member');
  const opener = page.getByRole('form', { name: '회원 화면 열기' });
  await opener.getByRole('combobox', { name: '회원 찾는 방법' }).selectOption({ label: '현장 번호' });
  await opener.getByRole('textbox', { name: '현장 번호' }).fill('x');
  await opener.getByRole('button', { name: '회원 화면 보기' }).click();
  await expect(opener.getByRole('alert')).toHaveText('현장 번호를 입력해 주세요.');
  await opener.getByRole('textbox', { name: '현장 번호' }).fill(String(site.f_idx));
  await opener.getByRole('button', { name: '회원 화면 보기' }).click();
  await page
    .getByRole('dialog')
    .filter({ hasText: `현장 번호 ${site.f_idx}의 등록 회원으로` })
    .getByRole('button', { name: '확인' })
    .click();
  await expect(page).toHaveURL(/\/Home$/);
  await expect(page.getByText('관리자 보기: 박정호 님의 화면을 보고 있습니다.')).toBeVisible();
  await page.getByRole('button', { name: '보기 종료' }).click();
  await expect(page).toHaveURL(/\/admin\/member$/);
});

test('the admin sale-request tab lists the reports of a date picked', async ({ page, browser }) => {
  const agentContext = await browser.newContext();
  const agentPage = await agentContext.newPage();
  const agent = await loginAs(agentPage, '01020000003');
  const sites = await apiCall<{ list: Array<{ f_idx: number; f_name: string }> }>({
    page: agentPage,
    token: agent.token,
    path: '/report/getSiteListForReport',
    data: { page_num: 1 },
  });
  const site = sites.list.at(-1);
  if (!site) throw new Error('no site to report');
  await apiCall({
    page: agentPage,
    token: agent.token,
    path: '/site/reportSite',
    data: { site_idx: site.f_idx, report_type: 'SS', memo: '날짜 선택 확인' },
  });
  await agentContext.close();

  await loginAs(page, SUPER_ADMIN);
  await page.goto('/admin/salelog');
  await page.getByRole('tab', { name: '날짜 선택' }).click();
  const day = page.getByLabel('신고일');
  const today = new Date(Date.now() + 9 * 3_600_000).toISOString().slice(0, 10);
  await day.fill(today);
  const table = page.getByRole('table');
  await expect(table).toContainText(site.f_name);
  await day.fill('2020-01-02');
  await expect(page.getByText('신고 0건')).toBeVisible();
  await expect(table).not.toContainText(site.f_name);
});

test('a phone the admin registered gets its sign-up code filled in and skips the quiz', async ({
  page,
  browser,
}) => {
  const admin = await loginAs(page, SUPER_ADMIN);
  const phone = '01077770001';
  await apiCall({ page, token: admin.token, path: '/admin/addPhoneNumber', data: { phone } });

  const applicantContext = await browser.newContext();
  const applicant = await applicantContext.newPage();
  await applicant.goto('/SignupInfo');
  await applicant.getByLabel('휴대폰 번호').fill(phone);
  await applicant.getByRole('button', { name: '인증번호 받기' }).click();
  await expect(applicant.getByText('관리자가 등록한 번호입니다. 인증번호가 입력되었습니다.')).toBeVisible();
  await expect(applicant.getByLabel('인증번호', { exact: true })).toHaveValue(/^\d{6}$/);
  await applicant.getByRole('button', { name: '인증', exact: true }).click();
  await expect(applicant.getByRole('button', { name: '인증 완료' })).toBeDisabled();
  // No quiz: the form applies directly.
  await expect(applicant.getByRole('button', { name: '가입 신청' })).toBeVisible();
  await applicantContext.close();
});
