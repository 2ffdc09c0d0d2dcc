import { expect, type Locator, type Page, test } from '@playwright/test';
import sharp from 'sharp';
import type { SiteRegistration } from '../../sync/api/registration.api.ts';
import { decodePull, PROTOCOL_VERSION, type PullWire } from '../../sync/protocol.ts';
import { apiCall, loginAs, waitForServiceWorker } from './support.ts';

/** Three different small photos, as a phone gallery would hand them over. */
async function photos() {
  const colours = ['#d9480f', '#2b8a3e', '#1864ab'];
  return Promise.all(
    colours.map(async (background, i) => ({
      name: `site-${i + 1}.png`,
      mimeType: 'image/png',
      buffer: await sharp({ create: { width: 320, height: 200, channels: 3, background } })
        .png()
        .toBuffer(),
    })),
  );
}

/** The unit popup's fields for a sale at a price, 3 rooms and 2 toilets; then saved. */
async function fillUnit(popup: Locator, { price }: { price: number }) {
  await popup.getByRole('group', { name: '거래 유형' }).getByLabel('매매').check();
  await popup.getByLabel('매매가').fill(String(price));
  await popup.getByRole('group', { name: '방', exact: true }).getByLabel('3', { exact: true }).check();
  await popup.getByRole('group', { name: '화장실 수' }).getByLabel('2', { exact: true }).check();
  await popup.getByLabel('전용면적(㎡)').fill('84.9');
  await popup.getByRole('button', { name: '호 저장' }).click();
}

async function buildingRow(
  page: Page,
  n: number,
  { floors, perFloor }: { floors: number; perFloor: number },
) {
  await page.getByLabel(`${n}번째 동 층수`).fill(String(floors));
  await page.getByLabel(`${n}번째 동 층별 세대수`).fill(String(perFloor));
}

/** The member's temporary saves of a new-open site still on the server. */
async function draftsLeft({ page, token }: { page: Page; token: string }): Promise<number> {
  const drafts = await apiCall<{ count: number }>({
    page,
    token,
    path: '/site/checkTemporarySave',
    method: 'get',
    data: { site_type: 'O' },
  });
  return drafts.count;
}

test('a new-open site registered entirely offline, with a temporary save and a reload, reaches the server whole once online', async ({
  page,
  context,
}) => {
  test.setTimeout(180_000);
  const { token } = await loginAs(page, '01020000001');
  await page.goto('/Home');
  await expect(page.getByTestId('sync-indicator')).toHaveText(/동기화됨/, { timeout: 20_000 });
  await waitForServiceWorker(page);

  // From here on the device has no network at all.
  await context.setOffline(true);
  await page.getByRole('link', { name: '매물 등록' }).first().click();
  await expect(page).toHaveURL(/\/RegSite\/step1\/New\?draft=/);
  const name = `오프라인 분양 ${Date.now()}`;

  // Step 1.
  await page.getByLabel('현장명', { exact: true }).fill(name);
  await page.getByRole('button', { name: '주소 검색' }).click();
  const search = page.getByRole('dialog');
  await search.getByLabel('검색할 주소').fill('서울특별시 강남구 역삼동 737');
  await search.getByRole('button', { name: '검색' }).click();
  await expect(search).toContainText('주소 검색은 인터넷 연결이 필요합니다.');
  await search.getByRole('button', { name: '입력한 주소 사용' }).click();
  await expect(search).toHaveCount(0);
  await expect(page.getByRole('status', { name: '주소' })).toHaveText('서울특별시 강남구 역삼동 737');
  await page.getByLabel('상세 주소', { exact: true }).fill('견본주택 1층');
  // A typed contact pair is added by the save itself (spec §5).
  await page.getByLabel('담당자 이름').fill('김분양');
  await page.getByLabel('담당자 전화번호').fill('01012345678');
  await page.getByRole('group', { name: '매물 종류(복수 선택)' }).getByLabel('아파트').check();
  await page.getByLabel('동 수', { exact: true }).fill('2');
  await page.getByLabel('세대 수', { exact: true }).fill('80');
  await page.getByRole('group', { name: '수수료 유형' }).getByLabel('매매 수수료').check();
  const areas = page.getByRole('region', { name: '면적' });
  await areas.getByRole('group', { name: '이 면적의 방 개수' }).getByLabel('3', { exact: true }).check();
  await areas.getByLabel('면적(㎡)').fill('84.9');
  await expect(areas.getByLabel('면적(평)')).toHaveValue('25.68');
  await areas.getByRole('button', { name: '면적 추가' }).click();
  const media = page.getByRole('region', { name: '사진과 메모' });
  await media
    .locator('input[type=file]')
    .first()
    .setInputFiles(await photos());
  await expect(media.getByRole('list', { name: '사진', exact: true }).getByRole('listitem')).toHaveCount(3);
  await expect(media.getByText('업로드 대기')).toHaveCount(3);
  await page.getByRole('button', { name: '다음' }).click();

  // Step 2: two buildings of 10 floors × 4 units.
  await expect(page).toHaveURL(/\/RegSite\/step2\?/);
  await page.getByRole('button', { name: '동 추가' }).click();
  await buildingRow(page, 1, { floors: 10, perFloor: 4 });
  await page.getByRole('button', { name: '전체 층 채우기' }).click();
  await fillUnit(page.getByRole('dialog'), { price: 52000 });
  await expect(
    page.getByRole('list', { name: '101동의 호' }).getByRole('button', { name: /101동 \d+ 호/ }),
  ).toHaveCount(40);

  // The second building: floor 1 by hand, then copy floor 1 onto every other floor.
  await page.getByRole('button', { name: '동 추가' }).click();
  await buildingRow(page, 2, { floors: 10, perFloor: 4 });
  for (let i = 0; i < 4; i++) {
    await page.getByRole('button', { name: '1층에 호 추가' }).click();
    await fillUnit(page.getByRole('dialog'), { price: 48000 + i * 1000 });
  }
  const copy = page.getByRole('region', { name: '층 복사' });
  await copy.getByLabel('복사할 층').selectOption('1');
  await copy.getByRole('button', { name: '나머지 모든 층' }).click();
  await copy.getByRole('button', { name: '복사', exact: true }).click();
  const second = page.getByRole('list', { name: '102동의 호' });
  await expect(second.getByRole('button', { name: /102동 \d+ 호/ })).toHaveCount(40);
  await expect(second.getByRole('button', { name: '102동 1004 호' })).toBeVisible();
  await expect(page.getByTestId('remaining-units')).toHaveText('남은 세대: 80세대 중 0세대');

  await page.getByRole('button', { name: '임시저장', exact: true }).click();
  await expect(page.getByText('이 기기에 임시저장했습니다.')).toBeVisible();

  // A reload with no network is served by the service worker; the draft comes back from the device.
  const reloaded = await page.reload();
  expect(reloaded?.fromServiceWorker()).toBe(true);
  const summary = page.getByRole('region', { name: '요약' });
  await expect(summary.getByRole('row', { name: '101동' })).toContainText('40세대 중 40세대 · 10개 층');
  await expect(summary.getByRole('row', { name: '102동' })).toContainText('40세대 중 40세대 · 10개 층');
  await expect(page.getByTestId('remaining-units')).toHaveText('남은 세대: 80세대 중 0세대');

  await page.getByRole('button', { name: '저장', exact: true }).click();
  await expect(page.getByText('이 기기에 저장했습니다.')).toBeVisible();
  // Back to where registration started: registration, the address change and step 2 (spec §4).
  await expect(page).toHaveURL(/\/Home$/);
  await expect(page.getByTestId('sync-indicator')).toHaveText('오프라인 · 대기 2건');

  // Online again: the outbox goes, photos first.
  await context.setOffline(false);
  await expect(page.getByTestId('sync-indicator')).toHaveText(/동기화됨/, { timeout: 30_000 });

  const pulled = await apiCall<PullWire>({
    page,
    token,
    path: '/sync/pull',
    data: {
      protocol_version: PROTOCOL_VERSION,
      client_id: 'e2e-registration-check',
      cursor: null,
      limit: 2000,
    },
  });
  const { changes } = decodePull(pulled);
  const mine = changes.filter((c) => c.t === 'site' && c.op === 'put' && c.row.f_name === name);
  expect(mine).toHaveLength(1);
  const siteIdx = mine[0]?.key as number;
  const site = await apiCall<SiteRegistration>({
    page,
    token,
    path: '/site/getSiteRegistration',
    method: 'get',
    data: { site_idx: siteIdx },
  });
  expect(site.f_status).toBe('N');
  expect(site.f_temp_step).toBe(0);
  expect(site.fields).toMatchObject({
    f_name: name,
    f_site_type: 'O',
    f_address1: '서울특별시 강남구 역삼동 737',
    f_address2: '견본주택 1층',
    f_house_count: 80,
    contacts: [{ f_name: '김분양', f_phone: '01012345678' }],
  });
  expect(
    site.fields.dongs.map((d) => [d.f_dong, d.f_floor_count, d.f_units_per_floor, d.hos.length]),
  ).toEqual([
    ['101동', 10, 4, 40],
    ['102동', 10, 4, 40],
  ]);
  const second10 = site.fields.dongs[1]?.hos
    .filter((h) => h.f_floor === 10)
    .map((h) => [h.f_ho, h.f_sale_price]);
  expect(second10).toEqual([
    ['1001', 48000],
    ['1002', 49000],
    ['1003', 50000],
    ['1004', 51000],
  ]);
  expect(site.fields.f_image_urls).toHaveLength(3);
  for (const url of site.fields.f_image_urls) {
    expect(url).toMatch(/^\/uploads\//);
    const image = await page.request.get(url);
    expect(image.status()).toBe(200);
    expect(image.headers()['content-type']).toMatch(/^image\//);
  }
  // The site detail popup shows the site with its buildings, its 80 units and the 3 photos.
  await page.goto(`/SiteDetail?site_idx=${siteIdx}`);
  await expect(page.locator('.detail-summary__name')).toHaveText(name);
  await expect(page.getByTestId('unit-dong')).toHaveCount(2);
  await expect(page.getByTestId('unit-cell')).toHaveCount(80);
  const strip = page.getByTestId('photos');
  await strip.scrollIntoViewIfNeeded();
  await expect(strip.locator('img')).toHaveCount(3);
  await expect
    .poll(() =>
      strip
        .locator('img')
        .evaluateAll((imgs) => imgs.filter((i) => (i as HTMLImageElement).naturalWidth > 0).length),
    )
    .toBe(3);
  // Its edit button opens this registration as a modification: no temporary save.
  await page.getByRole('link', { name: '수정', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/RegSite/step1/New\\?site_idx=${siteIdx}`));
  await expect(page.getByRole('heading', { name: '현장 수정' })).toBeVisible();
  await expect(page.getByLabel('현장명', { exact: true })).toHaveValue(name);
  await expect(page.getByRole('button', { name: '임시저장', exact: true })).toHaveCount(0);

  // No temporary save is left behind.
  expect(await draftsLeft({ page, token })).toBe(0);
});

test('entering registration offers the temporary save to load, or to remove and start afresh', async ({
  page,
}) => {
  const { token } = await loginAs(page, '01020000003');
  await page.goto('/Home');
  await expect(page.getByTestId('sync-indicator')).toHaveText(/동기화됨/, { timeout: 20_000 });
  const register = page.getByRole('link', { name: '매물 등록' }).first();
  const name = `임시저장 현장 ${Date.now()}`;

  await register.click();
  await expect(page).toHaveURL(/\/RegSite\/step1\/New\?draft=/);
  await page.getByLabel('현장명', { exact: true }).fill(name);
  await page.getByRole('button', { name: '임시저장', exact: true }).click();
  await expect(page.getByText('임시저장되었습니다.')).toBeVisible();
  await page.getByRole('button', { name: '취소' }).click();
  await page.getByRole('dialog').getByRole('button', { name: '그만두기' }).click();
  await expect(page).toHaveURL(/\/Home$/);
  await expect(page.getByTestId('sync-indicator')).toHaveText(/동기화됨/, { timeout: 20_000 });

  await register.click();
  const offer = page.getByRole('dialog');
  await expect(offer).toContainText('임시저장한 내용이 있습니다. 불러올까요?');
  await offer.getByRole('button', { name: '불러오기' }).click();
  await expect(page.getByLabel('현장명', { exact: true })).toHaveValue(name);
  await page.getByRole('button', { name: '취소' }).click();
  await page.getByRole('dialog').getByRole('button', { name: '그만두기' }).click();
  await expect(page).toHaveURL(/\/Home$/);

  await register.click();
  await page.getByRole('dialog').getByRole('button', { name: '삭제' }).click();
  await expect(page.getByText('임시저장을 삭제했습니다.')).toBeVisible();
  await expect(page.getByLabel('현장명', { exact: true })).toHaveValue('');
  await expect.poll(() => draftsLeft({ page, token })).toBe(0);
});

test('an unregistered-site report is checked by its own rules, sent, and then shown read-only', async ({
  page,
}) => {
  await loginAs(page, '01020000004');
  await page.goto('/UnregisteredSite');
  const send = page.getByRole('button', { name: '제보하기' });
  await send.click();
  await expect(page.getByText('현장명을 입력해 주세요.')).toBeVisible();
  await page.getByLabel('현장명', { exact: true }).fill('망원동 신축 빌라');
  // Online, the address search finds the parcel: the lot address, its coordinates and parcel parts.
  await page.getByRole('button', { name: '주소 검색' }).click();
  const search = page.getByRole('dialog');
  await search.getByLabel('검색할 주소').fill('망원동 400-1');
  await search.getByRole('button', { name: '검색', exact: true }).click();
  await search.getByRole('list', { name: '검색된 주소' }).getByRole('button').first().click();
  await expect(page.getByRole('status', { name: '주소' })).toContainText('망원동 400-1');
  await page.getByLabel('상세 주소', { exact: true }).fill('2층');
  await page.getByLabel('담당자 이름').fill('박제보');
  await page.getByLabel('담당자 전화번호').fill('01022223333');
  await page.getByRole('group', { name: '수수료 유형' }).getByLabel('투자 수수료').check();
  await send.click();
  await expect(page.getByText('투자 수수료를 입력해 주세요.')).toBeVisible();
  await page.getByLabel('투자 수수료 금액').fill('3');
  await page.getByLabel('관리자에게 남길 메모').fill('분양 사무실 확인 부탁드립니다');
  await send.click();

  await expect(page).toHaveURL(/\/UnregisteredSite\?.*readonly=Y/);
  await expect(page.getByText('제보가 접수되었습니다.')).toBeVisible();
  await expect(page.getByLabel('현장명', { exact: true })).toHaveValue('망원동 신축 빌라');
  await expect(page.getByLabel('현장명', { exact: true })).toBeDisabled();
  await expect(page.getByRole('list', { name: '등록한 연락처' })).toContainText('박제보 · 010-2222-3333');
  await expect(page.getByLabel('투자 수수료 금액')).toHaveValue('3');
  await expect(page.getByRole('status', { name: '주소' })).toContainText('망원동 400-1');
  await expect(page.getByText(/^37\.\d{5}, 126\.\d{5}$/)).toBeVisible();
  await expect(send).toHaveCount(0);
});

test('switching to a general site and cancelling returns to where registration was entered from', async ({
  page,
}) => {
  await loginAs(page, '01020000005');
  await page.goto('/More');
  await page.getByRole('link', { name: '매물 등록' }).first().click();
  await expect(page).toHaveURL(/\/RegSite\/step1\/New/);
  const offer = page.getByRole('dialog').filter({ hasText: '임시저장한 내용이 있습니다' });
  if (await offer.isVisible()) await offer.getByRole('button', { name: '삭제' }).click();
  await page.getByRole('tab', { name: '일반' }).click();
  await expect(page).toHaveURL(/\/RegSite\/step1\/General/);
  await page.getByLabel('현장명', { exact: true }).fill('취소할 일반 현장');
  await page.getByRole('button', { name: '취소' }).click();
  await page.getByRole('dialog').getByRole('button', { name: '그만두기' }).click();
  // Not a blank new-open form: the tab switch left no history entry of its own.
  await expect(page).toHaveURL(/\/More$/);
});
