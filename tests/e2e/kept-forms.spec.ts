import { expect, type Page, test } from '@playwright/test';
import sharp from 'sharp';
import type { SiteRegistration } from '../../sync/api/registration.api.ts';
import { decodePull, PROTOCOL_VERSION, type PullWire } from '../../sync/protocol.ts';
import { apiCall, lastSmsCode, loginAs, waitForSmsCode } from './support.ts';

/** What the agent typed stays on the device through a reload, on every step, until it is saved. */

async function cardPhoto(): Promise<Buffer> {
  return sharp({ create: { width: 600, height: 340, channels: 3, background: '#f1e4c8' } })
    .jpeg()
    .toBuffer();
}

/** What a form kept on the device (the offline store's key-value table), as JSON; '' when nothing. */
async function keptOnDevice({ page, form }: { page: Page; form: string }): Promise<string> {
  return page.evaluate(
    (suffix) =>
      new Promise<string>((resolve) => {
        const open = indexedDB.open('bunyang');
        open.onerror = () => resolve('');
        open.onsuccess = () => {
          const all = open.result.transaction('syncMeta').objectStore('syncMeta').getAll();
          all.onerror = () => resolve('');
          all.onsuccess = () => {
            const rows = all.result as Array<{ key: string; value: unknown }>;
            // kept:<uid>:<form>; a form given as `registration:` matches any registration.
            const row = rows.find(
              (r) => r.key.startsWith('kept:') && r.key.split(':').slice(2).join(':').startsWith(suffix),
            );
            open.result.close();
            resolve(row ? JSON.stringify(row.value) : '');
          };
        };
      }),
    form,
  );
}

async function siteNamed({ page, token, name }: { page: Page; token: string; name: string }) {
  const pulled = await apiCall<PullWire>({
    page,
    token,
    path: '/sync/pull',
    data: { protocol_version: PROTOCOL_VERSION, client_id: 'e2e-kept-forms', cursor: null, limit: 2000 },
  });
  const { changes } = decodePull(pulled);
  const mine = changes.filter((c) => c.t === 'site' && c.op === 'put' && c.row.f_name === name);
  expect(mine).toHaveLength(1);
  return apiCall<SiteRegistration>({
    page,
    token,
    path: '/site/getSiteRegistration',
    method: 'get',
    data: { site_idx: mine[0]?.key ?? 0 },
  });
}

test('a reload on registration step 2 keeps every step-1 field and every unit, and the final save succeeds', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const { token } = await loginAs(page, '01020000002');
  await page.goto('/Home');
  await expect(page.getByTestId('sync-indicator')).toHaveText(/동기화됨/, { timeout: 20_000 });
  await page.getByRole('link', { name: '매물 등록' }).first().click();
  await expect(page).toHaveURL(/\/RegSite\/step1\/New\?draft=/);
  const name = `새로고침 분양 ${Date.now()}`;

  // Step 1, never saved temporarily.
  await page.getByLabel('현장명', { exact: true }).fill(name);
  await page.getByRole('button', { name: '주소 검색' }).click();
  const search = page.getByRole('dialog');
  await search.getByLabel('검색할 주소').fill('경기도 성남시 분당구 정자동 1');
  await search.getByRole('button', { name: '검색' }).click();
  await search.getByRole('button', { name: '입력한 주소 사용' }).click();
  await expect(search).toHaveCount(0);
  await page.getByLabel('상세 주소', { exact: true }).fill('모델하우스 2층');
  // A contact typed but not added: the save adds it, after the reload too.
  await page.getByLabel('담당자 이름').fill('이분양');
  await page.getByLabel('담당자 전화번호').fill('01055556666');
  await page.getByRole('group', { name: '매물 종류(복수 선택)' }).getByLabel('아파트').check();
  await page.getByLabel('동 수', { exact: true }).fill('1');
  await page.getByLabel('세대 수', { exact: true }).fill('8');
  await page.getByRole('group', { name: '수수료 유형' }).getByLabel('매매 수수료').check();
  const areas = page.getByRole('region', { name: '면적' });
  await areas.getByRole('group', { name: '이 면적의 방 개수' }).getByLabel('3', { exact: true }).check();
  await areas.getByLabel('면적(㎡)').fill('84.9');
  await areas.getByRole('button', { name: '면적 추가' }).click();
  await page.getByRole('button', { name: '다음' }).click();

  // Step 2: one building of 2 floors × 4 units, filled from one unit.
  await expect(page).toHaveURL(/\/RegSite\/step2\?/);
  await page.getByRole('button', { name: '동 추가' }).click();
  await page.getByLabel('1번째 동 층수').fill('2');
  await page.getByLabel('1번째 동 층별 세대수').fill('4');
  await page.getByRole('button', { name: '전체 층 채우기' }).click();
  const popup = page.getByRole('dialog');
  await popup.getByRole('group', { name: '거래 유형' }).getByLabel('매매').check();
  await popup.getByLabel('매매가').fill('61000');
  await popup.getByRole('group', { name: '방', exact: true }).getByLabel('3', { exact: true }).check();
  await popup.getByRole('group', { name: '화장실 수' }).getByLabel('2', { exact: true }).check();
  await popup.getByLabel('전용면적(㎡)').fill('84.9');
  await popup.getByRole('button', { name: '호 저장' }).click();
  const units = page.getByRole('list', { name: '101동의 호' }).getByRole('button', { name: /101동 \d+ 호/ });
  await expect(units).toHaveCount(8);

  // The app is reloaded (or killed and reopened at this address) once the last unit is on the
  // device (a write takes a few milliseconds): nothing typed is lost.
  await expect
    .poll(
      async () =>
        (await keptOnDevice({ page, form: 'registration:' })).match(/"f_sale_price":61000/g)?.length ?? 0,
    )
    .toBe(8);
  await page.reload();
  await expect(page).toHaveURL(/\/RegSite\/step2\?/);
  await expect(units).toHaveCount(8);
  await expect(page.getByTestId('remaining-units')).toHaveText('남은 세대: 8세대 중 0세대');
  await page.goBack();
  await expect(page).toHaveURL(/\/RegSite\/step1\/New\?/);
  await expect(page.getByLabel('현장명', { exact: true })).toHaveValue(name);
  await expect(page.getByLabel('상세 주소', { exact: true })).toHaveValue('모델하우스 2층');
  // "Next" added the typed contact to the list.
  await expect(page.getByRole('list', { name: '등록한 연락처' }).getByText('이분양')).toBeVisible();
  await expect(page.getByLabel('세대 수', { exact: true })).toHaveValue('8');
  await page.getByRole('button', { name: '다음' }).click();
  await expect(page).toHaveURL(/\/RegSite\/step2\?/);
  await page.reload();
  await expect(units).toHaveCount(8);

  await page.getByRole('button', { name: '저장', exact: true }).click();
  await expect(page.getByText('저장했습니다.', { exact: true })).toBeVisible();
  await expect(page).not.toHaveURL(/\/RegSite\//);
  await expect(page.getByTestId('sync-indicator')).toHaveText(/동기화됨/, { timeout: 30_000 });

  const site = await siteNamed({ page, token, name });
  expect(site.f_status).toBe('N');
  expect(site.fields).toMatchObject({
    f_name: name,
    f_address1: '경기도 성남시 분당구 정자동 1',
    f_address2: '모델하우스 2층',
    f_house_count: 8,
    contacts: [{ f_name: '이분양', f_phone: '01055556666' }],
  });
  expect(site.fields.dongs.map((d) => [d.f_dong, d.hos.length])).toEqual([['101동', 8]]);
  expect(site.fields.dongs[0]?.hos.every((h) => h.f_sale_price === 61000)).toBe(true);

  // Saved: entering registration again starts a blank form, not the kept one.
  await page.goto('/RegSite/step1/New');
  await expect(page).toHaveURL(/\/RegSite\/step1\/New\?draft=/);
  await expect(page.getByLabel('현장명', { exact: true })).toHaveValue('');
});

test('a reload during sign-up keeps the card, the fields and the verified phone up to the quiz, and the application goes', async ({
  page,
}) => {
  const phone = '01044440019';
  await page.goto('/SignupInfo');
  await page
    .getByLabel('명함 사진')
    .setInputFiles({ name: 'card.jpg', mimeType: 'image/jpeg', buffer: await cardPhoto() });
  await page.getByLabel('소속').fill('정자 공인중개사');
  await page.getByLabel('이름').fill('박새로');
  await page.getByLabel('휴대폰 번호').fill(phone);
  const before = lastSmsCode(phone);
  await page.getByRole('button', { name: '인증번호 받기' }).click();
  const code = await waitForSmsCode(phone, before);
  await page.getByLabel('인증번호').fill(code);

  // Reloaded with the code typed (and kept) and not yet checked: the countdown goes on.
  await expect.poll(() => keptOnDevice({ page, form: 'signup' })).toContain(code);
  await page.reload();
  await expect(page.getByLabel('소속')).toHaveValue('정자 공인중개사');
  await expect(page.getByLabel('이름')).toHaveValue('박새로');
  await expect(page.getByLabel('휴대폰 번호')).toHaveValue('010-4444-0019');
  await expect(page.getByLabel('인증번호')).toHaveValue(code);
  await expect(page.getByTestId('countdown')).toHaveText(/^[0-3]:\d\d$/);
  await expect(page.getByRole('img', { name: '명함' })).toBeVisible();
  await page.getByRole('button', { name: '인증', exact: true }).click();
  await expect(page.getByRole('button', { name: '인증 완료' })).toBeVisible();

  // Reloaded once verified: still verified, so on to the quiz.
  await page.reload();
  await expect(page.getByRole('button', { name: '인증 완료' })).toBeVisible();
  await page.getByRole('button', { name: '다음: 인증 퀴즈' }).click();
  await expect(page).toHaveURL(/\/SignupQuiz$/);

  // Reloaded on the quiz, half answered: the application and the answers are still there.
  const answers = [
    '불가능하다',
    '시·도 조례',
    '중개사무소 명칭과 등록번호',
    '신고되어 이용이 제한될 수 있다',
  ];
  for (const answer of answers) await page.getByLabel(answer, { exact: true }).check();
  await expect
    .poll(
      async () =>
        Object.keys(JSON.parse((await keptOnDevice({ page, form: 'signup-quiz' })) || '{}').value ?? {})
          .length,
    )
    .toBe(answers.length);
  await page.reload();
  await expect(page).toHaveURL(/\/SignupQuiz$/);
  for (const answer of answers) await expect(page.getByLabel(answer, { exact: true })).toBeChecked();
  await page.getByLabel('3.3㎡', { exact: true }).check();
  await page.getByRole('button', { name: '가입 신청' }).click();
  await expect(page.getByRole('heading', { name: '가입 심사 중입니다' })).toBeVisible();

  // Sent: a new sign-up starts blank.
  await page.goto('/SignupInfo');
  await expect(page.getByLabel('이름')).toHaveValue('');
});

test('a memo being written survives a reload and is gone once saved', async ({ page }) => {
  const { token } = await loginAs(page, '01020000006');
  const { list: mine } = await apiCall<{ list: Array<{ f_idx: number }> }>({
    page,
    token,
    path: '/site/getMySiteList',
    data: { site_type: 'O' },
  });
  const idx = mine[0]?.f_idx;
  expect(idx).toBeDefined();
  await page.goto(`/SiteDetail?site_idx=${idx}`);
  await page.getByTestId('memo-edit').click();
  const memo = page.getByTestId('memo').locator('textarea');
  await memo.fill('견본주택 토요일 휴관');
  // The app is killed once the typing is on the device (a write takes a few milliseconds).
  await expect.poll(() => keptOnDevice({ page, form: `memo:${idx}` })).toContain('견본주택 토요일 휴관');
  await page.reload();
  await expect(memo).toHaveValue('견본주택 토요일 휴관');
  await memo.fill('견본주택 토요일 휴관, 일요일 개관');
  await page.getByTestId('memo-save').click();
  await expect(page.getByTestId('memo-text')).toHaveText('견본주택 토요일 휴관, 일요일 개관');
  await page.reload();
  await expect(page.getByTestId('memo-text')).toHaveText('견본주택 토요일 휴관, 일요일 개관');
  await expect(memo).toHaveCount(0);
});

test('an unregistered-site report and a community post being written survive a reload, until sent or cancelled', async ({
  page,
}) => {
  await loginAs(page, '01020000005');
  await page.goto('/UnregisteredSite');
  const name = page.getByLabel('현장명', { exact: true });
  await name.fill('연남동 신축 오피스텔');
  await page.getByLabel('관리자에게 남길 메모').fill('분양 사무실 2층');
  await expect.poll(() => keptOnDevice({ page, form: 'unregistered:new' })).toContain('분양 사무실 2층');
  await page.reload();
  await expect(name).toHaveValue('연남동 신축 오피스텔');
  await expect(page.getByLabel('관리자에게 남길 메모')).toHaveValue('분양 사무실 2층');
  await expect(page.getByTestId('kept-notice')).toBeVisible();

  await page.goto('/Community');
  await page.getByRole('button', { name: '글쓰기' }).click();
  const form = page.getByTestId('post-form');
  await form.getByRole('textbox', { name: '제목' }).fill('연남동 급매 문의');
  await form.getByRole('textbox', { name: '내용' }).fill('전용 59 두 채 남았습니다.');
  await expect.poll(() => keptOnDevice({ page, form: 'post:new' })).toContain('전용 59 두 채');
  await page.reload();
  await page.getByRole('button', { name: '글쓰기' }).click();
  await expect(form.getByRole('textbox', { name: '제목' })).toHaveValue('연남동 급매 문의');
  await expect(form.getByRole('textbox', { name: '내용' })).toHaveValue('전용 59 두 채 남았습니다.');
  // Cancelled: the next post starts empty.
  await form.getByRole('button', { name: '취소' }).click();
  await expect.poll(() => keptOnDevice({ page, form: 'post:new' })).toBe('');
  await page.getByRole('button', { name: '글쓰기' }).click();
  await expect(form.getByRole('textbox', { name: '제목' })).toHaveValue('');

  // The report kept earlier is still there after the detour.
  await page.goto('/UnregisteredSite');
  await expect(name).toHaveValue('연남동 신축 오피스텔');
});
