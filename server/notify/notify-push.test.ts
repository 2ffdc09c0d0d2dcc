import pino from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import webpush from 'web-push';
import type { PushPayload } from '../../sync/push/push-target.ts';
import { webPushSender } from '../adapters/push/web-push.ts';
import { fixedClock } from '../clock.ts';
import { member } from '../community/community.fixtures.ts';
import { pushDeliveryJob } from '../push/push.job.ts';
import { createTestApp, type TestApp } from '../testing/fixtures.ts';
import { fakeDevice, startPushStub, stubAgent } from '../testing/push-stub.ts';
import { noteBody, notifyWorld } from './notify.fixtures.ts';

/** A notification written with push reaches its recipients' phones through the push job. */

let t: TestApp;
let stub: Awaited<ReturnType<typeof startPushStub>>;

afterEach(async () => {
  await stub?.close();
  await t?.close();
});

async function app() {
  const vapid = webpush.generateVAPIDKeys();
  const subject = 'mailto:push-test@example.com';
  stub = await startPushStub({ answer: () => 201 });
  t = await createTestApp({
    clock: fixedClock('2026-11-21T03:00:00Z'),
    config: { push: { vapid, subject } },
    adapters: { push: webPushSender({ vapid, subject, agent: stubAgent() }) },
  });
}

async function subscribed(who: { userIdx: number; token: string }) {
  const device = fakeDevice();
  const endpoint = `${stub.origin}/push/device-${who.userIdx}`;
  const res = await t.call('/push/subscribe', {
    token: who.token,
    body: { endpoint, p256dh: device.p256dh, auth: device.auth },
  });
  expect(res.code).toBe(0);
  return () =>
    stub.received
      .filter((p) => `${stub.origin}${p.path}` === endpoint)
      .map((p) => JSON.parse(device.decrypt(p.body)) as PushPayload);
}

const runPushJob = () =>
  pushDeliveryJob.run({ ...t.deps, now: t.deps.clock.now(), logger: pino({ level: 'silent' }) });

describe('a notification written with push', () => {
  it('is pushed to each recipient’s phone once, opening its detail; without push nothing is sent', async () => {
    await app();
    const { writer, siteIdx } = await notifyWorld(t);
    await t.deps.db
      .updateTable('users')
      .set({ f_point: 10_000 })
      .where('f_idx', '=', writer.userIdx)
      .execute();
    const readerPushes = await subscribed(await member(t));
    const writerPushes = await subscribed(writer);

    const quiet = await t.call<{ f_idx: number }>('/notify/addNotify', {
      token: writer.token,
      body: { ...noteBody, site_idx: siteIdx, push: 'N' },
    });
    expect(quiet.code).toBe(0);
    const pushed = await t.call<{ f_idx: number }>('/notify/addNotify', {
      token: writer.token,
      body: { ...noteBody, title: '오늘 계약 가능', site_idx: siteIdx, push: 'Y' },
    });
    expect(pushed.code).toBe(0);
    // Nothing leaves inside the request.
    expect(stub.received).toHaveLength(0);

    await runPushJob();
    await runPushJob();
    const idx = pushed.data?.f_idx;
    expect(readerPushes()).toEqual([
      expect.objectContaining({ type: 3, idx, title: '오늘 계약 가능', url: `/notify?open=${idx}` }),
    ]);
    // The writer is not a recipient of their own notification.
    expect(writerPushes()).toEqual([]);
  });
});
