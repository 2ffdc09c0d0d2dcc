import { describe, expect, it } from 'vitest';
import { withAnswerDeadline } from './answer-deadline.ts';

/**
 * A request whose connection died without a reset must fail instead of being waited on for
 * ever (the chaos harness found a device that stopped syncing for minutes behind one such
 * request), while a slow but living answer still completes.
 */

/** A fetch that never answers, and fails the way fetch does when its signal aborts. */
function silentFetch(calls: RequestInit[]) {
  return (_input: string, init: RequestInit) => {
    calls.push(init);
    return new Promise<Response>((_, reject) => {
      init.signal?.addEventListener('abort', () => reject(init.signal?.reason));
    });
  };
}

/** An answer whose body sends `chunks` pieces `everyMs` apart, then stops (or ends). */
function tricklingFetch({ chunks, everyMs, end }: { chunks: number; everyMs: number; end: boolean }) {
  return async (_input: string, init: RequestInit) => {
    let sent = 0;
    let timer: ReturnType<typeof setInterval> | undefined;
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        init.signal?.addEventListener('abort', () => {
          clearInterval(timer);
          controller.error(init.signal?.reason);
        });
        controller.enqueue(new TextEncoder().encode('['));
        timer = setInterval(() => {
          if (sent === chunks) {
            clearInterval(timer);
            if (end) {
              controller.enqueue(new TextEncoder().encode('0]'));
              controller.close();
            }
            return;
          }
          sent++;
          controller.enqueue(new TextEncoder().encode('0,'));
        }, everyMs);
      },
    });
    return new Response(body, { status: 200 });
  };
}

describe('a request with the answer deadline', () => {
  it('fails with a timeout when no answer comes, instead of waiting for ever', async () => {
    const calls: RequestInit[] = [];
    const request = withAnswerDeadline(silentFetch(calls), { idleMs: 100 });
    await expect(request('http://x/sync/push', { method: 'POST', body: '' })).rejects.toMatchObject({
      name: 'TimeoutError',
    });
    expect(calls).toHaveLength(1);
  });

  it('fails when the answer stops halfway through its body', async () => {
    const request = withAnswerDeadline(tricklingFetch({ chunks: 2, everyMs: 10, end: false }), {
      idleMs: 150,
    });
    const response = await request('http://x/sync/pull', { method: 'POST' });
    await expect(response.json()).rejects.toMatchObject({ name: 'TimeoutError' });
  });

  it('lets a slow answer that keeps arriving finish, however long it takes in all', async () => {
    // Twelve pieces 25 ms apart: 300 ms in all, twice the deadline, never silent for 150 ms.
    const request = withAnswerDeadline(tricklingFetch({ chunks: 12, everyMs: 25, end: true }), {
      idleMs: 150,
    });
    const response = await request('http://x/sync/pull', { method: 'POST' });
    expect(await response.json()).toEqual(Array(13).fill(0));
  });

  it('gives a large request body the time to be sent at the slowest link before expecting an answer', async () => {
    // 1,200 characters count as up to 3,600 bytes: close to a second at 4 kB/s on top of the 50 ms.
    const started = Date.now();
    const request = withAnswerDeadline(silentFetch([]), { idleMs: 50 });
    await expect(
      request('http://x/sync/push', { method: 'POST', body: 'x'.repeat(1200) }),
    ).rejects.toMatchObject({
      name: 'TimeoutError',
    });
    expect(Date.now() - started).toBeGreaterThanOrEqual(900);
  });

  it('still ends when the caller aborts, with the caller’s reason', async () => {
    const caller = new AbortController();
    const request = withAnswerDeadline(silentFetch([]), { idleMs: 10_000 });
    const pending = request('http://x/sync/pull', { method: 'POST', signal: caller.signal });
    caller.abort(new DOMException('left the screen', 'AbortError'));
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' });
  });

  it('gives up at once when the device goes offline while it waits, so the engine can start again when the signal returns', async () => {
    const connectivity = new EventTarget();
    const request = withAnswerDeadline(silentFetch([]), { idleMs: 60_000, connectivity });
    const started = Date.now();
    const pending = request('http://x/sync/push', { method: 'POST', body: '' });
    connectivity.dispatchEvent(new Event('offline'));
    await expect(pending).rejects.toMatchObject({ name: 'NetworkError' });
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it('fails the reading of an answer when the device goes offline halfway through its body', async () => {
    const connectivity = new EventTarget();
    const request = withAnswerDeadline(tricklingFetch({ chunks: 2, everyMs: 10, end: false }), {
      idleMs: 60_000,
      connectivity,
    });
    const response = await request('http://x/sync/pull', { method: 'POST' });
    const reading = response.json();
    connectivity.dispatchEvent(new Event('offline'));
    await expect(reading).rejects.toMatchObject({ name: 'NetworkError' });
  });
});
