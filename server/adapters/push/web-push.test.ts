import { afterEach, describe, expect, it } from 'vitest';
import webpush from 'web-push';
import { fakeDevice, startPushStub, stubAgent, verifyVapid } from '../../testing/push-stub.ts';
import { webPushSender } from './web-push.ts';

let stub: Awaited<ReturnType<typeof startPushStub>> | undefined;
afterEach(async () => {
  await stub?.close();
  stub = undefined;
});

const vapid = webpush.generateVAPIDKeys();
const sender = () => webPushSender({ vapid, subject: 'mailto:ops@example.com', agent: stubAgent() });

describe('Web Push client (web-push)', () => {
  it('posts the payload encrypted for the device with a VAPID authorization for the push service', async () => {
    stub = await startPushStub();
    const device = fakeDevice();
    const outcome = await sender().send({
      to: { endpoint: `${stub.origin}/push/abc`, p256dh: device.p256dh, auth: device.auth },
      payload: '{"title":"잠실"}',
      ttlSeconds: 60,
    });
    expect(outcome).toEqual({ status: 201 });
    const [push] = stub.received;
    expect(push?.path).toBe('/push/abc');
    expect(push?.headers.ttl).toBe('60');
    expect(device.decrypt(push?.body ?? Buffer.alloc(0))).toBe('{"title":"잠실"}');
    expect(
      verifyVapid({
        authorization: String(push?.headers.authorization),
        origin: stub.origin,
        now: new Date(),
      }),
    ).toBe(vapid.publicKey);
  });

  it('signs one VAPID token per push service and reuses it for the next messages', async () => {
    stub = await startPushStub();
    const device = fakeDevice();
    const send = sender();
    for (const path of ['a', 'b']) {
      await send.send({
        to: { endpoint: `${stub.origin}/push/${path}`, p256dh: device.p256dh, auth: device.auth },
        payload: 'x',
        ttlSeconds: 60,
      });
    }
    const [first, second] = stub.received.map((p) => p.headers.authorization);
    expect(first).toBeTruthy();
    expect(second).toBe(first);
  });

  it('answers the push service’s refusal as its status, and 0 when it cannot be reached', async () => {
    stub = await startPushStub({ answer: () => 410 });
    const device = fakeDevice();
    const to = { endpoint: `${stub.origin}/push/gone`, p256dh: device.p256dh, auth: device.auth };
    expect(await sender().send({ to, payload: 'x', ttlSeconds: 60 })).toEqual({ status: 410 });
    await stub.close();
    stub = undefined;
    expect(await sender().send({ to, payload: 'x', ttlSeconds: 60 })).toEqual({ status: 0 });
  });
});
