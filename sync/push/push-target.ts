/**
 * Spec §4: push types 3 (a notification) and 6, 7 (community: a post, a comment on it) and the
 * screen a click on each opens. The one rule for both the payload the server sends and the tests.
 */
export type PushType = 3 | 6 | 7;

export const PushTypes = { notification: 3, communityPost: 6, communityComment: 7 } as const;

/** The app URL a push of this type about this row opens. */
export function pushTarget({ type, idx }: { type: PushType; idx: number }): string {
  return type === 3 ? `/notify?open=${idx}` : `/Community?open=${idx}`;
}

/** The decrypted push message the service worker shows (public/… sw-push.js reads these fields). */
export interface PushPayload {
  type: PushType;
  idx: number;
  title: string;
  body: string;
  /** pushTarget of type and idx: where a click on the notification goes. */
  url: string;
  /** Vibration pattern; empty when the member turned vibration off. */
  vibrate: number[];
  /** True when the member turned the sound off. */
  silent: boolean;
}
