import { type BrowserContext, expect, type Page, test } from '@playwright/test';
import { type PushPayload, type PushType, pushTarget } from '../../sync/push/push-target.ts';
import { apiCall, loginAs } from './support.ts';

/**
 * Web Push in the browser (design.md "Web Push"): a push delivered to the app's service worker
 * through the DevTools protocol is shown as a notification, and its click opens the screen of
 * its type. The server's side (encryption, the push service, quiet hours) is in server/push.
 */

/** The service worker's scope as seen from a test: only what these tests touch. */
interface WorkerScope {
  registration: { getNotifications: () => Promise<Array<{ title: string }>> };
  dispatchEvent: (event: Event) => boolean;
}
declare const NotificationEvent: new (type: string, init: { notification: unknown }) => Event;

function payload({ type, idx, title }: { type: PushType; idx: number; title: string }): PushPayload {
  return {
    type,
    idx,
    title,
    body: '현장 소식이 도착했습니다.',
    url: pushTarget({ type, idx }),
    vibrate: [200, 100, 200],
    silent: false,
  };
}

/** Delivers a push message to the app's service worker as the browser's push service would. */
async function deliverPush({
  page,
  context,
  data,
}: {
  page: Page;
  context: BrowserContext;
  data: PushPayload;
}) {
  // The page's worker is active before the push comes (after a navigation it may be restarting).
  await page.evaluate(() => navigator.serviceWorker.ready);
  const cdp = await context.newCDPSession(page);
  const registrations: Array<{ registrationId: string; scopeURL: string; isDeleted: boolean }> = [];
  cdp.on('ServiceWorker.workerRegistrationUpdated', (e) => registrations.push(...e.registrations));
  await cdp.send('ServiceWorker.enable');
  const origin = new URL(page.url()).origin;
  await expect
    .poll(() => registrations.findLast((r) => r.scopeURL === `${origin}/` && !r.isDeleted))
    .toBeTruthy();
  // The latest word on the scope's registration (an earlier event may name one since replaced).
  const registration = registrations.findLast((r) => r.scopeURL === `${origin}/` && !r.isDeleted);
  await cdp.send('ServiceWorker.deliverPushMessage', {
    origin,
    registrationId: registration?.registrationId ?? '',
    data: JSON.stringify(data),
  });
  await cdp.detach();
}

const shownNotifications = (page: Page) =>
  page.evaluate(async () => {
    const registration = await navigator.serviceWorker.ready;
    return (await registration.getNotifications()).map((n) => ({
      title: n.title,
      body: n.body,
      icon: n.icon,
      url: (n.data as { url: string }).url,
    }));
  });

/** What a tap on the notification does: the worker's notificationclick on the one it shows. */
async function clickNotification(context: BrowserContext) {
  const [worker] = context.serviceWorkers();
  if (!worker) throw new Error('no service worker');
  await worker.evaluate(async () => {
    const scope = self as unknown as WorkerScope;
    const [notification] = await scope.registration.getNotifications();
    scope.dispatchEvent(new NotificationEvent('notificationclick', { notification }));
  });
}

test('a push shows a notification, and a click opens the notification detail (3) or the community post (6)', async ({
  page,
  context,
}) => {
  await context.grantPermissions(['notifications']);
  // Demo agent 4 (정우성).
  const agent = await loginAs(page, '01020000004');
  await page.goto('/');
  await page.evaluate(() => navigator.serviceWorker.ready);

  await deliverPush({ page, context, data: payload({ type: 3, idx: 42, title: '잠실 현장 분양 알림' }) });
  await expect
    .poll(() => shownNotifications(page), { timeout: 30_000 })
    .toEqual([
      {
        title: '잠실 현장 분양 알림',
        body: '현장 소식이 도착했습니다.',
        icon: expect.stringContaining('/icons/icon-192.png'),
        url: '/notify?open=42',
      },
    ]);
  await clickNotification(context);
  await expect(page).toHaveURL(/\/notify\?open=42$/);
  // The click loads the page anew: on a loaded machine its first answer can take seconds.
  await page.waitForLoadState();
  await expect.poll(() => shownNotifications(page), { timeout: 30_000 }).toEqual([]);

  // A community push opens that post's detail on the board.
  const {
    list: [post],
  } = await apiCall<{ list: Array<{ f_idx: number; f_title: string }> }>({
    page,
    token: agent.token,
    path: '/community/getCommunityList',
    data: { page_num: 1 },
  });
  if (!post) throw new Error('the demo board has no post');
  await deliverPush({ page, context, data: payload({ type: 6, idx: post.f_idx, title: '새 커뮤니티 글' }) });
  // A stopped worker is started for the push: on a loaded machine that alone can take seconds.
  await expect
    .poll(async () => (await shownNotifications(page)).map((n) => n.url), { timeout: 30_000 })
    .toEqual([`/Community?open=${post.f_idx}`]);
  await clickNotification(context);
  await expect(page.getByRole('dialog').getByText(post.f_title).first()).toBeVisible({ timeout: 20_000 });
  await expect(page).toHaveURL(/\/Community$/);
  // Back closes the post and stays on the board.
  await page.goBack();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page).toHaveURL(/\/Community$/);
});

test('a member who turns push on where the browser blocks notifications is told how to allow them', async ({
  page,
  context,
}) => {
  // Demo agent 2 (박정호).
  await loginAs(page, '01020000002');
  await page.goto('/More');
  // The page's worker is active before the push comes (after a navigation it may be restarting).
  await page.evaluate(() => navigator.serviceWorker.ready);
  const cdp = await context.newCDPSession(page);
  await cdp.send('Browser.setPermission', {
    permission: { name: 'notifications' },
    setting: 'denied',
    origin: new URL(page.url()).origin,
  });
  await page.getByRole('button', { name: '알림 설정' }).click();
  const popup = page.getByRole('dialog');
  await expect(popup.getByRole('checkbox', { name: '알림 받기' })).toBeChecked();
  await popup.getByRole('button', { name: '저장' }).click();
  await expect(popup.getByRole('alert')).toContainText('브라우저의 사이트 설정에서 알림을 허용해 주세요');
});
