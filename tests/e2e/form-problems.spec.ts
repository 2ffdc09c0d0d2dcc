import { expect, type Page, test } from '@playwright/test';
import type { SitePage } from '../../sync/api/site-lists.api.ts';
import { apiCall, loginAs } from './support.ts';

// A 1×1 PNG: a real picture by its bytes.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
const FAKE_JPG = {
  name: 'fake.jpg',
  mimeType: 'image/jpeg',
  buffer: Buffer.from('just some words, no picture'),
};

async function ownSiteIdx(page: Page, token: string): Promise<number> {
  const mine = await apiCall<SitePage>({
    page,
    token,
    path: '/site/getMySiteList',
    data: { site_type: 'O' },
  });
  const site = mine.list[0];
  if (!site) throw new Error('the demo agent has no new-open site');
  return site.f_idx;
}

test('a text file named fake.jpg is refused beside the memo picker and nothing is attached, while a real picture is', async ({
  page,
}) => {
  const { token } = await loginAs(page, '01020000003');
  await page.goto(`/SiteDetail?site_idx=${await ownSiteIdx(page, token)}`);
  await page.getByTestId('memo-edit').click();
  const picker = page.getByTestId('memo-file');
  await picker.setInputFiles(FAKE_JPG);
  const memo = page.getByTestId('memo');
  await expect(memo.getByTestId('pick-problem')).toHaveText(
    'fake.jpg은(는) 사진 파일이 아닙니다. JPEG, PNG, WebP, GIF, AVIF 파일을 골라 주세요.',
  );
  await expect(picker).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByText('첨부했습니다.')).toHaveCount(0);
  await expect(page.getByTestId('memo-edit-photos')).toHaveCount(0);

  await picker.setInputFiles({ name: 'real.png', mimeType: 'image/png', buffer: PNG });
  await expect(page.getByText('첨부했습니다.')).toBeVisible();
  await expect(memo.getByTestId('pick-problem')).toHaveCount(0);
  await expect(page.getByTestId('memo-edit-photos').locator('img')).toHaveCount(1);
});

test('a text file named fake.jpg is refused beside the community post’s picker', async ({ page }) => {
  await loginAs(page, '01020000003');
  await page.goto('/Community');
  await page.getByRole('button', { name: '글쓰기' }).click();
  const form = page.getByTestId('post-form');
  await form.getByTestId('post-file').setInputFiles(FAKE_JPG);
  await expect(form.getByTestId('pick-problem')).toContainText('fake.jpg은(는) 사진 파일이 아닙니다.');
  await expect(form.getByText('사진 0장')).toBeVisible();
});

test('a community post sent empty says each problem beside its field and moves the focus to the first', async ({
  page,
}) => {
  await loginAs(page, '01020000003');
  await page.goto('/Community');
  await page.getByRole('button', { name: '글쓰기' }).click();
  const form = page.getByTestId('post-form');
  await form.getByRole('button', { name: '등록' }).click();
  const title = form.getByRole('textbox', { name: '제목' });
  await expect(title).toBeFocused();
  await expect(title).toHaveAttribute('aria-invalid', 'true');
  await expect(form.locator('[data-testid="field-problem"][data-field="title"]')).toHaveText(
    '제목을 입력해 주세요.',
  );
  await expect(form.locator('[data-testid="field-problem"][data-field="content"]')).toBeVisible();
  // Said beside the fields, not in a toast over the form.
  await expect(page.locator('.toast')).toHaveCount(0);

  // Fixing the first moves the focus to the next one still wrong.
  await title.fill('모델하우스 오픈 안내');
  await form.getByRole('button', { name: '등록' }).click();
  await expect(form.getByRole('textbox', { name: '내용' })).toBeFocused();
  await expect(form.locator('[data-testid="field-problem"][data-field="title"]')).toHaveCount(0);
});

test('a charge option says the won paid and the points credited, the bonus inside them, and a post’s push says what it uses', async ({
  page,
}) => {
  await loginAs(page, '01020000003');
  await page.goto('/More');
  await page.getByRole('button', { name: '포인트 충전' }).click();
  const options = page.getByRole('group', { name: '충전할 포인트' });
  const option = options.locator('label').filter({ hasText: '55,000원 결제' });
  await expect(option).toHaveCount(1);
  await expect(option).toContainText('55,000P 적립 (보너스 5,000P 포함)');
  await expect(options.locator('label').filter({ hasText: '5,500원 결제' })).toContainText('5,000P 적립');
  await expect(options).not.toContainText('보너스 0P');
  await page.keyboard.press('Escape');

  // Push on a post: the checkbox and its confirmation say the same cost in the same words.
  await page.goto('/Community');
  await page.getByRole('button', { name: '글쓰기' }).click();
  const push = page.getByTestId('post-form').getByRole('checkbox', { name: /^푸시: / });
  const label = (await push.evaluate((input) => input.closest('label')?.textContent ?? '')).trim();
  const cost = /^푸시: (\d[\d,]*P 사용 \(보유 [\d,]+P\))$/.exec(label)?.[1];
  expect(cost, label).toBeDefined();
  await push.click();
  await expect(page.getByRole('alertdialog').or(page.getByRole('dialog').last())).toContainText(
    `${cost}. 사용할까요?`,
  );
});
