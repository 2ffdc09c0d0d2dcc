import Dexie from 'dexie';
import { afterEach, describe, expect, it } from 'vitest';
import { clearLocalData, LocalDb, schemaHistory } from './db.ts';

let counter = 0;
const names: string[] = [];
function freshName() {
  const name = `test-db-${Date.now()}-${counter++}`;
  names.push(name);
  return name;
}

afterEach(async () => {
  for (const name of names.splice(0)) await Dexie.delete(name);
});

/** Opens the database as an older app version would have created it. */
function openAtVersion(name: string, version: number) {
  const db = new Dexie(name);
  for (const step of schemaHistory.filter((s) => s.version <= version))
    db.version(step.version).stores(step.stores);
  return db;
}

describe('local store schema', () => {
  it('upgrades a version 1 store without losing the queued outbox or the saved draft', async () => {
    const name = freshName();
    const old = openAtVersion(name, 1);
    await old.open();
    await old
      .table('outbox')
      .add({ mutation_id: 'm-1', name: 'setLikeSite', args: { site_idx: 3 }, created_at: 'now' });
    await old.table('drafts').put({
      key: 'O',
      site_type: 'O',
      site_idx: null,
      step: 1,
      payload: { f_name: '테스트' },
      base_version: null,
      updated_at: 'now',
    });
    old.close();

    const db = new LocalDb(name);
    await db.open();
    expect(db.verno).toBe(schemaHistory.at(-1)?.version);
    const outbox = await db.outbox.toArray();
    expect(outbox).toHaveLength(1);
    expect(outbox[0]).toMatchObject({ mutation_id: 'm-1', status: 'pending' });
    expect(await db.outbox.where('status').equals('pending').count()).toBe(1);
    expect((await db.drafts.get('O'))?.payload).toEqual({ f_name: '테스트' });
    db.close();
  });

  it('keeps the sites a version 3 store held when they move into packs', async () => {
    const name = freshName();
    const old = openAtVersion(name, 3);
    await old.open();
    const site = (f_idx: number) => ({
      f_idx,
      f_site_type: 'O',
      f_user_idx: 7,
      f_group_idx: null,
      f_name: `현장 ${f_idx}`,
      f_update_time: 'x',
    });
    await old.table('sites').bulkPut([site(3), site(70), site(64), site(1000)]);
    old.close();

    const db = new LocalDb(name);
    expect(await db.sites.keys()).toEqual([3, 64, 70, 1000]);
    expect((await db.sites.get(70))?.f_name).toBe('현장 70');
    expect(await db.sitePacks.count()).toBe(3);
    db.close();
  });

  it('opens a new device at the latest version with every offline table', async () => {
    const db = new LocalDb(freshName());
    await db.open();
    const tables = db.tables.map((t) => t.name).sort();
    expect(tables).toEqual([
      'conflicts',
      'dongs',
      'drafts',
      'editConflicts',
      'files',
      'inbox',
      'likes',
      'memos',
      'notifications',
      'outbox',
      'recentViews',
      'shadows',
      'sitePacks',
      'syncMeta',
    ]);
    db.close();
  });

  it('refuses two outbox entries with the same mutation id', async () => {
    const db = new LocalDb(freshName());
    const entry = { mutation_id: 'dup', name: 'x', args: {}, status: 'pending' as const, created_at: 'now' };
    await db.outbox.add({ ...entry });
    await expect(db.outbox.add({ ...entry })).rejects.toThrow();
    db.close();
  });

  it('clears everything on logout', async () => {
    const db = new LocalDb(freshName());
    await db.sites.put({
      f_idx: 1,
      f_site_type: 'O',
      f_user_idx: 1,
      f_group_idx: null,
      f_name: 'a',
      f_update_time: 'x',
    });
    await db.likes.put({ f_site_idx: 1, liked_at: 'x' });
    await clearLocalData(db);
    expect(await db.sites.count()).toBe(0);
    expect(await db.likes.count()).toBe(0);
    db.close();
  });
});
