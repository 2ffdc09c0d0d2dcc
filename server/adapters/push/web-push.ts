import https from 'node:https';
import webpush, { WebPushError } from 'web-push';
import type { PushSender } from './push.ts';

/**
 * Web Push through the `web-push` package: the payload encrypted for the device (aes128gcm,
 * RFC 8291) and signed with the server's VAPID keys (RFC 8292), posted to the subscription's
 * endpoint. The same client serves production and the local default (design.md: the browser's
 * own push service); tests point subscriptions at a local stub push service and pass an agent
 * that trusts its certificate.
 * Connections are kept alive and bounded per push service, so a fan-out to thousands of
 * devices reuses a few TLS sessions instead of opening one per message.
 */
export function webPushSender({
  vapid,
  subject,
  agent = new https.Agent({ keepAlive: true, maxSockets: 32 }),
  timeoutMs = 10_000,
}: {
  vapid: { publicKey: string; privateKey: string };
  subject: string;
  agent?: https.Agent;
  timeoutMs?: number;
}): PushSender {
  const vapidDetails = { subject, publicKey: vapid.publicKey, privateKey: vapid.privateKey };
  return {
    send: async ({ to, payload, ttlSeconds }) => {
      try {
        const answer = await webpush.sendNotification(
          { endpoint: to.endpoint, keys: { p256dh: to.p256dh, auth: to.auth } },
          payload,
          { vapidDetails, TTL: ttlSeconds, contentEncoding: 'aes128gcm', agent, timeout: timeoutMs },
        );
        return { status: answer.statusCode };
      } catch (err) {
        // A refusal carries the push service's status; anything else (refused connection, TLS,
        // timeout) never reached it.
        return { status: err instanceof WebPushError ? err.statusCode : 0 };
      }
    },
  };
}
