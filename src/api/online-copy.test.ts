import Dexie from 'dexie';
import { afterEach, describe, expect, it } from 'vitest';
import { LocalDb } from '../db/db.ts';
import { memberCopy } from '../db/member-copies.ts';
import { ApiError, NetworkError } from './client.ts';
import { type Copy, type CopyPlace, readOnline } from './online-copy.ts';

/** A copy place over a plain map, to watch what the reading keeps. */
function mapPlace<T>(): { place: CopyPlace<T>; kept: Map<'copy', Copy<T>> } {
  const kept = new Map<'copy', Copy<T>>();
  return {
    kept,
    place: {
      read: async () => kept.get('copy'),
      write: async (copy) => {
        kept.set('copy', copy);
      },
    },
  };
}

const offline = async (): Promise<never> => {
  throw new NetworkError();
};

describe('an online reading with a copy on the device', () => {
  it('answers the server, keeps it as the copy with its fetch date, and shows that copy offline', async () => {
    const { place, kept } = mapPlace<{ n: number }>();
    const online = await readOnline({ load: async () => ({ n: 1 }), copy: place });
    expect(online).toEqual({ data: { n: 1 }, fromDevice: false, savedAt: expect.any(String) });
    expect(kept.get('copy')).toEqual({ value: { n: 1 }, savedAt: online?.savedAt });

    const later = await readOnline({ load: offline, copy: place });
    expect(later).toEqual({ data: { n: 1 }, fromDevice: true, savedAt: online?.savedAt });
  });

  it('dates the copy with the answer’s own fetch date when it carries one', async () => {
    const { place } = mapPlace<{ fetched_at: string }>();
    const answer = { fetched_at: '2026-03-02T01:00:00.000Z' };
    await readOnline({ load: async () => answer, copy: place, savedAt: (a) => a.fetched_at });
    expect(await readOnline({ load: offline, copy: place, savedAt: (a) => a.fetched_at })).toEqual({
      data: answer,
      fromDevice: true,
      savedAt: '2026-03-02T01:00:00.000Z',
    });
  });

  it('answers nothing offline when there is no copy, and leaves a server refusal as it came', async () => {
    const { place, kept } = mapPlace<number>();
    expect(await readOnline({ load: offline, copy: place })).toBeNull();
    kept.set('copy', { value: 7, savedAt: null });
    const refusal = new ApiError({ code: -12, msg: '권한이 없습니다.', data: null });
    await expect(
      readOnline({
        load: async () => {
          throw refusal;
        },
        copy: place,
      }),
    ).rejects.toBe(refusal);
    expect(kept.get('copy')).toEqual({ value: 7, savedAt: null });
  });

  it('reads a copy kept by someone else (the sync) without writing one', async () => {
    const reading = await readOnline({
      load: offline,
      copy: { read: async () => ({ value: 'pulled', savedAt: null }) },
    });
    expect(reading).toEqual({ data: 'pulled', fromDevice: true, savedAt: null });
    expect(
      await readOnline({ load: async () => 'server', copy: { read: async () => undefined } }),
    ).toMatchObject({
      data: 'server',
      fromDevice: false,
    });
  });
});

describe('a copy in the member’s store', () => {
  const opened: LocalDb[] = [];
  afterEach(async () => {
    for (const db of opened.splice(0)) {
      db.close();
      await Dexie.delete(db.name);
    }
  });
  const freshDb = () => {
    const db = new LocalDb(`copies-test-${Date.now()}-${opened.length}`);
    opened.push(db);
    return db;
  };

  it('keeps the answer with its date, and reads a copy kept before copies had dates as undated', async () => {
    const db = freshDb();
    const place = memberCopy<{ title: string }>('home:data', { db });
    await place.write?.({ value: { title: '분양톡' }, savedAt: '2026-03-02T01:00:00.000Z' });
    expect(await place.read()).toEqual({ value: { title: '분양톡' }, savedAt: '2026-03-02T01:00:00.000Z' });

    await db.syncMeta.put({ key: 'home:data', value: { title: '예전 홈' } });
    expect(await place.read()).toEqual({ value: { title: '예전 홈' }, savedAt: null });
  });

  it('keeps nothing under a key read with write off', async () => {
    const db = freshDb();
    const place = memberCopy<number>('community:list::4', { db, write: false });
    expect(place.write).toBeUndefined();
    await readOnline({ load: async () => 4, copy: place });
    expect(await db.syncMeta.get('community:list::4')).toBeUndefined();
  });
});
