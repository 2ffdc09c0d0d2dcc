import { type PushPayload, type PushType, pushTarget } from '../../sync/push/push-target.ts';

/** A short buzz pattern (ms on, off, on), sent only to members who keep vibration on. */
const VIBRATE = [200, 100, 200];

/**
 * What the service worker receives (decrypted) and shows: the text, the screen a click opens
 * (sync/push/push-target.ts) and the member's sound and vibration settings at delivery time.
 */
export function pushPayload({
  message,
  vibration,
  sound,
}: {
  message: { type: PushType; idx: number; title: string; body: string };
  vibration: 'Y' | 'N';
  sound: 'Y' | 'N';
}): string {
  const payload: PushPayload = {
    type: message.type,
    idx: message.idx,
    title: message.title,
    body: message.body,
    url: pushTarget({ type: message.type, idx: message.idx }),
    vibrate: vibration === 'Y' ? VIBRATE : [],
    silent: sound === 'N',
  };
  return JSON.stringify(payload);
}
