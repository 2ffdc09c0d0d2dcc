import { afterEach, describe, expect, it } from 'vitest';
import { pushTarget } from '../../sync/push/push-target.ts';
import { member, publish } from '../community/community.fixtures.ts';
import { insertSession, type TestApp } from '../testing/fixtures.ts';
import { fakeDevice, type ReceivedPush, verifyVapid } from '../testing/push-stub.ts';
import {
  type PushStub,
  pushesReceived,
  pushTestApp,
  runPushJob,
  subscribedMember as subscribedOn,
} from './push.fixtures.ts';
import { queuePush } from './push.queue.ts';

/**
 * Web Push end to end on the server: a device subscribes with its own keys at a local push
 * service, a feature queues a push, the push job delivers it, and the device decrypts it.
 */

let t: TestApp;
let stub: PushStub;
let statusFor: (push: ReceivedPush) => number = () => 201;
const subject = 'mailto:push-test@example.com';

async function app(start = '2026-11-21T03:00:00Z') {
  const started = await pushTestApp({ start, subject, answer: (push) => statusFor(push) });
  t = started.t;
  stub = started.stub;
  return { clock: started.clock, vapid: started.vapid };
}

afterEach(async () => {
  statusFor = () => 201;
  await stub?.close();
  await t?.close();
});

/** A member whose phone subscribed through the API, in this test's app and push service. */
const subscribedMember = (settings: Record<string, string | null> = {}) =>
  subscribedOn({ t, stub, settings });

const runJob = () => runPushJob(t);
const receivedBy = ({ endpoint, device }: { endpoint: string; device: ReturnType<typeof fakeDevice> }) =>
  pushesReceived({ stub, endpoint, device });

const subscriptionsOf = async (userIdx: number) =>
  (
    await t.handle.all<{ n: number }>(
      'SELECT COUNT(*) AS n FROM push_subscriptions WHERE f_user_idx = ?',
      userIdx,
    )
  )[0]?.n;

describe('Web Push delivery', () => {
  it('delivers a community post with push to a subscribed device, encrypted for it, opening the post', async () => {
    const { vapid } = await app();
    const reader = await subscribedMember();
    const writer = await member(t);
    const post = await publish(t, writer, {
      title: '잠실 급매 공유',
      content: '84㎡ 급매 나왔습니다.',
      push: 'Y',
    });
    // Nothing is sent inside the request: the push job does it.
    expect(stub.received).toHaveLength(0);
    const run = await runJob();
    expect(run).toMatchObject({ sent: 1 });
    const [payload] = receivedBy(reader);
    expect(payload).toMatchObject({
      type: 6,
      idx: post,
      title: '잠실 급매 공유',
      body: '84㎡ 급매 나왔습니다.',
      url: `/Community?open=${post}`,
      vibrate: [200, 100, 200],
      silent: false,
    });
    expect(payload?.url).toBe(pushTarget({ type: 6, idx: post }));
    const [push] = stub.received;
    expect(push?.headers['content-encoding']).toBe('aes128gcm');
    expect(
      verifyVapid({
        authorization: String(push?.headers.authorization),
        origin: stub.origin,
        now: new Date(),
      }),
    ).toBe(vapid.publicKey);
    // Sent once: the next run has nothing left.
    expect(await runJob()).toMatchObject({ sent: 0 });
    expect(stub.received).toHaveLength(1);
  });

  it('opens the notification detail for a notification push (type 3) and leaves vibration out when it is off', async () => {
    await app();
    const reader = await subscribedMember({ push_vibration: 'N', push_sound: 'N' });
    await queuePush({
      db: t.deps.db,
      userIdxs: [reader.userIdx],
      message: { type: 3, idx: 42, title: '잠실 현장 알림', body: '분양 시작' },
    });
    await runJob();
    expect(receivedBy(reader)).toEqual([
      {
        type: 3,
        idx: 42,
        title: '잠실 현장 알림',
        body: '분양 시작',
        url: '/notify?open=42',
        vibrate: [],
        silent: true,
      },
    ]);
  });

  it('removes a subscription whose push service answers 410 and sends it nothing more', async () => {
    await app();
    const gone = await subscribedMember();
    const kept = await subscribedMember();
    statusFor = (push) => (push.path.endsWith(`device-${gone.userIdx}`) ? 410 : 201);
    const message = { type: 3 as const, idx: 7, title: '알림', body: '내용' };
    await queuePush({ db: t.deps.db, userIdxs: [gone.userIdx, kept.userIdx], message });
    expect(await runJob()).toMatchObject({ sent: 1, gone: 1 });
    expect(await subscriptionsOf(gone.userIdx)).toBe(0);
    expect(await subscriptionsOf(kept.userIdx)).toBe(1);
    expect(await queuePush({ db: t.deps.db, userIdxs: [gone.userIdx, kept.userIdx], message })).toBe(1);
  });

  it('holds a push queued during quiet hours until they end (Seoul time, across midnight)', async () => {
    // 23:30 in Seoul; quiet from 22:00 to 08:00.
    const { clock } = await app('2026-11-21T14:30:00Z');
    const sleeper = await subscribedMember({ push_off_start_time: '22:00', push_off_end_time: '08:00' });
    const awake = await subscribedMember();
    await queuePush({
      db: t.deps.db,
      userIdxs: [sleeper.userIdx, awake.userIdx],
      message: { type: 3, idx: 9, title: '밤에 온 알림', body: '아침에 보세요' },
    });
    expect(await runJob()).toMatchObject({ sent: 1, quiet: 1 });
    expect(receivedBy(awake)).toHaveLength(1);
    // 07:59 the next morning in Seoul: still quiet.
    clock.set('2026-11-21T22:59:00Z');
    await runJob();
    expect(receivedBy(sleeper)).toHaveLength(0);
    // 08:00: the window is over and the push arrives.
    clock.set('2026-11-21T23:00:00Z');
    expect(await runJob()).toMatchObject({ sent: 1 });
    expect(receivedBy(sleeper).map((p) => p.title)).toEqual(['밤에 온 알림']);
  });

  it('tries again with a growing back-off while the push service fails', async () => {
    const { clock } = await app();
    const reader = await subscribedMember();
    statusFor = () => 503;
    await queuePush({
      db: t.deps.db,
      userIdxs: [reader.userIdx],
      message: { type: 3, idx: 1, title: 'a', body: 'b' },
    });
    expect(await runJob()).toMatchObject({ retrying: 1 });
    // Not again before the back-off (30 s) has passed.
    clock.advance(29_000);
    await runJob();
    expect(stub.received).toHaveLength(1);
    clock.advance(1_000);
    await runJob();
    expect(stub.received).toHaveLength(2);
    // The service recovers: the third try (after 60 s more) is delivered.
    statusFor = () => 201;
    clock.advance(60_000);
    expect(await runJob()).toMatchObject({ sent: 1 });
    expect(stub.received).toHaveLength(3);
    clock.advance(60 * 60 * 1000);
    expect(await runJob()).toMatchObject({ sent: 0, retrying: 0 });
  });

  it('gives a delivery up after six failed tries', async () => {
    const { clock } = await app();
    const reader = await subscribedMember();
    statusFor = () => 500;
    await queuePush({
      db: t.deps.db,
      userIdxs: [reader.userIdx],
      message: { type: 3, idx: 1, title: 'a', body: 'b' },
    });
    for (let i = 0; i < 8; i++) {
      await runJob();
      clock.advance(60 * 60 * 1000);
    }
    expect(stub.received).toHaveLength(6);
    const [state] = await t.handle.all('SELECT f_state, f_attempts, f_last_status FROM push_deliveries');
    expect(state).toEqual({ f_state: 'F', f_attempts: 6, f_last_status: 500 });
  });

  it('sends nothing to a member who turned push off, even if it was queued before', async () => {
    await app();
    const off = await subscribedMember({ push: 'N' });
    const later = await subscribedMember();
    const message = { type: 3 as const, idx: 1, title: 'a', body: 'b' };
    expect(await queuePush({ db: t.deps.db, userIdxs: [off.userIdx], message })).toBe(0);
    await queuePush({ db: t.deps.db, userIdxs: [later.userIdx], message });
    const turnedOff = await t.call('/user/updatePushSetting', {
      token: later.token,
      body: { push: 'N', push_sound: 'Y', push_vibration: 'Y' },
    });
    expect(turnedOff.code).toBe(0);
    expect(await runJob()).toMatchObject({ sent: 0, skipped: 1 });
    expect(stub.received).toHaveLength(0);
  });

  it('pushes nothing to a device whose session ended (signed out there)', async () => {
    await app();
    const left = await subscribedMember();
    expect((await t.call('/user/logout', { token: left.token })).code).toBe(0);
    const message = { type: 3 as const, idx: 1, title: 'a', body: 'b' };
    expect(await queuePush({ db: t.deps.db, userIdxs: [left.userIdx], message })).toBe(0);
  });

  it('queues nothing when the caller’s transaction rolls back', async () => {
    await app();
    const reader = await subscribedMember();
    await t.deps.db
      .transaction()
      .execute(async (tx) => {
        await queuePush({
          db: tx,
          userIdxs: [reader.userIdx],
          message: { type: 6, idx: 1, title: 'a', body: 'b' },
        });
        throw new Error('the post was refused');
      })
      .catch(() => undefined);
    await runJob();
    expect(stub.received).toHaveLength(0);
  });
});

describe('push subscriptions', () => {
  it('keeps one subscription per member and device, and forgets it when the member unsubscribes', async () => {
    await app();
    const who = await subscribedMember();
    const renewed = fakeDevice();
    const again = await t.call('/push/subscribe', {
      token: who.token,
      body: { endpoint: `${stub.origin}/push/renewed`, p256dh: renewed.p256dh, auth: renewed.auth },
    });
    expect(again.code).toBe(0);
    const rows = await t.handle.all('SELECT f_endpoint, f_device_id FROM push_subscriptions ORDER BY f_idx');
    expect(rows).toEqual([
      { f_endpoint: `${stub.origin}/push/renewed`, f_device_id: `device-${who.userIdx}` },
    ]);
    // The same member on a second phone: both phones are told.
    const tablet = await insertSession(t, { userIdx: who.userIdx, deviceId: 'tablet-0001' });
    const second = fakeDevice();
    await t.call('/push/subscribe', {
      token: tablet,
      body: { endpoint: `${stub.origin}/push/tablet`, p256dh: second.p256dh, auth: second.auth },
    });
    expect(await subscriptionsOf(who.userIdx)).toBe(2);
    expect((await t.call('/push/unsubscribe', { token: tablet, body: {} })).code).toBe(0);
    expect(
      (
        await t.handle.all<{ f_device_id: string }>(
          'SELECT f_device_id FROM push_subscriptions ORDER BY f_idx',
        )
      ).map((r) => r.f_device_id),
    ).toEqual([`device-${who.userIdx}`]);
  });

  it('keeps what was queued for a device when the app subscribes again with the same endpoint', async () => {
    const { clock } = await app('2026-11-21T14:30:00Z');
    const who = await subscribedMember({ push_off_start_time: '22:00', push_off_end_time: '08:00' });
    await queuePush({
      db: t.deps.db,
      userIdxs: [who.userIdx],
      message: { type: 3, idx: 5, title: 'a', body: 'b' },
    });
    await runJob();
    const res = await t.call('/push/subscribe', {
      token: who.token,
      body: { endpoint: who.endpoint, p256dh: who.device.p256dh, auth: who.device.auth },
    });
    expect(res.code).toBe(0);
    clock.set('2026-11-21T23:00:00Z');
    await runJob();
    expect(receivedBy(who)).toHaveLength(1);
  });

  it('moves an endpoint to the member now signed in on that phone', async () => {
    await app();
    const first = await subscribedMember();
    const next = await member(t);
    const res = await t.call('/push/subscribe', {
      token: next.token,
      body: { endpoint: first.endpoint, p256dh: first.device.p256dh, auth: first.device.auth },
    });
    expect(res.code).toBe(0);
    expect(await subscriptionsOf(first.userIdx)).toBe(0);
    expect(await subscriptionsOf(next.userIdx)).toBe(1);
  });

  it('answers the VAPID public key the devices subscribe with, to members only', async () => {
    const { vapid } = await app();
    const who = await member(t);
    const res = await t.call<{ public_key: string }>('/push/publicKey', { token: who.token, query: {} });
    expect(res.data.public_key).toBe(vapid.publicKey);
    expect((await t.call('/push/publicKey', { query: {} })).code).not.toBe(0);
  });

  it('refuses an endpoint that is not an https URL', async () => {
    await app();
    const who = await member(t);
    const device = fakeDevice();
    const res = await t.call('/push/subscribe', {
      token: who.token,
      body: { endpoint: 'http://push.example.com/abc', p256dh: device.p256dh, auth: device.auth },
    });
    expect(res.code).toBe(-4);
    expect(await subscriptionsOf(who.userIdx)).toBe(0);
  });
});
