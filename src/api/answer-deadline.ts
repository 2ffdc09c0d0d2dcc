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
  { idleMs = AnswerDeadline.idleMs }: { idleMs?: number } = {},
): (input: string, init: RequestInit) => Promise<Response> {
  return async (input, init) => {
    const controller = new AbortController();
    const outer = init.signal;
    if (outer?.aborted) controller.abort(outer.reason);
    else outer?.addEventListener('abort', () => controller.abort(outer.reason), { once: true });
    let timer: ReturnType<typeof setTimeout> | undefined;
    const arm = (ms: number) => {
      clearTimeout(timer);
      timer = setTimeout(() => controller.abort(new DOMException('no answer in time', 'TimeoutError')), ms);
    };
    arm(idleMs + (bodyBytes(init.body) * 1000) / AnswerDeadline.slowestUploadBytesPerSecond);
    let response: Response;
    try {
      response = await fetchImpl(input, { ...init, signal: controller.signal });
    } catch (err) {
      clearTimeout(timer);
      throw err;
    }
    if (!response.body) {
      clearTimeout(timer);
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
          clearTimeout(timer);
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
