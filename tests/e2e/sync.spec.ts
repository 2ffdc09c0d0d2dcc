import { expect, type Page, test } from '@playwright/test';
import { decodePull, PROTOCOL_VERSION, type PullWire, type PushResponse } from '../../sync/protocol.ts';
import { apiCall, loginAs, waitForServiceWorker } from './support.ts';

/** Signs in, opens home and waits until the first sync has filled the device's store. */
async function signedInAndSynced(page: Page, phone: string) {
  const session = await loginAs(page, phone);
  await page.goto('/Home');
  await expect(page.getByTestId('sync-indicator')).toHaveText(/동기화됨/, { timeout: 20_000 });
  return session;
}

/** A registered site of this member, as the device has it. */
async function ownSite(page: Page, uid: number): Promise<{ f_idx: number; f_name: string }> {
  return page.evaluate(async (uid) => {
    const sync = window.__bunyangSync;
    if (!sync) throw new Error('no sync handle');
    const site = (await sync.db.sites.toArray()).find((s) => s.f_user_idx === uid);
    if (!site) throw new Error('no own site on the device');
    return { f_idx: site.f_idx, f_name: site.f_name };
  }, uid);
}

function outboxCount(page: Page): Promise<number> {
  return page.evaluate(() => window.__bunyangSync?.db.outbox.count() ?? -1);
}

test('a reload with changes waiting loses nothing, and they are sent once the device is online', async ({
  page,
  context,
}) => {
  const { uid, token } = await signedInAndSynced(page, '01020000002');
  await waitForServiceWorker(page);
  const site = await ownSite(page, uid);

  await context.setOffline(true);
  await page.evaluate(async (siteIdx) => {
    const engine = window.__bunyangSync?.engine;
    await engine?.mutate('setLikeSite', { site_idx: siteIdx, like_status: 'Y' });
    await engine?.mutate('addSiteMemo', { site_idx: siteIdx, memo: '오프라인에서 쓴 메모' });
  }, site.f_idx);
  await expect(page.getByTestId('sync-indicator')).toHaveText('오프라인 · 대기 2건');

  const reloaded = await page.reload();
  expect(reloaded?.fromServiceWorker()).toBe(true);
  await expect(page.getByTestId('sync-indicator')).toHaveText('오프라인 · 대기 2건');
  expect(await outboxCount(page)).toBe(2);

  await context.setOffline(false);
  await expect(page.getByTestId('sync-indicator')).toHaveText(/동기화됨/, { timeout: 20_000 });
  expect(await outboxCount(page)).toBe(0);
  const pulled = await apiCall<PullWire>({
    page,
    token,
    path: '/sync/pull',
    data: { protocol_version: PROTOCOL_VERSION, client_id: 'e2e-check-client', cursor: null, limit: 2000 },
  });
  const { changes } = decodePull(pulled);
  const of = (t: string) => changes.filter((c) => c.t === t && c.key === site.f_idx);
  expect(of('like')).toHaveLength(1);
  const memo = of('memo')[0];
  expect(memo?.op === 'put' ? memo.row : null).toMatchObject({ f_memo: '오프라인에서 쓴 메모' });
});

test('a refused change does not hold up the next one, and the sync screen says why', async ({
  page,
  browser,
}) => {
  // A site of another member, found through that member's own pull.
  const probeContext = await browser.newContext();
  const probe = await probeContext.newPage();
  const owner = await loginAs(probe, '01020000004');
  const pulled = await apiCall<PullWire>({
    page: probe,
    token: owner.token,
    path: '/sync/pull',
    data: { protocol_version: PROTOCOL_VERSION, client_id: 'e2e-probe-client', cursor: null, limit: 2000 },
  });
  const { changes } = decodePull(pulled);
  const row = changes
    .flatMap((c) => (c.t === 'site' && c.op === 'put' ? [c.row] : []))
    .find((site) => site.f_user_idx === owner.uid && site.f_status === 'N');
  if (!row) throw new Error('the other member has no site');
  const other = { f_idx: row.f_idx, f_name: row.f_name };
  await probeContext.close();

  await signedInAndSynced(page, '01020000003');
  await page.evaluate(async (siteIdx) => {
    const engine = window.__bunyangSync?.engine;
    await engine?.mutate('setHideSite', { site_idx: siteIdx, hidden_status: 'Y' });
    await engine?.mutate('setLikeSite', { site_idx: siteIdx, like_status: 'Y' });
  }, other.f_idx);
  await expect(page.getByTestId('sync-indicator')).toHaveText('반영 안 된 변경 1건', { timeout: 20_000 });
  expect(
    await page.evaluate((siteIdx) => window.__bunyangSync?.db.likes.get(siteIdx), other.f_idx),
  ).toBeTruthy();

  await page.getByTestId('sync-indicator').click();
  await expect(page).toHaveURL(/\/sync$/);
  const refused = page.getByRole('list', { name: '반영되지 않은 변경' });
  await expect(refused.getByText(`현장 숨기기 · ${other.f_name}`)).toBeVisible();
  await expect(refused.getByText('현장을 등록한 회원만 관리할 수 있습니다.')).toBeVisible();
  await refused.getByRole('button', { name: '확인' }).click();
  await expect(page.getByText('모든 변경이 반영되었습니다.')).toBeVisible();
});

test('a draft edited offline while the server copy changed shows both versions and lets the member choose', async ({
  page,
  context,
}) => {
  const { token } = await signedInAndSynced(page, '01020000005');
  const draftId = `e2e-draft-${Date.now()}`;
  await page.evaluate(async (draftId) => {
    const engine = window.__bunyangSync?.engine;
    await engine?.mutate('saveSiteDraft', {
      draft_id: draftId,
      site_type: 'G',
      changes: { f_name: '망원 하우스', f_memo: '' },
    });
    await engine?.sync();
  }, draftId);
  const draft = await page.evaluate((id) => window.__bunyangSync?.db.drafts.get(id), draftId);
  expect(draft?.site_idx).toBeGreaterThan(0);

  // Offline, this device renames the draft and writes a memo.
  await context.setOffline(true);
  await page.evaluate(async (draftId) => {
    const sync = window.__bunyangSync;
    const current = await sync?.db.drafts.get(draftId);
    await sync?.engine.mutate('saveSiteDraft', {
      draft_id: draftId,
      site_idx: current?.site_idx ?? null,
      site_type: 'G',
      base_version: current?.base_version ?? null,
      base: { f_name: '망원 하우스', f_memo: '' },
      changes: { f_name: '망원 리버하우스', f_memo: '한강 조망' },
    });
  }, draftId);
  // Meanwhile another device of the member renames it on the server; this page stays cut off.
  await page.route('**/api/v1/sync/**', (route) => route.abort('internetdisconnected'));
  await context.setOffline(false);
  const elsewhere = await apiCall<PushResponse>({
    page,
    token,
    path: '/sync/push',
    data: {
      protocol_version: PROTOCOL_VERSION,
      client_id: 'e2e-other-device-1',
      mutations: [
        {
          seq: 1,
          id: 'e2e-other-mutation-1',
          name: 'saveSiteDraft',
          created_at: new Date().toISOString(),
          args: {
            draft_id: draftId,
            site_idx: draft?.site_idx,
            site_type: 'G',
            base_version: draft?.base_version,
            base: { f_name: '망원 하우스' },
            changes: { f_name: '망원 그린하우스' },
          },
        },
      ],
    },
  });
  expect(elsewhere.results[0]?.status).toBe('applied');
  await page.unroute('**/api/v1/sync/**');

  await page.evaluate(() => window.__bunyangSync?.engine.sync());
  await expect(page.getByTestId('sync-indicator')).toHaveText('확인할 충돌 1건');
  await page.getByTestId('sync-indicator').click();
  const conflict = page.getByRole('article', { name: '망원 그린하우스의 충돌' });
  await expect(conflict.getByRole('row', { name: /현장명/ })).toContainText('망원 리버하우스');
  await expect(conflict.getByRole('row', { name: /현장명/ })).toContainText('망원 그린하우스');
  await conflict.getByRole('radio', { name: '이 기기의 현장명 유지' }).check();
  await conflict.getByRole('button', { name: '선택한 대로 저장' }).click();
  await expect(page.getByTestId('sync-indicator')).toHaveText(/동기화됨/, { timeout: 20_000 });
  await expect(conflict).toHaveCount(0);
  const merged = await page.evaluate((id) => window.__bunyangSync?.db.drafts.get(id), draftId);
  expect(merged?.payload).toMatchObject({ f_name: '망원 리버하우스', f_memo: '한강 조망' });
});

test('an app too old for the server asks to reload and keeps its outbox; after the reload it is sent', async ({
  page,
}) => {
  const { uid } = await signedInAndSynced(page, '01020000001');
  const site = await ownSite(page, uid);
  await page.route('**/api/v1/sync/*', (route) =>
    route.fulfill({
      status: 409,
      contentType: 'application/json',
      body: JSON.stringify({
        code: -1,
        msg: '앱 버전이 오래되어 동기화할 수 없습니다. 새로고침해 주세요.',
        data: { reason: 'protocol_outdated', server_version: 99 },
      }),
    }),
  );
  await page.evaluate(
    (siteIdx) => window.__bunyangSync?.engine.mutate('setLikeSite', { site_idx: siteIdx, like_status: 'Y' }),
    site.f_idx,
  );
  const prompt = page.getByRole('alertdialog');
  await expect(prompt).toContainText('앱 버전이 오래되어 동기화할 수 없습니다.');
  await expect(prompt).toContainText('보내지 않은 변경 1건');
  await expect(page.getByTestId('sync-indicator')).toHaveText('업데이트 필요');
  expect(await outboxCount(page)).toBe(1);

  // The newer app is deployed; the member reloads.
  await page.unroute('**/api/v1/sync/*');
  await prompt.getByRole('button', { name: '새로고침' }).click();
  await expect(page.getByTestId('sync-indicator')).toHaveText(/동기화됨/, { timeout: 20_000 });
  expect(await outboxCount(page)).toBe(0);
  expect(
    await page.evaluate((siteIdx) => window.__bunyangSync?.db.likes.get(siteIdx), site.f_idx),
  ).toBeTruthy();
});
