import { expect, type Page, test } from '@playwright/test';
import { apiAnswer, loginAs } from './support.ts';

/** A call behind the usage-ticket check: the map search, answered as it came (a refusal included). */
async function ticketGatedCall(page: Page, token: string) {
  const url = '/site/searchSiteForMap_app';
  const data = { bounds: { south: 37.4, west: 126.8, north: 37.7, east: 127.2 } };
  const answer = await apiAnswer<{ reason?: string } | null>({ page, token, path: url, data });
  return { url, status: answer.status, code: answer.code, reason: answer.data?.reason ?? null };
}

test('an expired agent charges 20,000 points at the test checkout, buys 30 days, and the map search opens', async ({
  page,
}) => {
  // Demo agent 6: ticket expired yesterday, 10,000 points.
  const { token } = await loginAs(page, '01020000006');
  const refused = await ticketGatedCall(page, token);
  expect(refused, refused.url).toMatchObject({ status: 402, code: -1, reason: 'ticket_expired' });

  await page.goto('/More');
  await expect(page.getByTestId('points')).toHaveText('포인트: 10,000P');
  await expect(page.getByTestId('days-left')).toHaveCount(0);

  // Charge: the 20,000-point option costs 22,000 won with VAT; the card widget is the test checkout.
  await page.getByRole('button', { name: '포인트 충전' }).click();
  await expect(page.getByText('부가세 10%가 포함된 금액입니다.')).toBeVisible();
  await expect(
    page.getByRole('radio', { name: /^55,000P 적립 \(보너스 5,000P 포함\) 55,000원 결제/ }),
  ).toBeVisible();
  await page.getByRole('radio', { name: /^20,000P/ }).check();
  await page.getByRole('button', { name: '카드 결제' }).click();
  await expect(page).toHaveURL(/\/pay\/test-checkout\?/);
  await expect(page.getByRole('heading', { name: '테스트 결제' })).toBeVisible();
  await expect(page.getByText('22,000원')).toBeVisible();
  await page.getByRole('button', { name: '결제 승인' }).click();

  // Back in the app: the server verified the payment with the provider and credited it.
  await expect(page).toHaveURL(/\/More$/);
  await expect(page.getByText('충전되었습니다.', { exact: true })).toBeVisible();
  await expect(page.getByTestId('points')).toHaveText('포인트: 30,000P');

  // Usage extension: the 30-day plan for 12,000 points; the popup closes and the profile reloads.
  await page.getByRole('button', { name: '이용 연장' }).click();
  const popup = page.getByRole('dialog').filter({ has: page.getByRole('heading', { name: '이용 연장' }) });
  await expect(popup.getByRole('radio')).toHaveCount(13);
  await popup.getByRole('radio', { name: /^30일/ }).check();
  await popup.getByRole('button', { name: '구매' }).click();
  const confirm = page.getByRole('dialog').filter({ hasText: '30일 이용권을 12,000P에 구매할까요?' });
  await confirm.getByRole('button', { name: '구매' }).click();
  await expect(page.getByText('이용권을 구매했습니다.')).toBeVisible();
  await expect(popup).toHaveCount(0);
  await expect(page.getByTestId('points')).toHaveText('포인트: 18,000P');
  await expect(page.getByTestId('days-left')).toHaveText('남은 기간: 30일');

  const allowed = await ticketGatedCall(page, token);
  expect(allowed, allowed.url).toMatchObject({ code: 0, reason: null });
  expect(allowed.status).toBe(200);
});

test('a declined card says payment failed with the provider’s reason and credits nothing', async ({
  page,
}) => {
  await loginAs(page, '01020000005');
  await page.goto('/More');
  await expect(page.getByTestId('points')).toHaveText('포인트: 9,000P');
  await page.getByRole('button', { name: '포인트 충전' }).click();
  await page.getByRole('radio', { name: /^5,000P/ }).check();
  await page.getByRole('button', { name: '카드 결제' }).click();
  await page.getByRole('button', { name: '결제 거절' }).click();
  await expect(page).toHaveURL(/\/More$/);
  await expect(page.getByText('결제에 실패했습니다. 카드사에서 승인을 거절했습니다 (테스트)')).toBeVisible();
  await expect(page.getByTestId('points')).toHaveText('포인트: 9,000P');
});

test('an agent charges into a virtual account: the app shows where to deposit, and the deposit at the bank credits the points', async ({
  page,
  context,
}) => {
  await loginAs(page, '01020000004');
  await page.goto('/More');
  const points = page.getByTestId('points');
  await expect(points).toHaveText(/^포인트: [\d,]+P$/);
  const before = Number((await points.textContent())?.replace(/\D/g, ''));

  await page.getByRole('button', { name: '포인트 충전' }).click();
  await page.getByRole('radio', { name: /^5,000P/ }).check();
  await page.getByRole('radio', { name: '가상계좌' }).check();
  await page.getByRole('button', { name: '가상계좌 발급' }).click();
  await expect(page).toHaveURL(/\/pay\/test-checkout\?/);
  await expect(page.getByText('가상계좌', { exact: true })).toBeVisible();
  const confirmation = page.waitForRequest((r) => r.url().endsWith('/purchase/buyPoint'));
  await page.getByRole('button', { name: '가상계좌 발급' }).click();

  // Back in the app: the account to deposit into, and nothing credited yet.
  await expect(page).toHaveURL(/\/More$/);
  const account = page
    .getByRole('dialog')
    .filter({ has: page.getByRole('heading', { name: '가상계좌 입금 안내' }) });
  await expect(account.getByTestId('virtual-account')).toContainText('테스트은행');
  await expect(account.getByTestId('virtual-account')).toContainText('5,500원');
  await expect(account.getByRole('button', { name: '계좌번호 복사' })).toBeVisible();
  await account.getByRole('button', { name: '확인' }).click();
  await expect(points).toHaveText(`포인트: ${before.toLocaleString('ko-KR')}P`);

  // The customer's bank (the test checkout's stand-in): the deposit, then the provider's webhook.
  const impUid = ((await confirmation).postDataJSON() as { imp_uid: string }).imp_uid;
  const bank = await context.newPage();
  await bank.goto(`/pay/test-checkout/deposit?imp_uid=${impUid}`);
  await bank.getByRole('button', { name: '입금하기' }).click();
  await expect(bank.getByRole('status')).toHaveText('입금했습니다. 결제 대행사가 입금을 알렸습니다.');
  await bank.close();

  await page.reload();
  await expect(points).toHaveText(`포인트: ${(before + 5000).toLocaleString('ko-KR')}P`);
});

test('the loan calculator, the area calculator and the point history work from the More screen', async ({
  page,
}) => {
  await loginAs(page, '01020000004');
  await page.goto('/More');

  await page.getByLabel('제곱미터 (㎡)').fill('84');
  await expect(page.getByLabel('평', { exact: true })).toHaveValue('25.41');
  await page.getByLabel('평', { exact: true }).fill('10');
  await expect(page.getByLabel('제곱미터 (㎡)')).toHaveValue('33.06');
  await page.getByRole('button', { name: '초기화' }).click();
  await expect(page.getByLabel('제곱미터 (㎡)')).toHaveValue('');

  await page.getByRole('button', { name: '대출 계산기' }).click();
  await page.getByLabel('대출 금액 (원)').fill('100000000');
  await page.getByLabel('기간 (개월)').fill('1000');
  await page.getByLabel('연 이율 (%)').fill('4.5');
  await page.getByRole('button', { name: '계산하기' }).click();
  await expect(page.getByText('대출 기간은 최대 999개월까지 입력할 수 있습니다.')).toBeVisible();
  await page.getByLabel('기간 (개월)').fill('360');
  await page.getByRole('button', { name: '계산하기' }).click();
  await expect(page.getByTestId('loan-first')).toHaveText('506,685원');
  await page.getByRole('button', { name: '월별 상환표' }).click();
  await expect(page.getByRole('row')).toHaveCount(1 + 360 + 1);
  await page.goBack();
  await page.goBack();

  await page.getByRole('button', { name: '포인트 내역' }).click();
  await expect(page.getByRole('list', { name: '포인트 내역' }).getByText('기존 잔액')).toBeVisible();
  await expect(page.getByText('잔액 8,000P')).toBeVisible();
});

test('an admin gives points behind the lock, confirmed first, and the log names them', async ({ page }) => {
  await loginAs(page, '01000000000');
  await page.goto('/admin/point');
  await page.getByLabel('회원 휴대폰 번호').fill('01020000002');
  await page.getByRole('button', { name: '찾기' }).click();
  await expect(page.getByTestId('point-member')).toContainText('포인트: 6,000P');
  await page.getByLabel('포인트', { exact: true }).fill('1500');
  await page.getByLabel('메모').fill('이벤트');
  await page.getByRole('button', { name: '포인트 지급' }).click();
  // Locked by default: the password comes first, then the confirmation. A wrong one is said
  // beside the field and the popup stays open for another try.
  await page.getByLabel('관리자 비밀번호').fill('wrong-password');
  await page.getByRole('button', { name: '확인' }).click();
  await expect(page.getByText('관리자 비밀번호가 올바르지 않습니다.')).toBeVisible();
  await page.getByLabel('관리자 비밀번호').fill('admin1234');
  await page.getByRole('button', { name: '확인' }).click();
  await page
    .getByRole('dialog')
    .filter({ hasText: '1,500P를 지급할까요?' })
    .getByRole('button', { name: '확인' })
    .click();
  await expect(page.getByText('포인트를 지급했습니다.')).toBeVisible();
  await expect(page.getByTestId('point-member')).toContainText('포인트: 7,500P');
  const latest = page.getByRole('region', { name: '포인트 로그' }).getByRole('row').nth(1);
  await expect(latest).toContainText('관리자 처리: 이벤트');
  await expect(latest).toContainText('최고관리자');
});
