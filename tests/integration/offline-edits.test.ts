import { afterEach, describe, expect, it } from 'vitest';
import { type Actor, publish } from '../../server/community/community.fixtures.ts';
import { noteBody, notifyWorld } from '../../server/notify/notify.fixtures.ts';
import { createTestApp, type TestApp } from '../../server/testing/fixtures.ts';
import { ApiError, NetworkError } from '../../src/api/client.ts';
import type { LocalDb } from '../../src/db/db.ts';
import { hasWaitingChange } from '../../src/sync/local-store.ts';
import { type SendDeps, sendOrQueue } from '../../src/sync/send-or-queue.ts';
import { createTestEngine, dropDb, networkTransport } from '../../src/sync/testing.ts';
import { updateCommunity } from '../../sync/community/community.mutators.ts';
import { removeNotify, updateNotify } from '../../sync/notify/notify.mutators.ts';

/**
 * Posts and notifications edited and deleted on a device without a network (protocol 8), through
 * the forms' one send-or-queue path, against the real app: the change shows on the device at once
 * and waits in the outbox; the next sync applies it once, or brings back a conflict when the
 * server's copy changed meanwhile, which the member settles from the device.
 */

let t: TestApp;
const dbs: LocalDb[] = [];
afterEach(async () => {
  for (const db of dbs.splice(0)) await dropDb(db);
  await t?.close();
});

async function device(who: Actor) {
  const deviceId = `device-${who.userIdx}`;
  const fetchImpl = (url: string, init: RequestInit) => t.app.request(url, init);
  const made = createTestEngine({ fetchImpl, token: who.token, deviceId });
  dbs.push(made.db);
  const { network, engine, db } = made;
  const transport = networkTransport({ fetchImpl, token: () => who.token, deviceId, network });
  const deps: SendDeps = {
    engine,
    upload: transport.upload,
    call: async (call, input) => {
      if (!network.online) throw new NetworkError();
      const res = await t.call(call.path, { token: who.token, body: input });
      if (res.code !== 0) throw new ApiError(res);
      return res.data as never;
    },
  };
  return { engine, db, network, deps };
}

const row = async <R>(sql: string, ...params: unknown[]) => (await t.handle.row(sql, ...params)) as R;

describe('a post edited without a network', () => {
  it('waits in the outbox, then meets the title changed on another device as a conflict the member settles', async () => {
    t = await createTestApp();
    const { writer } = await notifyWorld(t);
    const postIdx = await publish(t, writer, { title: '처음 제목' });
    const { engine, db, network, deps } = await device(writer);
    await engine.sync();

    network.online = false;
    const edit = {
      community_idx: postIdx,
      type: 'R',
      title: '오프라인 제목',
      content: '오늘 모델하우스 다녀왔습니다.',
      phone: '01020000001',
      agree: 'Y',
      base_version: 1,
      base: { title: '처음 제목' },
    } as const;
    const queued = await sendOrQueue({ mutator: updateCommunity, args: () => edit }, deps);
    expect(queued.status).toBe('queued');
    expect(
      (await row<{ f_title: string }>('SELECT f_title FROM community_posts WHERE f_idx = ?', postIdx))
        .f_title,
    ).toBe('처음 제목');

    // Meanwhile the member's other device renames the post online.
    const other = await t.call('/community/updateCommunity', {
      token: writer.token,
      body: { ...edit, title: '다른 기기 제목', base_version: null, base: null },
    });
    expect(other.code).toBe(0);

    network.online = true;
    await engine.sync();
    expect(await db.outbox.where('status').equals('pending').count()).toBe(0);
    const [conflict, ...more] = await db.editConflicts.toArray();
    expect(more).toEqual([]);
    expect(conflict).toMatchObject({
      kind: 'post',
      target_idx: postIdx,
      fields: ['title'],
      mine: { title: '오프라인 제목' },
      theirs: { title: '다른 기기 제목' },
    });
    expect(engine.status().conflicts).toBe(1);

    await engine.mutate('resolveEditConflict', {
      conflict_idx: conflict?.f_idx ?? 0,
      choose: { title: 'mine' },
    });
    expect(await db.editConflicts.count()).toBe(0);
    await engine.sync();
    expect(
      (await row<{ f_title: string }>('SELECT f_title FROM community_posts WHERE f_idx = ?', postIdx))
        .f_title,
    ).toBe('오프라인 제목');
    expect(await db.editConflicts.count()).toBe(0);
    expect(engine.status().conflicts).toBe(0);
  });
});

describe('a notification edited or deleted without a network', () => {
  async function written() {
    t = await createTestApp();
    const { writer, siteIdx } = await notifyWorld(t);
    const res = await t.call<{ f_idx: number }>('/notify/addNotify', {
      token: writer.token,
      body: { ...noteBody, site_idx: siteIdx },
    });
    if (res.code !== 0) throw new Error(`addNotify answered ${res.code}`);
    const made = await device(writer);
    await made.engine.sync();
    return { ...made, siteIdx, notifyIdx: res.data.f_idx };
  }

  it('shows the edit on the device at once, marked as waiting, and the sync applies it once', async () => {
    const { engine, db, network, deps, siteIdx, notifyIdx } = await written();
    expect((await db.notifications.get(notifyIdx))?.f_version).toBe(1);

    network.online = false;
    const edit = {
      ...noteBody,
      notify_idx: notifyIdx,
      site_idx: siteIdx,
      title: '오프라인에서 고친 제목',
      base_version: 1,
      base: { title: noteBody.title },
    };
    expect((await sendOrQueue({ mutator: updateNotify, args: () => edit }, deps)).status).toBe('queued');
    expect((await db.notifications.get(notifyIdx))?.f_title).toBe('오프라인에서 고친 제목');
    expect(await hasWaitingChange({ db, key: { table: 'notifications', key: notifyIdx } })).toBe(true);

    network.online = true;
    await engine.sync();
    const stored = await row<{ f_title: string; f_version: number }>(
      'SELECT f_title, f_version FROM notifications WHERE f_idx = ?',
      notifyIdx,
    );
    expect(stored).toEqual({ f_title: '오프라인에서 고친 제목', f_version: 2 });
    expect(await db.notifications.get(notifyIdx)).toMatchObject({
      f_title: '오프라인에서 고친 제목',
      f_version: 2,
    });
    expect(await hasWaitingChange({ db, key: { table: 'notifications', key: notifyIdx } })).toBe(false);
    expect(await db.editConflicts.count()).toBe(0);
  });

  it('takes a deleted one off the device at once and withdraws it on the server at the next sync', async () => {
    const { engine, db, network, deps, notifyIdx } = await written();
    network.online = false;
    const queued = await sendOrQueue(
      { mutator: removeNotify, args: () => ({ idx_list: [notifyIdx] }) },
      deps,
    );
    expect(queued.status).toBe('queued');
    expect(await db.notifications.get(notifyIdx)).toBeUndefined();
    expect(
      (
        await row<{ f_removed_time: string | null }>(
          'SELECT f_removed_time FROM notifications WHERE f_idx = ?',
          notifyIdx,
        )
      ).f_removed_time,
    ).toBeNull();

    network.online = true;
    await engine.sync();
    expect(
      (
        await row<{ f_removed_time: string | null }>(
          'SELECT f_removed_time FROM notifications WHERE f_idx = ?',
          notifyIdx,
        )
      ).f_removed_time,
    ).not.toBeNull();
    expect(await db.notifications.get(notifyIdx)).toBeUndefined();
  });
});
