import { API_BASE } from '../../sync/codes.ts';
import { LIVE_EVENTS_PATH, LiveEvents } from '../../sync/live.ts';

/** Reconnecting waits this long after the first failure, doubling up to the ceiling. */
const RETRY_BASE_MS = 1_000;
const RETRY_MAX_MS = 30_000;

export interface LiveOptions {
  /** The headers of every call (device id, token, language). */
  headers: () => Record<string, string>;
  /** Something in the member's scope changed, or the stream (re)opened: sync now. */
  onPoke: () => void;
  /** The session ended, or the server refused the stream: make a call, whose answer says why. */
  onEnded: () => void;
  random?: () => number;
}

/**
 * The live stream (`GET /api/v1/sync/events`): the server pokes, the device pulls. Read with fetch,
 * which sends the session's headers (EventSource cannot). Offline it waits for `online`; a dropped
 * stream comes back with back-off and jitter (so a restarted server is not met by every device at
 * once). The sync engine's own timer stays the fallback: a device without the stream still syncs.
 * Returns the stop.
 */
export function startLive({ headers, onPoke, onEnded, random = Math.random }: LiveOptions): () => void {
  let stopped = false;
  let failures = 0;
  let controller: AbortController | null = null;
  let retry: ReturnType<typeof setTimeout> | null = null;

  const later = () => {
    if (stopped) return;
    failures += 1;
    const ceiling = Math.min(RETRY_MAX_MS, RETRY_BASE_MS * 2 ** (failures - 1));
    retry = setTimeout(connect, Math.round(ceiling * (0.5 + random() * 0.5)));
  };

  const connect = async () => {
    retry = null;
    if (stopped) return;
    if (!navigator.onLine) return; // `online` reconnects
    controller = new AbortController();
    try {
      const response = await fetch(`${API_BASE}${LIVE_EVENTS_PATH}`, {
        headers: headers(),
        signal: controller.signal,
        cache: 'no-store',
        // The stream stays open for the whole visit: on a thin link it must not be counted, or
        // queued, among the requests a screen waits on.
        priority: 'low',
      });
      if (!response.headers.get('content-type')?.startsWith('text/event-stream') || !response.body) {
        // The envelope of a refusal (-7, -9…): the app's next call handles it. Nothing to retry.
        if (response.status < 500) {
          onEnded();
          return;
        }
        throw new Error(`live stream: ${response.status}`);
      }
      for await (const event of events(response.body)) {
        failures = 0;
        if (event === LiveEvents.ready || event === LiveEvents.poke) onPoke();
        else if (event === LiveEvents.ended) {
          onEnded();
          return;
        }
      }
      later();
    } catch {
      if (!stopped) later();
    } finally {
      controller = null;
    }
  };

  const online = () => {
    failures = 0;
    if (retry) clearTimeout(retry);
    if (!controller) void connect();
  };
  // A stream over a link that went away can stay silent for minutes: drop it, `online` reopens it.
  const offline = () => controller?.abort();
  window.addEventListener('online', online);
  window.addEventListener('offline', offline);
  void connect();
  return () => {
    stopped = true;
    window.removeEventListener('online', online);
    window.removeEventListener('offline', offline);
    if (retry) clearTimeout(retry);
    controller?.abort();
  };
}

/** The event names of a Server-Sent Events body, as they arrive (data and comments are skipped). */
async function* events(body: ReadableStream<Uint8Array>): AsyncGenerator<string> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffered = '';
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) return;
      buffered += decoder.decode(value, { stream: true }).replace(/\r\n?/g, '\n');
      for (let end = buffered.indexOf('\n\n'); end >= 0; end = buffered.indexOf('\n\n')) {
        const block = buffered.slice(0, end);
        buffered = buffered.slice(end + 2);
        const name = block.split('\n').find((line) => line.startsWith('event:'));
        if (name) yield name.slice('event:'.length).trim();
      }
    }
  } finally {
    reader.releaseLock();
  }
}
