/**
 * A request that gets no answer is given up, as a network failure, instead of being waited on
 * forever. A connection can die without being reset (a phone moving from Wi-Fi to LTE, a NAT
 * that forgot it, a black-holing middlebox): the browser then waits for the operating system to
 * give up on it, many minutes later, and a sync engine waiting on that request syncs nothing in
 * the meantime (the chaos harness found it: docs/chaos.md). Nothing is lost by giving up: a push
 * is sent again under the same numbers and answered from the server's records.
 *
 * The deadline follows progress, never the size of the work: the answer's head must come within
 * `idleMs` plus the time the request's body takes at the slowest link we serve, and the answer's
 * body may pause at most `idleMs` between chunks. A large first pull on a weak link is slow, not
 * dead, and still completes.
 *
 * A request still waiting when the device reports it went offline is given up at once: its link
 * is gone, and waiting out the deadline would hold the sync engine for that long after the signal
 * came back (the `online` event finds the engine still waiting on a request sent into the void).
 */
export const AnswerDeadline = {
  idleMs: 30_000,
  /** About 32 kbit/s: below EDGE. A request body that takes longer than this to send is not expected. */
  slowestUploadBytesPerSecond: 4_000,
} as const;

type FetchLike = (input: string, init: RequestInit) => Response | Promise<Response>;

/**
 * `fetchImpl` with the deadline: its promise, or the reading of its body, fails with a
 * `TimeoutError` when the answer stalls; callers treat it as any other network failure.
 */
export function withAnswerDeadline(
  fetchImpl: FetchLike,
  {
    idleMs = AnswerDeadline.idleMs,
    connectivity = typeof window === 'undefined' ? undefined : window,
  }: {
    idleMs?: number;
    /** Where `offline` is announced: the window in the app, an EventTarget in tests. */
    connectivity?: EventTarget | undefined;
  } = {},
): (input: string, init: RequestInit) => Promise<Response> {
  return async (input, init) => {
    const controller = new AbortController();
    const outer = init.signal;
    if (outer?.aborted) controller.abort(outer.reason);
    else outer?.addEventListener('abort', () => controller.abort(outer.reason), { once: true });
    const wentOffline = () => controller.abort(new DOMException('the device went offline', 'NetworkError'));
    connectivity?.addEventListener('offline', wentOffline);
    controller.signal.addEventListener(
      'abort',
      () => connectivity?.removeEventListener('offline', wentOffline),
      {
        once: true,
      },
    );
    let timer: ReturnType<typeof setTimeout> | undefined;
    const done = () => {
      clearTimeout(timer);
      connectivity?.removeEventListener('offline', wentOffline);
    };
    const arm = (ms: number) => {
      clearTimeout(timer);
      timer = setTimeout(() => controller.abort(new DOMException('no answer in time', 'TimeoutError')), ms);
    };
    arm(idleMs + (bodyBytes(init.body) * 1000) / AnswerDeadline.slowestUploadBytesPerSecond);
    let response: Response;
    try {
      response = await fetchImpl(input, { ...init, signal: controller.signal });
    } catch (err) {
      done();
      throw err;
    }
    if (!response.body) {
      done();
      return response;
    }
    arm(idleMs);
    const body = response.body.pipeThrough(
      new TransformStream<Uint8Array, Uint8Array>({
        transform(chunk, out) {
          arm(idleMs);
          out.enqueue(chunk);
        },
        flush() {
          done();
        },
      }),
    );
    return new Response(body, {
      status: response.status,
      statusText: response.statusText,
      headers: response.headers,
    });
  };
}

function bodyBytes(body: RequestInit['body']): number {
  if (body === null || body === undefined) return 0;
  if (typeof body === 'string') return body.length * 3;
  if (body instanceof Blob) return body.size;
  if (body instanceof ArrayBuffer || ArrayBuffer.isView(body)) return body.byteLength;
  if (body instanceof FormData) {
    let bytes = 0;
    for (const [, value] of body) bytes += typeof value === 'string' ? value.length * 3 : value.size;
    return bytes;
  }
  return 0;
}
