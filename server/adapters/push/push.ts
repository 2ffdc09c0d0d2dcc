/** A device's Web Push subscription as PushManager gives it (keys base64url, RFC 8291). */
export interface PushDestination {
  endpoint: string;
  p256dh: string;
  auth: string;
}

/**
 * What the push service answered: its HTTP status (201 accepted, 404/410 the subscription is
 * gone, 429/5xx try later), or 0 when it could not be reached at all.
 */
export interface PushOutcome {
  status: number;
}

/** Sends one encrypted message to one subscription. Never throws: the outcome says how it went. */
export interface PushSender {
  send: (args: { to: PushDestination; payload: string; ttlSeconds: number }) => Promise<PushOutcome>;
}
