import Dexie from 'dexie';
import { afterEach, describe, expect, it } from 'vitest';
import { LocalDb, type LocalSite } from './db.ts';
import { SITES_PER_PACK } from './site-packs.ts';

const names: string[] = [];
function freshDb() {
  const name = `site-packs-${Date.now()}-${names.length}`;
  names.push(name);
  return new LocalDb(name);
}

afterEach(async () => {
  for (const name of names.splice(0)) await Dexie.delete(name);
});

function site(f_idx: number, fields: Partial<LocalSite> = {}): LocalSite {
  return {
    f_idx,
    f_site_type: 'O',
    f_user_idx: 1,
    f_group_idx: null,
    f_name: `현장 ${f_idx}`,
    f_update_time: 't0',
    ...fields,
  };
}

describe('the packed site store', () => {
  it('reads each site back as it was put, in id order, across packs', async () => {
    const db = freshDb();
    const ids = [5, SITES_PER_PACK * 3 + 1, 1, SITES_PER_PACK, SITES_PER_PACK - 1];
    await db.sites.bulkPut(ids.map((id) => site(id)));
    expect(await db.sites.keys()).toEqual([...ids].sort((a, b) => a - b));
    expect(await db.sites.count()).toBe(ids.length);
    expect(await db.sites.get(SITES_PER_PACK)).toEqual(site(SITES_PER_PACK));
    expect(await db.sites.get(2)).toBeUndefined();
    db.close();
  });

  it('replaces a site put again and leaves its pack neighbours alone', async () => {
    const db = freshDb();
    await db.sites.bulkPut([site(1), site(2), site(3)]);
    await db.sites.put(site(2, { f_name: '새 이름' }));
    expect((await db.sites.toArray()).map((s) => s.f_name)).toEqual(['현장 1', '새 이름', '현장 3']);
    db.close();
  });

  it('updates some fields of a stored site and answers 0 for a missing one', async () => {
    const db = freshDb();
    await db.sites.put(site(9, { f_hidden: 'N' }));
    expect(await db.sites.update(9, { f_hidden: 'Y' })).toBe(1);
    expect(await db.sites.get(9)).toMatchObject({ f_idx: 9, f_hidden: 'Y', f_name: '현장 9' });
    expect(await db.sites.update(10, { f_hidden: 'Y' })).toBe(0);
    expect(await db.sites.get(10)).toBeUndefined();
    db.close();
  });

  it('deletes sites and drops a pack once it is empty', async () => {
    const db = freshDb();
    await db.sites.bulkPut([site(1), site(2), site(SITES_PER_PACK + 1)]);
    await db.sites.bulkDelete([1, SITES_PER_PACK + 1]);
    expect(await db.sites.keys()).toEqual([2]);
    expect(await db.sitePacks.count()).toBe(1);
    await db.sites.delete(2);
    expect(await db.sitePacks.count()).toBe(0);
    db.close();
  });

  it('loses no site when many writes to one pack run at the same time', async () => {
    const db = freshDb();
    await Promise.all(Array.from({ length: 40 }, (_, i) => db.sites.put(site(i + 1))));
    await Promise.all(
      Array.from({ length: 40 }, (_, i) => db.sites.update(i + 1, { f_name: `바뀜 ${i + 1}` })),
    );
    const stored = await db.sites.toArray();
    expect(stored).toHaveLength(40);
    expect(stored.every((s) => s.f_name === `바뀜 ${s.f_idx}`)).toBe(true);
    db.close();
  });

  it('joins the transaction it is called in, so a failed transaction writes no site', async () => {
    const db = freshDb();
    await db.sites.put(site(1));
    await expect(
      db.transaction('rw', db.sitePacks, db.likes, async () => {
        await db.sites.put(site(2));
        await db.sites.update(1, { f_name: '취소될 변경' });
        throw new Error('stop');
      }),
    ).rejects.toThrow('stop');
    expect(await db.sites.toArray()).toEqual([site(1)]);
    db.close();
  });
});
