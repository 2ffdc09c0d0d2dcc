import { expect, test } from '@playwright/test';
import { loginAs, waitForServiceWorker } from './support.ts';

test('a site registered offline is in 내 매물 and the offline map search at once, marked as waiting, and the outbox names it', async ({
  page,
  context,
}) => {
  test.setTimeout(150_000);
  await loginAs(page, '01020000003');
  await page.goto('/Home');
  await expect(page.getByTestId('sync-indicator')).toHaveText(/동기화됨/, { timeout: 20_000 });
  await waitForServiceWorker(page);

  await page.goto('/RegSite/step1/General');
  await expect(page).toHaveURL(/\/RegSite\/step1\/General\?draft=/);
  const offer = page.getByRole('dialog').filter({ hasText: '임시저장한 내용이 있습니다' });
  if (await offer.isVisible()) await offer.getByRole('button', { name: '삭제' }).click();
  const name = `오프라인등록 ${Date.now()}`;
  await page.getByLabel('현장명', { exact: true }).fill(name);
  // The address is found while the signal holds (it gives the site its place on the map).
  await page.getByRole('button', { name: '주소 검색' }).click();
  const search = page.getByRole('dialog');
  await search.getByLabel('검색할 주소').fill('강남구 역삼동 123-4');
  await search.getByRole('button', { name: '검색' }).click();
  await search.getByRole('list', { name: '검색된 주소' }).getByRole('button').first().click();
  await expect(search).toHaveCount(0);

  // Then the signal goes, and the rest is typed and saved on the device.
  await context.setOffline(true);
  await page.getByLabel('담당자 이름').fill('박일반');
  await page.getByLabel('담당자 전화번호').fill('01077778888');
  await page.getByRole('group', { name: '매물 종류' }).getByLabel('아파트').check();
  await page.getByRole('group', { name: '거래 유형' }).getByLabel('매매').check();
  await page.getByLabel('매매가 (최소)').fill('35000');
  await page.getByRole('group', { name: '방', exact: true }).getByLabel('2', { exact: true }).check();
  await page.getByRole('group', { name: '화장실 수' }).getByLabel('1', { exact: true }).check();
  await page.getByRole('group', { name: '수수료 유형' }).getByLabel('매매 수수료').check();
  const areas = page.getByRole('region', { name: '면적' });
  await areas.getByRole('group', { name: '이 면적의 방 개수' }).getByLabel('3', { exact: true }).check();
  await areas.getByLabel('면적(㎡)').fill('84.9');
  await areas.getByRole('button', { name: '면적 추가' }).click();
  await page.getByRole('button', { name: '저장', exact: true }).click();
  await expect(page).not.toHaveURL(/\/RegSite\//);
  await expect(page.getByTestId('sync-indicator')).toHaveText('오프라인 · 대기 1건');

  // 내 매물 lists it from the device, marked as waiting.
  await page.goto('/SaleList');
  const row = page.locator('.site-item', { hasText: name });
  await expect(row).toBeVisible({ timeout: 20_000 });
  await expect(row.getByTestId('waiting-badge')).toHaveText('동기화 대기');

  // So does the map's offline search.
  await page.goto('/Map');
  await page.getByLabel('검색어').fill(name);
  await page.getByRole('button', { name: '검색', exact: true }).click();
  await expect(page.getByText('오프라인 결과', { exact: true })).toBeVisible({ timeout: 20_000 });
  const pin = page.locator('.site-row', { hasText: name });
  await expect(pin).toBeVisible();
  await expect(pin.getByTestId('waiting-badge')).toBeVisible();

  // The outbox names what waits.
  await page.goto('/sync');
  await expect(page.getByText(`현장 등록 · ${name}`)).toBeVisible();

  // Once online it goes, and the lists show the server's copy without the mark.
  await context.setOffline(false);
  await expect(page.getByTestId('sync-indicator')).toHaveText(/동기화됨/, { timeout: 30_000 });
  await page.goto('/SaleList');
  await expect(page.locator('.site-item', { hasText: name })).toHaveCount(1, { timeout: 20_000 });
  await expect(page.locator('.site-item', { hasText: name }).getByTestId('waiting-badge')).toHaveCount(0);
});
