import { expect, type Page, test } from '@playwright/test';
import type { CommunityDetail } from '../../sync/api/community.api.ts';
import { apiCall, loginAs } from './support.ts';

/**
 * Posts edited without a network (protocol 8): the edit shows at once on the board, marked as
 * waiting, and is saved on the next sync; an edit made on a copy changed elsewhere meanwhile comes
 * back as a conflict card on the sync screen, where the member keeps their own title.
 */

const call = <T>(page: Page, token: string, path: string, data: object = {}) =>
  apiCall<T>({ page, token, path, data });

const post = (title: string) => ({
  type: 'R',
  title,
  content: `${title} 내용입니다.`,
  phone: '01020000002',
  agree: 'Y',
});

/** Edits the open post's title in the post form and saves it. */
async function editTitle(page: Page, title: string) {
  await page.getByTestId('post-detail').getByRole('button', { name: '수정' }).click();
  const form = page.getByTestId('post-form');
  await form.getByRole('textbox', { name: '제목' }).fill(title);
  await form.getByRole('checkbox', { name: '허위 내용이 없음을 확인합니다.' }).check();
  await form.getByRole('button', { name: '저장' }).click();
  await expect(form).toHaveCount(0);
}

test('an offline edit of a post syncs and a conflicting one is shown', async ({ page, context, browser }) => {
  const { token } = await loginAs(page, '01020000002');
  // One post (the daily limit is shared with the other specs): edited once cleanly, then against a change.
  const made = await call<{ f_idx: number }>(page, token, '/community/addCommunity', post('일산 현장 메모'));

  await page.goto('/Community');
  await expect(page.getByTestId('post-row').first()).toBeVisible();
  await page.evaluate(() => navigator.serviceWorker.ready);

  // Offline: the edit waits on the device and shows at once on the board, marked as waiting.
  await page.goto(`/Community?open=${made.f_idx}`);
  await expect(page.getByTestId('post-detail')).toContainText('일산 현장 메모');
  await context.setOffline(true);
  await editTitle(page, '일산 현장 메모 (수정)');
  await expect(page.getByText('네트워크 없음: 변경 내용을 이 기기에 보관하고')).toBeVisible();
  const waitingRow = page.getByTestId('post-row').filter({ hasText: '일산 현장 메모 (수정)' });
  await expect(waitingRow.getByTestId('waiting-badge')).toBeVisible();
  await expect(page.getByTestId('queued-post-edit')).toContainText('연결되면 저장됩니다.');

  // Back online, the sync saves it once and the waiting mark leaves.
  await context.setOffline(false);
  await expect(page.getByTestId('queued-post-edit')).toHaveCount(0, { timeout: 20_000 });
  const saved = await call<CommunityDetail>(page, token, '/community/getCommunityDetail', {
    community_idx: made.f_idx,
  });
  expect(saved.f_title).toBe('일산 현장 메모 (수정)');

  // Offline again, another edit; meanwhile another device renames the post online.
  await page.goto(`/Community?open=${made.f_idx}`);
  await expect(page.getByTestId('post-detail')).toContainText('일산 현장 메모 (수정)');
  await context.setOffline(true);
  await editTitle(page, '고양 분양 일정 (이 기기)');
  await expect(page.getByTestId('queued-post-edit')).toContainText('고양 분양 일정 (이 기기)');
  const elsewhere = await browser.newContext();
  await call(await elsewhere.newPage(), token, '/community/updateCommunity', {
    ...post('고양 분양 일정 (다른 기기)'),
    community_idx: made.f_idx,
  });
  await elsewhere.close();

  // The sync brings the conflict: both titles, the member keeps this device's.
  await context.setOffline(false);
  await expect(page.getByTestId('sync-indicator')).toHaveText('확인할 충돌 1건', { timeout: 20_000 });
  await page.getByTestId('sync-indicator').click();
  const conflict = page.getByRole('article', { name: '고양 분양 일정 (다른 기기)의 충돌' });
  const titleRow = conflict.getByRole('row', { name: /제목/ });
  await expect(titleRow).toContainText('고양 분양 일정 (이 기기)');
  await expect(titleRow).toContainText('고양 분양 일정 (다른 기기)');
  await conflict.getByRole('radio', { name: '이 기기의 제목 유지' }).check();
  await conflict.getByRole('button', { name: '선택한 대로 저장' }).click();
  await expect(conflict).toHaveCount(0);
  await expect
    .poll(
      async () =>
        (
          await call<CommunityDetail>(page, token, '/community/getCommunityDetail', {
            community_idx: made.f_idx,
          })
        ).f_title,
      { timeout: 20_000 },
    )
    .toBe('고양 분양 일정 (이 기기)');
});
