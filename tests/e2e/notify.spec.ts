import { expect, type Page, test } from '@playwright/test';
import SQLite from 'better-sqlite3';
import { apiCall, loginAs } from './support.ts';

/** Spec §2 Notify, §4 Notification, §6: a notification with push, its cost, its recipients, read on opening. */

const call = <T>(page: Page, token: string, path: string, data: object = {}) =>
  apiCall<T>({ page, token, path, data });

const pointsOf = async (page: Page, token: string) =>
  (await call<{ point: number }>(page, token, '/user/getProfile')).point;

test('an agent sends a notification with push for a site: the confirm shows the cost, recipients see it unread, opening it reads it', async ({
  page,
  browser,
}) => {
  // Demo agent 4 (정우성); push is paid from points here: their push count is spent.
  const writer = await loginAs(page, '01020000004');
  const db = new SQLite(`${process.env.E2E_DATA_DIR}/app.db`);
  db.prepare('UPDATE users SET f_push_count = 0 WHERE f_idx = ?').run(writer.uid);
  db.close();
  const cost = (await call<{ notify_push_point: number }>(page, writer.token, '/auth/getAppInfo'))
    .notify_push_point;
  const before = await pointsOf(page, writer.token);

  await page.goto('/More');
  await page.getByTestId('notify-tile').click();
  await expect(page).toHaveURL(/\/notify$/);
  await page.getByRole('button', { name: '알림 쓰기' }).click();
  const form = page.getByTestId('notify-form');
  await form.getByRole('textbox', { name: '제목' }).fill('영통 현장 특별 분양 조건');
  await form.getByRole('button', { name: '선택', exact: true }).click();
  const picker = page.getByTestId('site-select');
  await picker.locator('[data-site-idx] .site-item__main').first().click();
  await expect(form.getByTestId('notify-site')).not.toHaveValue('');
  await form.getByRole('textbox', { name: '내용' }).fill('이번 주 계약 시 옵션 무상 제공합니다.');
  await form.getByRole('checkbox', { name: /푸시/ }).click();
  const confirm = page.getByRole('dialog').filter({ hasText: '푸시는' });
  await expect(confirm).toContainText(`${cost.toLocaleString('ko-KR')}P`);
  await confirm.getByRole('button', { name: '확인' }).click();
  await expect(form.getByRole('checkbox', { name: /푸시/ })).toBeChecked();
  await form.getByRole('button', { name: '보내기' }).click();
  await expect(page.getByText(/명에게 알림을 보냈습니다/)).toBeVisible();
  // After sending, the view moves to the member's own notifications.
  await expect(page.getByRole('tab', { name: '보낸 알림' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByTestId('notify-row').filter({ hasText: '영통 현장 특별 분양 조건' })).toBeVisible({
    timeout: 20_000,
  });
  expect(await pointsOf(page, writer.token)).toBe(before - cost);

  // A recipient (demo agent 2, no regional interest chosen: every district) sees it unread.
  const readerContext = await browser.newContext();
  const reader = await readerContext.newPage();
  const member = await loginAs(reader, '01020000002');
  // The home shows the unread count on the bottom nav and today's link, then the list has it unread.
  await reader.goto('/Home');
  await expect(reader.getByTestId('notify-unread')).toBeVisible({ timeout: 20_000 });
  await expect(reader.getByTestId('today-link')).toContainText('새 알림');
  await reader.getByTestId('today-link').click();
  await expect(reader).toHaveURL(/\/notify\/today$/);
  await reader.goto('/notify');
  const row = reader.getByTestId('notify-row').filter({ hasText: '영통 현장 특별 분양 조건' });
  await expect(row).toHaveAttribute('data-read', 'N', { timeout: 20_000 });
  await row.getByRole('button').click();
  const detail = reader.getByTestId('notify-detail');
  await expect(detail).toContainText('이번 주 계약 시 옵션 무상 제공합니다.');
  await expect(detail).toContainText('정우성');
  await detail.getByRole('button', { name: '닫기' }).click();
  await expect(row).toHaveAttribute('data-read', 'Y');
  // The read reached the server too.
  await expect
    .poll(
      async () =>
        (
          await call<{ list: Array<{ f_title: string; f_read: string }> }>(
            reader,
            member.token,
            '/notify/findNotifyList',
            {
              page_num: 1,
              keyword: '영통현장특별',
            },
          )
        ).list[0]?.f_read,
      { timeout: 20_000 },
    )
    .toBe('Y');

  // A push's target opens the notification's detail.
  const mine = await call<{ list: Array<{ f_idx: number }> }>(
    reader,
    member.token,
    '/notify/findNotifyList',
    {
      page_num: 1,
      keyword: '영통현장특별',
    },
  );
  await reader.goto(`/notify?open=${mine.list[0]?.f_idx}`);
  await expect(reader.getByTestId('notify-detail')).toContainText('영통 현장 특별 분양 조건');
  await readerContext.close();

  // Offline, the writer writes another for the same site: kept in the outbox, sent on sync.
  await page.evaluate(() => navigator.serviceWorker.ready);
  await page.context().setOffline(true);
  await page.getByRole('button', { name: '알림 쓰기' }).click();
  const again = page.getByTestId('notify-form');
  await again.getByRole('textbox', { name: '제목' }).fill('영통 현장 오프라인 안내');
  await again.getByRole('button', { name: '선택', exact: true }).click();
  await page.getByTestId('site-select').locator('[data-site-idx] .site-item__main').first().click();
  await again.getByRole('textbox', { name: '내용' }).fill('현장에서 신호 없이 작성했습니다.');
  await again.getByRole('button', { name: '보내기' }).click();
  await expect(page.getByText('네트워크 연결이 없어 알림을 이 기기에 보관했습니다')).toBeVisible();
  await expect(page.getByTestId('queued-notify')).toContainText('영통 현장 오프라인 안내');
  await page.context().setOffline(false);
  await expect(page.getByTestId('queued-notify')).toHaveCount(0, { timeout: 30_000 });
  await expect(page.getByTestId('notify-row').filter({ hasText: '영통 현장 오프라인 안내' })).toBeVisible({
    timeout: 30_000,
  });
});

test('an agent turns an automatic notification off and on again from the auto tab', async ({ page }) => {
  // Demo agent 1 sends '역삼 현장 주간 안내' automatically (the seed).
  const agent = await loginAs(page, '01020000001');
  const enabled = async () =>
    (
      await call<{ list: Array<{ f_title: string; f_auto_enable: string }> }>(
        page,
        agent.token,
        '/notify/getAutoNotifyList',
        { page_num: 1 },
      )
    ).list.find((n) => n.f_title === '역삼 현장 주간 안내')?.f_auto_enable;
  expect(await enabled()).toBe('Y');
  await page.goto('/notify');
  await page.getByRole('tab', { name: '자동' }).click();
  const toggle = page.getByRole('switch', { name: '자동 발송: 역삼 현장 주간 안내' });
  await expect(toggle).toHaveAttribute('aria-checked', 'true');
  try {
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-checked', 'false');
    await expect(page.getByText('자동 발송을 껐습니다.')).toBeVisible();
    expect(await enabled()).toBe('N');
    // The row's schedule line follows once the device has the server's copy.
    await expect(page.getByTestId('notify-schedule').filter({ hasText: '꺼짐' })).toBeVisible({
      timeout: 20_000,
    });
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-checked', 'true');
    expect(await enabled()).toBe('Y');
  } finally {
    if ((await enabled()) !== 'Y') {
      const [auto] = (
        await call<{
          list: Array<{ f_idx: number; f_title: string; f_auto_time: string; f_auto_interval: string }>;
        }>(page, agent.token, '/notify/getAutoNotifyList', { page_num: 1 })
      ).list.filter((n) => n.f_title === '역삼 현장 주간 안내');
      if (auto) {
        await call(page, agent.token, '/notify/updateAutoNotify', {
          notify_idx: auto.f_idx,
          auto_enable: 'Y',
          auto_interval: auto.f_auto_interval,
          auto_time: auto.f_auto_time,
        });
      }
    }
  }
});
