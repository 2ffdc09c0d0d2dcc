import { type Browser, expect, type Page, test } from '@playwright/test';
import sharp from 'sharp';
import type { AdminCommunityPost, CommunityDetail, CommunityPost } from '../../sync/api/community.api.ts';
import type { Page as ListPage } from '../../sync/api/page.ts';
import { apiCall, loginAs } from './support.ts';

/**
 * The community board's writing around the edges: removing an attached picture, a comment written
 * offline, and the posts members reported as the admins see them.
 */

const call = <T>(page: Page, token: string, path: string, data: object = {}) =>
  apiCall<T>({ page, token, path, data });

/** A member signed in in a browser context of their own (their own device). */
async function memberOn(browser: Browser, phone: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const { token } = await loginAs(page, phone);
  return { context, page, token };
}

const picture = (background: string) =>
  sharp({ create: { width: 320, height: 240, channels: 3, background } })
    .jpeg()
    .toBuffer();

/** How many pictures picked on the device the form kept under `form` holds (-1: nothing kept). */
function keptPictures(page: Page, form: string): Promise<number> {
  return page.evaluate(
    (suffix) =>
      new Promise<number>((resolve) => {
        const open = indexedDB.open('bunyang');
        open.onerror = () => resolve(-1);
        open.onsuccess = () => {
          const all = open.result.transaction('syncMeta').objectStore('syncMeta').getAll();
          all.onsuccess = () => {
            const rows = all.result as Array<{ key: string; value: { value?: { files?: unknown[] } } }>;
            const row = rows.find((r) => r.key.startsWith('kept:') && r.key.endsWith(`:${suffix}`));
            open.result.close();
            resolve(row?.value.value?.files?.length ?? -1);
          };
        };
      }),
    form,
  );
}

async function publishPost(page: Page, token: string, title: string): Promise<number> {
  const made = await call<{ f_idx: number }>(page, token, '/community/addCommunity', {
    type: 'R',
    title,
    content: `${title} 내용입니다.`,
    phone: '01020000005',
    agree: 'Y',
  });
  return made.f_idx;
}

test('a picture removed in the post form stays removed after a reload, and removing one while editing removes it from the post', async ({
  page,
}) => {
  const { token } = await loginAs(page, '01020000004');
  await page.goto('/Community');
  await page.getByRole('button', { name: '글쓰기' }).click();
  const form = page.getByTestId('post-form');
  await form.getByRole('textbox', { name: '제목' }).fill('모델하우스 사진 공유');
  await form.getByRole('textbox', { name: '내용' }).fill('주방과 거실 사진입니다.');
  await form.getByTestId('post-file').setInputFiles([
    { name: 'kitchen.jpg', mimeType: 'image/jpeg', buffer: await picture('#d9c7a7') },
    { name: 'living.jpg', mimeType: 'image/jpeg', buffer: await picture('#a7c2d9') },
  ]);
  const pictures = form.getByTestId('post-pictures').getByRole('listitem');
  await expect(pictures).toHaveCount(2);

  // Removing asks first; "no" keeps the picture.
  await form.getByRole('button', { name: '첨부 1 삭제' }).click();
  const question = page.getByRole('dialog').filter({ hasText: '첨부 1을(를) 글에서 삭제할까요?' });
  await question.getByRole('button', { name: '취소' }).click();
  await expect(pictures).toHaveCount(2);
  await form.getByRole('button', { name: '첨부 1 삭제' }).click();
  await question.getByRole('button', { name: '삭제' }).click();
  await expect(pictures).toHaveCount(1);
  await expect(form.getByText('사진 1장')).toBeVisible();

  // The form kept on the device has one picture: a reload finds it so.
  await expect.poll(() => keptPictures(page, 'post:new')).toBe(1);
  await page.reload();
  await page.getByRole('button', { name: '글쓰기' }).click();
  await expect(page.getByTestId('kept-notice')).toBeVisible();
  await expect(form.getByRole('textbox', { name: '제목' })).toHaveValue('모델하우스 사진 공유');
  await expect(pictures).toHaveCount(1);
  await form.getByRole('checkbox', { name: '허위 내용이 없음을 확인합니다.' }).check();
  await form.getByRole('button', { name: '등록' }).click();
  await expect(form).toHaveCount(0);

  const mine = await call<ListPage<CommunityPost>>(page, token, '/community/getCommunityList', {
    mine: 'Y',
    keyword: '모델하우스사진',
  });
  const post = mine.list[0];
  expect(post?.f_image_url).toHaveLength(1);

  // Editing: the uploaded picture shows with its remove button; saving without it removes it.
  await page.getByTestId('post-row').filter({ hasText: '모델하우스 사진 공유' }).getByRole('button').click();
  const detail = page.getByTestId('post-detail');
  await expect(detail.getByRole('img', { name: '첨부 1' })).toBeVisible();
  await detail.getByRole('button', { name: '수정' }).click();
  await expect(pictures).toHaveCount(1);
  await form.getByRole('button', { name: '첨부 1 삭제' }).click();
  await question.getByRole('button', { name: '삭제' }).click();
  await expect(pictures).toHaveCount(0);
  await form.getByRole('checkbox', { name: '허위 내용이 없음을 확인합니다.' }).check();
  await form.getByRole('button', { name: '저장' }).click();
  await expect(form).toHaveCount(0);
  const saved = await call<CommunityDetail>(page, token, '/community/getCommunityDetail', {
    community_idx: post?.f_idx,
  });
  expect(saved.f_image_url).toEqual([]);
});

test('a comment written offline shows at once marked as waiting, becomes the server’s on sync, and a refused one keeps its text', async ({
  page,
  context,
  browser,
}) => {
  const author = await memberOn(browser, '01020000005');
  const kept = await publishPost(author.page, author.token, '잠실 현장 댓글 받기');
  const doomed = await publishPost(author.page, author.token, '곧 지워질 글');

  const { token } = await loginAs(page, '01020000004');
  await page.goto('/Community');
  await expect(page.getByTestId('post-row').first()).toBeVisible();
  await page.evaluate(() => navigator.serviceWorker.ready);
  // A push's click lands here and opens the post.
  await page.goto(`/Community?open=${kept}`);
  const detail = page.getByTestId('post-detail');
  await expect(detail).toContainText('잠실 현장 댓글 받기');

  await context.setOffline(true);
  await detail.getByRole('textbox', { name: '댓글' }).fill('현장 앞인데 신호가 없네요');
  await detail.getByRole('button', { name: '댓글 등록' }).click();
  await expect(page.getByText('네트워크가 없습니다. 댓글은 이 기기에 보관되었다가')).toBeVisible();
  const queued = detail.getByTestId('queued-comment');
  await expect(queued).toContainText('현장 앞인데 신호가 없네요');
  await expect(queued).toContainText('연결되면 보낼 예정입니다.');
  await expect(detail.getByRole('textbox', { name: '댓글' })).toHaveValue('');

  await context.setOffline(false);
  await expect(queued).toHaveCount(0, { timeout: 20_000 });
  await expect(detail.locator('.comment').filter({ hasText: '현장 앞인데 신호가 없네요' })).toBeVisible();
  const onServer = await call<CommunityDetail>(page, token, '/community/getCommunityDetail', {
    community_idx: kept,
  });
  expect(onServer.comment_list.filter((c) => c.f_comment === '현장 앞인데 신호가 없네요')).toHaveLength(1);

  // Refused on sync: the post was deleted meanwhile. The reason and the text stay in the detail.
  await detail.getByRole('button', { name: '닫기' }).click();
  await page.goto(`/Community?open=${doomed}`);
  await expect(detail).toContainText('곧 지워질 글');
  await context.setOffline(true);
  await detail.getByRole('textbox', { name: '댓글' }).fill('이 댓글은 돌아옵니다');
  await detail.getByRole('button', { name: '댓글 등록' }).click();
  await expect(queued).toContainText('연결되면 보낼 예정입니다.');
  await call(author.page, author.token, '/community/removeCommunity', { idx_list: [doomed] });
  await context.setOffline(false);
  await expect(queued).toContainText('보내지 못함: 게시글을 찾을 수 없습니다.', { timeout: 20_000 });
  await expect(queued).toContainText('이 댓글은 돌아옵니다');
  await queued.getByRole('button', { name: '다시 쓰기' }).click();
  await expect(detail.getByRole('textbox', { name: '댓글' })).toHaveValue('이 댓글은 돌아옵니다');
  await author.context.close();
});

test('a post reported by two members shows two reports in the admin list and first under "reported only"', async ({
  page,
  browser,
}) => {
  const writer = await memberOn(browser, '01020000003');
  const postIdx = await publishPost(writer.page, writer.token, '신고 두 번 받을 글');
  for (const phone of ['01020000001', '01020000002']) {
    const reporter = await memberOn(browser, phone);
    await call(reporter.page, reporter.token, '/community/reportOrPrevent', {
      community_idx: postIdx,
      type: 'R',
    });
    await reporter.context.close();
  }
  const admin = await loginAs(page, '01011110000');
  const reported = await call<ListPage<AdminCommunityPost>>(
    page,
    admin.token,
    '/community/findCommunityList',
    {
      page_num: 1,
      reported: 'Y',
    },
  );
  expect(reported.list[0]).toMatchObject({ f_idx: postIdx, report_count: 2 });

  await page.goto('/admin/write/community');
  const table = page.getByRole('table', { name: '글 관리' });
  const row = table.getByRole('row').filter({ hasText: '신고 두 번 받을 글' });
  await expect(row.getByTestId('report-count')).toHaveText('2');
  await page.getByRole('checkbox', { name: '신고된 글만 (신고 많은 순)' }).check();
  await expect(table.getByRole('row').nth(1)).toContainText('신고 두 번 받을 글');
  await expect(table.getByRole('row').nth(1).getByTestId('report-count')).toHaveText('2');
  // Every row under the filter was reported.
  for (const count of await table.getByTestId('report-count').allInnerTexts()) {
    expect(Number(count)).toBeGreaterThan(0);
  }
  await writer.context.close();
});
