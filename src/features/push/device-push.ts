import {
  getPushPublicKeyCall,
  removePushSubscriptionCall,
  savePushSubscriptionCall,
} from '../../../sync/api/push.api.ts';
import { api } from '../../api/client.ts';

/**
 * This device's Web Push subscription (design.md "Web Push"). Loaded on demand only (the push
 * settings, the start after sign-in, sign-out): the entry does not carry it.
 */

/** What became of a subscribe: on, refused by the member or the browser, or not possible here. */
export type DevicePush = 'subscribed' | 'denied' | 'unsupported';

function supported(): boolean {
  return (
    typeof navigator !== 'undefined' &&
    'serviceWorker' in navigator &&
    typeof window !== 'undefined' &&
    'PushManager' in window &&
    'Notification' in window
  );
}

/** The browser's permission for notifications here, or 'unsupported'. */
export function pushPermission(): NotificationPermission | 'unsupported' {
  return supported() ? Notification.permission : 'unsupported';
}

const fromBase64Url = (text: string): Uint8Array<ArrayBuffer> => {
  const base64 = text.replace(/-/g, '+').replace(/_/g, '/');
  return Uint8Array.from(atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4)), (c) => c.charCodeAt(0));
};

const sameKey = (a: ArrayBuffer | null, b: Uint8Array): boolean => {
  if (!a || a.byteLength !== b.byteLength) return false;
  const view = new Uint8Array(a);
  return view.every((byte, i) => byte === b[i]);
};

/**
 * Subscribes this device with the server's VAPID key and hands the subscription to the server.
 * `ask` lets the browser ask the member for permission (only after they turned push on);
 * without it nothing is asked and a device without permission stays as it is.
 * Throws the api's ApiError / NetworkError when the server could not be told.
 */
export async function subscribeDevice({ ask }: { ask: boolean }): Promise<DevicePush> {
  if (!supported()) return 'unsupported';
  let permission = Notification.permission;
  if (permission === 'default' && ask) permission = await Notification.requestPermission();
  if (permission !== 'granted') return 'denied';
  const registration = await navigator.serviceWorker.ready;
  const { public_key } = await api(getPushPublicKeyCall, {});
  const key = fromBase64Url(public_key);
  let subscription = await registration.pushManager.getSubscription();
  // Subscribed under another server key (the keys were replaced): that subscription is dead.
  if (subscription && !sameKey(subscription.options.applicationServerKey, key)) {
    await subscription.unsubscribe();
    subscription = null;
  }
  subscription ??= await registration.pushManager.subscribe({
    userVisibleOnly: true,
    applicationServerKey: key,
  });
  const { endpoint, keys } = subscription.toJSON();
  await api(savePushSubscriptionCall, {
    endpoint: endpoint ?? '',
    p256dh: keys?.p256dh ?? '',
    auth: keys?.auth ?? '',
  });
  return 'subscribed';
}

/** Push turned off, or signing out: the server forgets this device, and the browser its subscription. */
export async function forgetDevice(): Promise<void> {
  try {
    await api(removePushSubscriptionCall, {});
  } catch {
    // Offline or signed out already: the server stops at the session's end anyway (queuePush).
  }
  if (!supported()) return;
  const registration = await navigator.serviceWorker.getRegistration();
  const subscription = await registration?.pushManager.getSubscription();
  await subscription?.unsubscribe().catch(() => false);
}
