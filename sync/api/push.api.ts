import * as v from 'valibot';
import { type Answer, defineCall } from './contract.ts';
import type { pushResponses } from './push.responses.ts';

/**
 * Web Push subscriptions (design.md "Web Push"): the device asks for the server's VAPID public
 * key, subscribes with the browser's PushManager and hands the subscription over; one is kept
 * per member and device, and removed when the member turns push off or signs out.
 */

/**
 * A push service URL (every browser's is HTTPS: a host, then a path), bounded before the regex.
 * No v.url: valibot's functions share the entry chunk, and this regex says enough.
 */
const endpoint = v.pipe(
  v.string('endpoint required'),
  v.maxLength(2048, 'endpoint too long'),
  v.regex(/^https:\/\/[\w.-]+(:\d{1,5})?\/\S{1,2000}$/, 'endpoint must be an https URL'),
);

export interface PushPublicKey {
  /** The VAPID public key, base64url: PushManager.subscribe's applicationServerKey. */
  public_key: string;
}

export const getPushPublicKeyCall = defineCall<Answer<typeof pushResponses, 'getPushPublicKey'>>()({
  operationId: 'getPushPublicKey',
  method: 'get',
  path: '/push/publicKey',
  summary: "The server's VAPID public key, to subscribe this device to push",
  tag: 'push',
  input: v.object({}),
});

export const savePushSubscriptionCall = defineCall<Answer<typeof pushResponses, 'savePushSubscription'>>()({
  operationId: 'savePushSubscription',
  method: 'post',
  path: '/push/subscribe',
  summary: "Keeps this device's push subscription (one per member and device; a newer one replaces it)",
  tag: 'push',
  input: v.object({
    endpoint,
    /** The device's uncompressed P-256 public key: 65 bytes, 87 base64url characters. */
    p256dh: v.pipe(v.string('p256dh required'), v.regex(/^[A-Za-z0-9_-]{87}$/, 'p256dh must be a P-256 key')),
    /** The device's 16-byte auth secret: 22 base64url characters. */
    auth: v.pipe(v.string('auth required'), v.regex(/^[A-Za-z0-9_-]{22}$/, 'auth must be 16 bytes')),
  }),
});

export const removePushSubscriptionCall = defineCall<
  Answer<typeof pushResponses, 'removePushSubscription'>
>()({
  operationId: 'removePushSubscription',
  method: 'post',
  path: '/push/unsubscribe',
  summary: "Forgets this device's push subscription: nothing more is sent to it",
  tag: 'push',
  input: v.object({}),
});
