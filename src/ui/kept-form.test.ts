import Dexie from 'dexie';
import { afterEach, describe, expect, it } from 'vitest';
import { clearLocalData, LocalDb } from '../db/db.ts';
import { createKeptForms } from './kept-form.ts';

let counter = 0;
const names: string[] = [];
const opened: LocalDb[] = [];
function open(name: string) {
  const db = new LocalDb(name);
  opened.push(db);
  return db;
}
function freshDb() {
  const name = `kept-test-${Date.now()}-${counter++}`;
  names.push(name);
  return open(name);
}

afterEach(async () => {
  for (const db of opened.splice(0)) db.close();
  for (const name of names.splice(0)) await Dexie.delete(name);
});

/** The app opened again on the same device: a new store object and nothing in memory. */
function reopen(db: LocalDb, uid = 7) {
  return createKeptForms({ db: open(db.name), uid: () => uid });
}

describe('forms keep what was typed', () => {
  it('finds what was typed after the app is opened again', async () => {
    const db = freshDb();
    const kept = createKeptForms({ db, uid: () => 7 });
    await kept.write('memo:12', { text: '주차 가능' });
    expect(await reopen(db).read('memo:12')).toEqual({ text: '주차 가능' });
  });

  it('keeps the last of a burst of keystrokes, not an earlier one that was slower to write', async () => {
    const db = freshDb();
    const kept = createKeptForms({ db, uid: () => 7 });
    for (const text of ['a', 'ab', 'abc']) void kept.write('memo:1', { text });
    expect(await kept.read('memo:1')).toEqual({ text: 'abc' });
    expect(await reopen(db).read('memo:1')).toEqual({ text: 'abc' });
  });

  it('leaves nothing once the form is saved or discarded, even right after typing', async () => {
    const db = freshDb();
    const kept = createKeptForms({ db, uid: () => 7 });
    void kept.write('report', { type: 'SC' });
    await kept.discard('report');
    expect(await reopen(db).read('report')).toBeUndefined();
    expect(await kept.read('report')).toBeUndefined();
  });

  it('shows one member nothing another member typed on the same device', async () => {
    const db = freshDb();
    await createKeptForms({ db, uid: () => 7 }).write('memo:3', { text: 'mine' });
    expect(await reopen(db, 8).read('memo:3')).toBeUndefined();
    expect(await reopen(db, 7).read('memo:3')).toEqual({ text: 'mine' });
  });

  it('is cleared by logout with the rest of the member’s data', async () => {
    const db = freshDb();
    const kept = createKeptForms({ db, uid: () => 7 });
    await kept.write('signup', { name: '김중개' });
    await clearLocalData(db);
    expect(await kept.read('signup')).toBeUndefined();
  });

  it('drops every form kept under a prefix and no other', async () => {
    const db = freshDb();
    const kept = createKeptForms({ db, uid: () => 7 });
    await kept.write('unit:draft-1:0:301', { f_memo: '남향' });
    await kept.write('unit:draft-1:1:new-4', { f_memo: '동향' });
    await kept.write('unit:draft-10:0:301', { f_memo: '서향' });
    await kept.discardUnder('unit:draft-1:');
    const again = reopen(db);
    expect(await again.read('unit:draft-1:0:301')).toBeUndefined();
    expect(await again.read('unit:draft-1:1:new-4')).toBeUndefined();
    expect(await again.read('unit:draft-10:0:301')).toEqual({ f_memo: '서향' });
  });
});
