import { describe, expect, it } from 'vitest';
import type { NotifyItem, NotifyWrite, NotifyWritingCount } from '../../sync/api/notify.api.ts';
import type { Page } from '../../sync/api/page.ts';
import { fixedClock } from '../clock.ts';
import { member, pointsOf, publish } from '../community/community.fixtures.ts';
import { createTestApp } from '../testing/fixtures.ts';
import { fold, insertSite, keysOf, mutation, pullAll, pushAs, pushOne } from '../testing/sync-fixtures.ts';
import { deliveriesOf, likeArea, noteBody, notifyWorld } from './notify.fixtures.ts';

const clock = () => fixedClock('2026-03-10T01:00:00Z');

async function write(
  t: Awaited<ReturnType<typeof createTestApp>>,
  token: string,
  body: Record<string, unknown>,
) {
  return t.call<NotifyWrite>('/notify/addNotify', { token, body: { ...noteBody, ...body } });
}

describe('writing a notification', () => {
  it('reaches approved members interested in the site’s district or in none, not the others', async () => {
    const t = await createTestApp({ clock: clock() });
    const { writer, siteIdx } = await notifyWorld(t);
    const gangnam = await member(t);
    await likeArea(t, gangnam.userIdx, '강남구');
    const anywhere = await member(t);
    const busan = await member(t);
    await likeArea(t, busan.userIdx, '해운대구');
    const blocker = await member(t);
    await t.deps.db
      .insertInto('community_blocks')
      .values({
        f_user_idx: blocker.userIdx,
        f_blocked_user_idx: writer.userIdx,
        f_anony: 'N',
        f_reg_time: '2026-03-01T00:00:00Z',
      })
      .execute();
    const pending = await member(t, { f_approval: 'P' });

    const res = await write(t, writer.token, { site_idx: siteIdx });
    expect(res.code).toBe(0);
    const got = await deliveriesOf(t, res.data.f_idx);
    const told = got.map((d) => d.f_user_idx);
    expect(told).toEqual(expect.arrayContaining([gangnam.userIdx, anywhere.userIdx]));
    for (const left of [busan, blocker, pending, writer]) expect(told).not.toContain(left.userIdx);
    expect(got.every((d) => d.f_read === 'N')).toBe(true);
    expect(res.data.recipients).toBe(told.length);
    // The send's one toast says how many it reached (the form shows no second one).
    expect(res.msg).toBe(`${told.length}명에게 알림을 보냈습니다.`);
  });

  it('still reaches a member who hid the writer’s anonymous post (the block says nothing of names)', async () => {
    const t = await createTestApp({ clock: clock() });
    const { writer, siteIdx } = await notifyWorld(t);
    const anonymous = await publish(t, writer, { anony: 'Y' });
    const hider = await member(t);
    const hid = await t.call('/community/reportOrPrevent', {
      token: hider.token,
      body: { community_idx: anonymous, type: 'P' },
    });
    expect(hid.code).toBe(0);
    const res = await write(t, writer.token, { site_idx: siteIdx });
    expect((await deliveriesOf(t, res.data.f_idx)).map((d) => d.f_user_idx)).toContain(hider.userIdx);
  });

  it('checks the title, then the site, then the content, and refuses someone else’s site', async () => {
    const t = await createTestApp({ clock: clock() });
    const { writer, siteIdx } = await notifyWorld(t);
    const lang = { 'accept-language': 'en' };
    const call = (body: Record<string, unknown>, token = writer.token) =>
      t.call('/notify/addNotify', { token, headers: lang, body: { ...noteBody, ...body } });
    expect((await call({ title: ' ', site_idx: 0, content: '' })).msg).toBe('Please enter a title.');
    expect((await call({ site_idx: 0, content: '' })).msg).toBe('Please choose the site.');
    expect((await call({ site_idx: siteIdx, content: ' ' })).msg).toBe('Please enter the content.');
    const other = await member(t);
    const refused = await call({ site_idx: siteIdx }, other.token);
    expect(refused.code).not.toBe(0);
    expect(await t.deps.db.selectFrom('notifications').selectAll().execute()).toEqual([]);
  });

  it('allows two a site a Seoul day (app settings), removed ones included, and says what is left', async () => {
    const t = await createTestApp({ clock: clock() });
    const { writer, siteIdx } = await notifyWorld(t);
    const left = async () =>
      (
        await t.call<NotifyWritingCount>('/notify/todayWritingCount', {
          token: writer.token,
          body: { site_idx: siteIdx },
        })
      ).data;
    expect(await left()).toEqual({ left: 2, limit: 2, made_point: 1000, push_point: 2000 });
    const first = await write(t, writer.token, { site_idx: siteIdx });
    await t.call('/notify/removeNotify', { token: writer.token, body: { idx_list: [first.data.f_idx] } });
    expect((await write(t, writer.token, { site_idx: siteIdx })).data.left).toBe(0);
    const third = await write(t, writer.token, { site_idx: siteIdx, title: 'third' });
    expect(third.code).toBe(-1);
    expect(third.msg).toContain('2');
    const other = await insertSite(t, { userIdx: writer.userIdx, f_address1: '서울특별시 강남구 삼성동 1' });
    expect((await write(t, writer.token, { site_idx: other })).code).toBe(0);
  });

  it('pays made+ and push from the member’s counts first, then from points at the settings’ cost, once for a resent push', async () => {
    const t = await createTestApp({ clock: clock() });
    const { writer, siteIdx } = await notifyWorld(t);
    await t.deps.db
      .updateTable('users')
      .set({ f_made_count: 1, f_push_count: 0 })
      .where('f_idx', '=', writer.userIdx)
      .execute();
    const before = await pointsOf(t, writer.userIdx);
    const res = await write(t, writer.token, { site_idx: siteIdx, made: 'Y', push: 'Y' });
    expect(res.data).toMatchObject({ spent: 2000, made_count: 0, push_count: 0 });
    expect(await pointsOf(t, writer.userIdx)).toBe(before - 2000);

    // Offline: the same queued write pushed twice (a lost answer) pays and sends once.
    const offline = mutation({
      seq: 1,
      name: 'addNotify',
      args: { ...noteBody, site_idx: siteIdx, made: 'Y' },
    });
    await pushAs(t, { token: writer.token, clientId: 'client-notify-1', mutations: [offline] });
    await pushAs(t, { token: writer.token, clientId: 'client-notify-1', mutations: [offline] });
    expect(await pointsOf(t, writer.userIdx)).toBe(before - 3000);
    const logs = await t.deps.db
      .selectFrom('point_logs')
      .select('f_reason')
      .where('f_user_idx', '=', writer.userIdx)
      .execute();
    expect(logs.map((l) => l.f_reason).sort()).toEqual(['notify_made', 'notify_push']);
    expect(await t.deps.db.selectFrom('notifications').select('f_idx').execute()).toHaveLength(2);
  });

  it('refuses a member without points for push, writing nothing', async () => {
    const t = await createTestApp({ clock: clock() });
    const { writer, siteIdx } = await notifyWorld(t);
    await t.deps.db.updateTable('users').set({ f_point: 100 }).where('f_idx', '=', writer.userIdx).execute();
    const res = await write(t, writer.token, { site_idx: siteIdx, push: 'Y' });
    expect(res.code).toBe(-1);
    expect(await t.deps.db.selectFrom('notify_inbox').selectAll().execute()).toEqual([]);
    expect(await pointsOf(t, writer.userIdx)).toBe(100);
  });
});

describe('received notifications', () => {
  it('reach the recipient’s device unread and the writer’s device as sent; opening one reads it there too', async () => {
    const t = await createTestApp({ clock: clock() });
    const { writer, siteIdx } = await notifyWorld(t);
    const reader = await member(t);
    const { data } = await write(t, writer.token, {
      site_idx: siteIdx,
      contacts: [
        { f_name: '김', f_phone: '010-1234-5678' },
        { f_name: '', f_phone: '010' },
      ],
    });

    const got = fold((await pullAll(t, { token: reader.token, clientId: 'client-reader-1' })).changes);
    const [inboxKey] = keysOf(got, 'inbox');
    const delivery = got.get(`inbox:${inboxKey}`);
    expect(delivery).toMatchObject({
      row: {
        f_notify_idx: data.f_idx,
        f_read: 'N',
        f_writer_name: '작성자',
        contacts_list: [{ f_name: '김', f_phone: '01012345678' }],
      },
    });
    const sent = fold((await pullAll(t, { token: writer.token, clientId: 'client-writer-1' })).changes);
    expect(keysOf(sent, 'notification')).toEqual([data.f_idx]);
    expect(keysOf(sent, 'inbox')).toEqual([]);

    expect(
      await pushOne(t, {
        token: reader.token,
        clientId: 'client-reader-1',
        name: 'setRead',
        args: { notify_idx: data.f_idx },
      }),
    ).toBe(0);
    const after = fold((await pullAll(t, { token: reader.token, clientId: 'client-reader-1' })).changes);
    expect(after.get(`inbox:${inboxKey}`)).toMatchObject({ row: { f_read: 'Y' } });
  });

  it('list by tab: received for the send tab and today, one’s own in modify, one site’s in the site list', async () => {
    const t = await createTestApp({ clock: clock() });
    const { writer, siteIdx } = await notifyWorld(t);
    const reader = await member(t);
    const { data } = await write(t, writer.token, { site_idx: siteIdx });
    const list = async (path: string, token: string, body: Record<string, unknown> = {}) =>
      (await t.call<Page<NotifyItem>>(path, { token, body: { page_num: 1, ...body } })).data;
    expect((await list('/notify/findNotifyList', reader.token)).list).toMatchObject([
      { f_idx: data.f_idx, f_read: 'N', mine: false },
    ]);
    expect((await list('/notify/getTodayNotifyList', reader.token)).total).toBe(1);
    expect(
      (await list('/notify/findNotifyList', reader.token, { column: 'title', keyword: '없는말' })).total,
    ).toBe(0);
    expect((await list('/notify/getMyNotifyList', writer.token)).list).toMatchObject([
      { f_idx: data.f_idx, mine: true },
    ]);
    expect((await list('/notify/getSiteNotifyList', reader.token, { site_idx: siteIdx })).total).toBe(1);
    expect((await list('/notify/getAutoNotifyList', writer.token)).total).toBe(0);
    const detail = await t.call<NotifyItem>('/notify/getNotifyDetail', {
      token: reader.token,
      body: { notify_idx: data.f_idx },
    });
    expect(detail.data.f_read).toBe('Y');
    expect((await list('/notify/findNotifyList', reader.token)).list[0]?.f_read).toBe('Y');
    const stranger = await member(t);
    await likeArea(t, stranger.userIdx, '해운대구');
    expect(
      (await t.call('/notify/getNotifyDetail', { token: stranger.token, body: { notify_idx: data.f_idx } }))
        .code,
    ).not.toBe(0);
  });

  it('withdrawn by the writer leave every recipient’s device; a received one deleted leaves only the caller’s', async () => {
    const t = await createTestApp({ clock: clock() });
    const { writer, siteIdx } = await notifyWorld(t);
    const a = await member(t);
    const b = await member(t);
    const first = (await write(t, writer.token, { site_idx: siteIdx })).data.f_idx;
    const second = (await write(t, writer.token, { site_idx: siteIdx, title: 'second' })).data.f_idx;
    const cursor = (await pullAll(t, { token: a.token, clientId: 'client-a-0001' })).cursor;
    expect(
      (await t.call('/notify/removeNotify', { token: a.token, body: { idx_list: [second] } })).code,
    ).toBe(0);
    expect(
      (await t.call('/notify/removeNotify', { token: writer.token, body: { idx_list: [first] } })).code,
    ).toBe(0);
    const later = await pullAll(t, { token: a.token, clientId: 'client-a-0001', cursor });
    expect(later.changes.filter((c) => c.t === 'inbox').every((c) => c.op === 'del')).toBe(true);
    expect((await deliveriesOf(t, second)).map((d) => d.f_user_idx)).toEqual([b.userIdx]);
    expect(await deliveriesOf(t, first)).toEqual([]);
    // Someone else's notification cannot be deleted by one who never got it.
    const outsider = await member(t);
    await likeArea(t, outsider.userIdx, '해운대구');
    expect(
      (await t.call('/notify/removeNotify', { token: outsider.token, body: { idx_list: [second] } })).code,
    ).not.toBe(0);
  });

  it('keeps made+ and push as they were when a manual notification that went out with push is edited', async () => {
    const t = await createTestApp({ clock: clock() });
    const { writer, siteIdx } = await notifyWorld(t);
    const { data } = await write(t, writer.token, { site_idx: siteIdx, push: 'Y' });
    const points = await pointsOf(t, writer.userIdx);
    const res = await t.call<NotifyItem>('/notify/updateNotify', {
      token: writer.token,
      body: { ...noteBody, notify_idx: data.f_idx, site_idx: siteIdx, title: 'edited', push: 'N', made: 'Y' },
    });
    expect(res.data).toMatchObject({ f_title: 'edited', f_push: 'Y', f_made: 'N' });
    expect(await pointsOf(t, writer.userIdx)).toBe(points);
    const other = await member(t);
    const refused = await t.call('/notify/updateNotify', {
      token: other.token,
      body: { ...noteBody, notify_idx: data.f_idx, site_idx: siteIdx },
    });
    expect(refused.code).not.toBe(0);
  });
});
