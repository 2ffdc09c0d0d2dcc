import { afterEach, describe, expect, it, vi } from 'vitest';
import { getLandPriceCall } from '../../../sync/api/public-data.api.ts';
import { LookupsDb } from '../../db/lookups-db.ts';
import { lookUp, NotKeptError } from './kept-lookups.ts';

const answer = {
  list: [{ stdrYear: '2024', pblntfPclnd: 1_250_000, pblntfDe: '2024-05-31' }],
  source: 'sample' as const,
  fetched_at: '2026-03-02T01:00:00.000Z',
};
let n = 0;
const freshDb = () => new LookupsDb(`lookups-test-${Date.now()}-${n++}`);

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('public-data look-ups kept on the device', () => {
  it('show the answer fetched online, then the same answer with its fetch date offline', async () => {
    const db = freshDb();
    vi.stubGlobal('fetch', async () => new Response(JSON.stringify({ code: 0, msg: '', data: answer })));
    const online = await lookUp({ call: getLandPriceCall, input: { pnu: '1168010100107370012' }, db });
    expect(online).toEqual({ answer, fromDevice: false });

    vi.stubGlobal('fetch', async () => {
      throw new TypeError('Failed to fetch');
    });
    const offline = await lookUp({ call: getLandPriceCall, input: { pnu: '1168010100107370012' }, db });
    expect(offline).toEqual({ answer, fromDevice: true });
    expect(offline.answer.fetched_at).toBe('2026-03-02T01:00:00.000Z');
  });

  it('say a look-up never fetched on this device needs the network', async () => {
    const db = freshDb();
    vi.stubGlobal('fetch', async () => {
      throw new TypeError('Failed to fetch');
    });
    await expect(
      lookUp({ call: getLandPriceCall, input: { pnu: '1168010100107370013' }, db }),
    ).rejects.toBeInstanceOf(NotKeptError);
  });
});
