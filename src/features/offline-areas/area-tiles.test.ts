import { afterEach, describe, expect, it, vi } from 'vitest';
import { keepTiles, TILE_TIMEOUT_MS } from './area-tiles.ts';

const urls = Array.from({ length: 100 }, (_, i) => `https://tile.example/14/${i}/1.png`);

/** A fetch that never answers, as on a weak signal, until its request is aborted. */
function hangingFetch() {
  return vi.fn(
    (_url: string, init?: RequestInit) =>
      new Promise<Response>((_resolve, reject) => {
        init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
      }),
  );
}

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('keeping an area’s map tiles', () => {
  it('skips a tile server that never answers after the first few tiles instead of waiting on every tile', async () => {
    vi.useFakeTimers();
    const fetch = hangingFetch();
    vi.stubGlobal('fetch', fetch);
    const kept = keepTiles(urls);
    await vi.advanceTimersByTimeAsync(TILE_TIMEOUT_MS * 3);
    await expect(kept).resolves.toEqual({ count: 0, bytes: 0 });
    expect(fetch.mock.calls.length).toBeLessThan(urls.length / 5);
  });

  it('keeps every tile a slow but answering server sends, and skips only the one that hangs', async () => {
    vi.useFakeTimers();
    const hang = hangingFetch();
    const fetch = vi.fn((url: string, init?: RequestInit) =>
      url.includes('/14/3/') ? hang(url, init) : Promise.resolve(new Response(new Uint8Array(10))),
    );
    vi.stubGlobal('fetch', fetch);
    const kept = keepTiles(urls.slice(0, 20));
    await vi.advanceTimersByTimeAsync(TILE_TIMEOUT_MS + 1);
    await expect(kept).resolves.toEqual({ count: 19, bytes: 190 });
  });
});
