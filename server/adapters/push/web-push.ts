import https from 'node:https';
import webpush, { WebPushError } from 'web-push';
import type { PushSender } from './push.ts';

/** A VAPID token is signed for 12 hours and reused for one (RFC 8292 allows reuse until it expires). */
const TOKEN_SECONDS = 12 * 60 * 60;
const REUSE_MS = 60 * 60 * 1000;

/**
 * Web Push through the `web-push` package: the payload encrypted for the device (aes128gcm,
 * RFC 8291) and signed with the server's VAPID keys (RFC 8292), posted to the subscription's
 * endpoint. The same client serves production and the local default (design.md: the browser's
 * own push service); tests point subscriptions at a local stub push service and pass an agent
 * that trusts its certificate.
 * A fan-out to thousands of devices stays cheap: connections are kept alive and bounded per
 * push service, and the VAPID header of each push service is signed once an hour instead of
 * once a message (signing was four fifths of a message's CPU time).
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
  const signed = new Map<string, { authorization: string; until: number }>();
  const authorizationFor = (endpoint: string): string => {
    const audience = new URL(endpoint).origin;
    const now = Date.now();
    const kept = signed.get(audience);
    if (kept && kept.until > now) return kept.authorization;
    const headers = webpush.getVapidHeaders(
      audience,
      subject,
      vapid.publicKey,
      vapid.privateKey,
      'aes128gcm',
      Math.floor(now / 1000) + TOKEN_SECONDS,
    );
    const authorization = String(headers.Authorization);
    signed.set(audience, { authorization, until: now + REUSE_MS });
    return authorization;
  };
  return {
    send: async ({ to, payload, ttlSeconds }) => {
      try {
        const answer = await webpush.sendNotification(
          { endpoint: to.endpoint, keys: { p256dh: to.p256dh, auth: to.auth } },
          payload,
          {
            headers: { Authorization: authorizationFor(to.endpoint) },
            TTL: ttlSeconds,
            contentEncoding: 'aes128gcm',
            agent,
            timeout: timeoutMs,
          },
        );
        return { status: answer.statusCode };
      } catch (err) {
        // A refusal carries the push service's status; anything else (refused connection, TLS,
        // timeout, an endpoint that is not a URL) never reached it.
        return { status: err instanceof WebPushError ? err.statusCode : 0 };
      }
    },
  };
}
