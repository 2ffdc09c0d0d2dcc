import { expect, test } from '@playwright/test';
import SQLite from 'better-sqlite3';
import { apiCall, loginAs } from './support.ts';

test('a change by one member reaches a second browser within 2 s without a reload', async ({
  page,
  browser,
}) => {
  // Demo agent 2 chose no regional interest: every notification of a registered site reaches them.
  await loginAs(page, '01020000002');
  await page.goto('/Home');
  await expect
    .poll(() => page.evaluate(() => window.__bunyangSync?.engine.status().lastSyncedAt ?? null), {
      timeout: 20_000,
    })
    .not.toBeNull();
  // The bottom nav's unread count, as the agent reads it (no badge: none unread).
  const badge = page.getByTestId('notify-unread').first().locator('[aria-hidden="true"]');
  const unread = async () => ((await badge.count()) === 0 ? 0 : Number(await badge.textContent()));
  // The badge follows the device's store, a moment after the sync that filled it (and its chunk may
  // still be loading): the count before the change is the one it shows once it has caught up.
  const stored = () =>
    page.evaluate(
      async () => (await window.__bunyangSync?.db.inbox.where('f_read').equals('N').count()) ?? -1,
    );
  await expect.poll(async () => (await unread()) - (await stored())).toBe(0);
  const before = await unread();

  const writerContext = await browser.newContext();
  const writerPage = await writerContext.newPage();
  const writer = await loginAs(writerPage, '01020000003');
  const db = new SQLite(`${process.env.E2E_DATA_DIR}/app.db`, { readonly: true });
  const site = db
    .prepare(
      "SELECT f_idx FROM sites WHERE f_user_idx = ? AND f_status = 'N' AND f_hidden = 'N' ORDER BY f_idx LIMIT 1",
    )
    .get(writer.uid) as { f_idx: number };
  db.close();
  await apiCall({
    page: writerPage,
    token: writer.token,
    path: '/notify/addNotify',
    data: {
      title: '견본주택 오늘 오픈',
      content: '오후 2시부터 관람 가능합니다.',
      made: 'N',
      push: 'N',
      site_idx: site.f_idx,
    },
  });
  // The next timed sync is 30 s away: only the live poke brings it this soon.
  await expect.poll(unread, { timeout: 2_000, intervals: [100] }).toBe(before + 1);
  await writerContext.close();
});
