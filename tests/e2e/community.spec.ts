import { expect, type Page, test } from '@playwright/test';
import SQLite from 'better-sqlite3';
import { apiCall, loginAs } from './support.ts';

/** Spec §2 Community, §9 made+: a post written offline with made+, published on sync. */

const call = <T>(page: Page, token: string, path: string, data: object = {}) =>
  apiCall<T>({ page, token, path, data });

const pointsOf = async (page: Page, token: string) =>
  (await call<{ point: number }>(page, token, '/user/getProfile')).point;

test('a made+ post written offline is published on sync, pinned at the top for other members, charged once, and unpinned a day later', async ({
  page,
  context,
  browser,
}) => {
  // Demo agent 3 (최민아), who has points and posts left today.
  const author = await loginAs(page, '01020000003');
  const cost = (await call<{ community_made_point: number }>(page, author.token, '/auth/getAppInfo'))
    .community_made_point;
  const before = await pointsOf(page, author.token);
  await page.goto('/Community');
  await expect(page.getByTestId('post-row').first()).toBeVisible();
  await page.evaluate(() => navigator.serviceWorker.ready);

  await context.setOffline(true);
  await page.getByRole('button', { name: '글쓰기' }).click();
  const form = page.getByTestId('post-form');
  await form.getByRole('textbox', { name: '제목' }).fill('오프라인 급매 안내');
  await form.getByRole('textbox', { name: '내용' }).fill('현장에서 신호 없이 작성했습니다.');
  await form.getByRole('checkbox', { name: /상단 고정/ }).click();
  await page
    .getByRole('dialog')
    .filter({ hasText: '24시간 동안 글을 맨 위에' })
    .getByRole('button', { name: '확인' })
    .click();
  await expect(form.getByRole('checkbox', { name: /상단 고정/ })).toBeChecked();
  await form.getByRole('checkbox', { name: '허위 내용이 없음을 확인합니다.' }).check();
  await form.getByRole('button', { name: '등록' }).click();
  await expect(page.getByText('네트워크가 없습니다. 게시글은 이 기기에 보관되었다가')).toBeVisible();
  const queued = page.getByTestId('queued-post');
  await expect(queued).toContainText('오프라인 급매 안내');
  // Nothing reached the server yet.
  expect(await pointsOf(page, author.token)).toBe(before);

  await context.setOffline(false);
  await expect(queued).toHaveCount(0, { timeout: 20_000 });

  // Another member sees it first, pinned.
  const readerContext = await browser.newContext();
  const reader = await readerContext.newPage();
  // Demo agent 1 (이수진): a phone gets 5 codes an hour, and agent 2 signs in 5 times in the other specs.
  await loginAs(reader, '01020000001');
  await reader.goto('/Community');
  const first = reader.getByTestId('post-row').first();
  await expect(first).toContainText('오프라인 급매 안내');
  await expect(first.getByTestId('pinned')).toHaveText('상단고정');

  // Charged exactly once, through the ledger.
  expect(await pointsOf(page, author.token)).toBe(before - cost);
  const log = await call<{ list: Array<{ f_reason: string; f_ref: string | null }> }>(
    page,
    author.token,
    '/purchase/getPointLog',
    { page_num: 1 },
  );
  const made = log.list.filter((row) => row.f_reason === 'community_made');
  const post = await call<{ list: Array<{ f_idx: number; f_title: string }> }>(
    page,
    author.token,
    '/community/getCommunityList',
    { mine: 'Y', keyword: '오프라인급매' },
  );
  const postIdx = post.list[0]?.f_idx;
  expect(made.filter((row) => row.f_ref === `community_made:${postIdx}`)).toHaveLength(1);

  // A day later (the post's times moved back 24 hours in the server's database, as a clock moved
  // a day on would see them) it is no longer pinned.
  const db = new SQLite(`${process.env.E2E_DATA_DIR}/app.db`);
  try {
    db.pragma('busy_timeout = 5000');
    const row = db
      .prepare('SELECT f_reg_time, f_made_until FROM community_posts WHERE f_idx = ?')
      .get(postIdx) as {
      f_reg_time: string;
      f_made_until: string;
    };
    const dayBack = (iso: string) =>
      new Date(new Date(iso).getTime() - 24 * 60 * 60 * 1000 - 60_000).toISOString();
    db.prepare('UPDATE community_posts SET f_reg_time = ?, f_made_until = ? WHERE f_idx = ?').run(
      dayBack(row.f_reg_time),
      dayBack(row.f_made_until),
      postIdx,
    );
  } finally {
    db.close();
  }
  await reader.reload();
  const rows = reader.getByTestId('post-row');
  await expect(rows.first()).not.toContainText('오프라인 급매 안내');
  const moved = rows.filter({ hasText: '오프라인 급매 안내' });
  await expect(moved).toBeVisible();
  await expect(moved.getByTestId('pinned')).toHaveCount(0);
  await readerContext.close();
});

test('a visitor reads the inquiry board without the secret inquiry, and is asked to sign in to write', async ({
  page,
}) => {
  await page.goto('/Inquire');
  const table = page.getByRole('table', { name: '문의 게시판' });
  await expect(table.getByText('현장 등록은 어떻게 하나요?')).toBeVisible();
  await expect(table.getByText('비밀글입니다')).toBeVisible();
  await expect(page.getByText('포인트 환불 문의')).toHaveCount(0);
  await page.getByRole('button', { name: '글쓰기' }).click();
  await page
    .getByRole('dialog')
    .filter({ hasText: '문의를 작성하려면 로그인해 주세요.' })
    .getByRole('button', { name: '로그인' })
    .click();
  await expect(page).toHaveURL(/\/Login$/);
});

test('an admin writes a notice and deletes it with a confirmation, and answers a secret inquiry', async ({
  page,
}) => {
  await loginAs(page, '01011110000');
  await page.goto('/admin/write/notice');
  await page.getByRole('button', { name: '공지 작성' }).click();
  const form = page.getByTestId('post-form');
  await expect(form.getByRole('combobox', { name: '분류' })).toHaveValue('N');
  await form.getByRole('textbox', { name: '제목' }).fill('설 연휴 고객센터 휴무 안내');
  await form.getByRole('textbox', { name: '내용' }).fill('연휴 기간에는 문의 답변이 늦어질 수 있습니다.');
  await form.getByRole('checkbox', { name: '허위 내용이 없음을 확인합니다.' }).check();
  await form.getByRole('button', { name: '등록' }).click();
  const table = page.getByRole('table', { name: '공지사항' });
  const row = table.getByRole('row').filter({ hasText: '설 연휴 고객센터 휴무 안내' });
  await expect(row).toBeVisible();

  await row.getByRole('checkbox').check();
  await page.getByRole('button', { name: '선택 삭제 (1)' }).click();
  await page
    .getByRole('dialog')
    .filter({ hasText: '게시글 1개를 삭제할까요?' })
    .getByRole('button', { name: '확인' })
    .click();
  await expect(page.getByText('삭제되었습니다.')).toBeVisible();
  await expect(row).toHaveCount(0);

  await page.getByRole('tab', { name: '문의 게시판' }).click();
  await expect(page).toHaveURL(/\/admin\/write\/inquire$/);
  const inquiry = page.getByRole('row').filter({ hasText: '포인트 환불 문의' });
  await inquiry.getByRole('button', { name: '포인트 환불 문의' }).click();
  const detail = page.getByTestId('inquiry-detail');
  await expect(detail).toContainText('잘못 충전한 포인트를 환불받고 싶습니다.');
  await detail.getByRole('button', { name: '답변 등록' }).click();
  await expect(page.getByText('답변 내용을 입력해 주세요.')).toBeVisible();
  await detail.getByRole('textbox', { name: '답변' }).fill('환불 처리했습니다. 3영업일 내 입금됩니다.');
  await detail.getByRole('button', { name: '답변 등록' }).click();
  await expect(page.getByText('답변이 등록되었습니다.')).toBeVisible();
  await expect(detail).toContainText('환불 처리했습니다.');
  await detail.getByRole('button', { name: '닫기' }).click();
  await expect(inquiry).toContainText('답변 완료');
});
