import pino from 'pino';
import { expect } from 'vitest';
import webpush from 'web-push';
import type { PushPayload } from '../../sync/push/push-target.ts';
import { webPushSender } from '../adapters/push/web-push.ts';
import { fixedClock } from '../clock.ts';
import { member } from '../community/community.fixtures.ts';
import { createTestApp, type TestApp } from '../testing/fixtures.ts';
import { fakeDevice, type ReceivedPush, startPushStub, stubAgent } from '../testing/push-stub.ts';
import { pushDeliveryJob } from './push.job.ts';

export type PushStub = Awaited<ReturnType<typeof startPushStub>>;

/**
 * The app with real Web Push delivery (VAPID keys, the web-push sender) to a local push service:
 * what a feature's push test starts from. `answer` picks the push service's status per request.
 */
export async function pushTestApp({
  start = '2026-11-21T03:00:00Z',
  subject,
  answer = () => 201,
}: {
  start?: string;
  subject: string;
  answer?: (push: ReceivedPush) => number;
}) {
  const clock = fixedClock(start);
  const vapid = webpush.generateVAPIDKeys();
  const stub = await startPushStub({ answer });
  const t = await createTestApp({
    clock,
    config: { push: { vapid, subject } },
    adapters: { push: webPushSender({ vapid, subject, agent: stubAgent() }) },
  });
  return { t, stub, clock, vapid };
}

/** A member whose phone subscribed through the API with these push settings: the device keeps its keys to read pushes. */
export async function subscribedMember({
  t,
  stub,
  settings = {},
  name,
}: {
  t: TestApp;
  stub: PushStub;
  settings?: Record<string, string | null>;
  name?: string;
}) {
  const who = await member(t, name ? { f_name: name } : {});
  const device = fakeDevice();
  const endpoint = `${stub.origin}/push/device-${who.userIdx}`;
  if (Object.keys(settings).length > 0) {
    const res = await t.call('/user/updatePushSetting', {
      token: who.token,
      body: { push: 'Y', push_sound: 'Y', push_vibration: 'Y', ...settings },
    });
    expect(res.code).toBe(0);
  }
  const res = await t.call('/push/subscribe', {
    token: who.token,
    body: { endpoint, p256dh: device.p256dh, auth: device.auth },
  });
  expect(res.code).toBe(0);
  return { ...who, device, endpoint };
}

/** One run of the push delivery job at the app clock's time, as the scheduler starts it. */
export function runPushJob(t: TestApp) {
  return pushDeliveryJob.run({ ...t.deps, now: t.deps.clock.now(), logger: pino({ level: 'silent' }) });
}

/** The pushes the push service took for one device, decrypted with that device's keys. */
export function pushesReceived({
  stub,
  endpoint,
  device,
}: {
  stub: PushStub;
  endpoint: string;
  device: ReturnType<typeof fakeDevice>;
}): PushPayload[] {
  return stub.received
    .filter((p) => `${stub.origin}${p.path}` === endpoint)
    .map((p) => JSON.parse(device.decrypt(p.body)) as PushPayload);
}
