/**
 * The live stream (`GET /api/v1/sync/events`, Server-Sent Events): the server tells a device that
 * something in its scope changed, and the device pulls. No data travels on it; these are its events.
 */
export const LiveEvents = {
  /** The stream is watched from now on: pull what may have changed while there was none. */
  ready: 'ready',
  /** Something in the member's scope changed: pull. */
  poke: 'poke',
  /** The session ended: the next call says why (-7). */
  ended: 'ended',
} as const;

export const LIVE_EVENTS_PATH = '/sync/events';
