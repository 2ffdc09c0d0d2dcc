import { describe, expect, it } from 'vitest';
import type { NotifyWrite } from '../../sync/api/notify.api.ts';
import { ResultCode } from '../../sync/codes.ts';
import type { MutatorInput } from '../../sync/mutators.ts';
import type { EditConflictRow } from '../../sync/protocol.ts';
import { fixedClock } from '../clock.ts';
import { admin, member, pointsOf, postBody, publish } from '../community/community.fixtures.ts';
import { noteBody, notifyWorld } from '../notify/notify.fixtures.ts';
import { createTestApp, type TestApp } from '../testing/fixtures.ts';
import { fold, mutation, pullAll, pushAs, pushOne } from '../testing/sync-fixtures.ts';

/**
 * Posts, comments and notifications edited and deleted offline (protocol 8): each pushed edit or
 * delete applies once, a repeat is answered as a duplicate, an edit made on a copy the server
 * changed meanwhile keeps both sides as a conflict for the member, and the access rules are the
 * online ones.
 */

const clock = () => fixedClock('2026-03-10T01:00:00Z');

const postEdit = (
  postIdx: number,
  over: Partial<MutatorInput<'updateCommunity'>> = {},
): MutatorInput<'updateCommunity'> => ({
  community_idx: postIdx,
  type: postBody.type,
  title: postBody.title,
  content: postBody.content,
  phone: postBody.phone,
  agree: 'Y',
  base_version: 1,
  base: { title: postBody.title, content: postBody.content },
  ...over,
});

async function postRow(t: TestApp, postIdx: number) {
  return (await t.handle.row(
    'SELECT f_title, f_content, f_version, f_removed_time FROM community_posts WHERE f_idx = ?',
    postIdx,
  )) as { f_title: string; f_content: string; f_version: number; f_removed_time: string | null };
}

async function openConflicts(t: TestApp, token: string, clientId: string): Promise<EditConflictRow[]> {
  const state = fold((await pullAll(t, { token, clientId })).changes);
  return [...state.values()].flatMap((c) => (c.t === 'editconflict' && c.op === 'put' ? [c.row] : []));
}

describe('a post edited offline', () => {
  it('applies once, and the same edit pushed again is a duplicate that changes nothing', async () => {
    const t = await createTestApp({ clock: clock() });
    const author = await member(t);
    const postIdx = await publish(t, author);
    const edit = mutation({
      seq: 1,
      name: 'updateCommunity',
      args: postEdit(postIdx, { title: '수정한 제목' }),
    });
    const first = await pushAs(t, { token: author.token, clientId: 'device-a-0001', mutations: [edit] });
    expect(first.data.results[0]).toMatchObject({ status: 'applied', duplicate: false });
    expect(await postRow(t, postIdx)).toMatchObject({ f_title: '수정한 제목', f_version: 2 });

    const again = await pushAs(t, { token: author.token, clientId: 'device-a-0001', mutations: [edit] });
    expect(again.data.results[0]).toMatchObject({ status: 'applied', duplicate: true });
    expect((await postRow(t, postIdx)).f_version).toBe(2);
  });

  it('keeps a field changed elsewhere meanwhile as a conflict, applies the others, and settles as the member chooses', async () => {
    const t = await createTestApp({ clock: clock() });
    const author = await member(t);
    const postIdx = await publish(t, author);
    // Another device of the author changes the title online.
    const online = await t.call('/community/updateCommunity', {
      token: author.token,
      body: postEdit(postIdx, { title: '다른 기기에서 바꾼 제목' }),
    });
    expect(online.code).toBe(0);

    // The offline edit was made on version 1: its title meets a changed one, its content does not.
    const code = await pushOne(t, {
      token: author.token,
      clientId: 'device-b-0001',
      name: 'updateCommunity',
      args: postEdit(postIdx, { title: '오프라인 제목', content: '오프라인에서 고친 내용' }),
    });
    expect(code).toBe(0);
    expect(await postRow(t, postIdx)).toMatchObject({
      f_title: '다른 기기에서 바꾼 제목',
      f_content: '오프라인에서 고친 내용',
    });

    const [conflict, ...more] = await openConflicts(t, author.token, 'device-b-0001');
    expect(more).toEqual([]);
    expect(conflict).toMatchObject({
      kind: 'post',
      target_idx: postIdx,
      fields: ['title'],
      mine: { title: '오프라인 제목' },
      theirs: { title: '다른 기기에서 바꾼 제목' },
    });

    const settled = await pushOne(t, {
      token: author.token,
      clientId: 'device-b-0001',
      name: 'resolveEditConflict',
      args: { conflict_idx: conflict?.f_idx ?? 0, choose: { title: 'mine' } },
    });
    expect(settled).toBe(0);
    expect((await postRow(t, postIdx)).f_title).toBe('오프라인 제목');
    expect(await openConflicts(t, author.token, 'device-b-0001')).toEqual([]);
  });

  it('answers the conflict through the push result, so the device knows the edit did not go in whole', async () => {
    const t = await createTestApp({ clock: clock() });
    const author = await member(t);
    const postIdx = await publish(t, author);
    await t.call('/community/updateCommunity', {
      token: author.token,
      body: postEdit(postIdx, { content: '먼저 바뀐 내용' }),
    });
    const res = await pushAs(t, {
      token: author.token,
      clientId: 'device-c-0001',
      mutations: [
        mutation({ seq: 1, name: 'updateCommunity', args: postEdit(postIdx, { content: '나중 내용' }) }),
      ],
    });
    expect(res.data.results[0]?.status).toBe('conflict');
    expect((await postRow(t, postIdx)).f_content).toBe('먼저 바뀐 내용');
  });

  it('is refused to another member through the push, and a refused edit or delete writes nothing', async () => {
    const t = await createTestApp({ clock: clock() });
    const author = await member(t);
    const other = await member(t);
    const postIdx = await publish(t, author);
    const before = await postRow(t, postIdx);
    const push = (name: 'updateCommunity' | 'removeCommunity', args: MutatorInput<typeof name>) =>
      pushOne(t, { token: other.token, clientId: 'device-o-0001', name, args } as Parameters<
        typeof pushOne
      >[1]);
    expect(await push('updateCommunity', postEdit(postIdx, { title: '남의 글' }))).toBe(ResultCode.apiError);
    expect(await push('removeCommunity', { idx_list: [postIdx] })).toBe(ResultCode.apiError);
    expect(await postRow(t, postIdx)).toEqual(before);
  });

  it('is deleted once by its author or a moderator through the push', async () => {
    const t = await createTestApp({ clock: clock() });
    const author = await member(t);
    const moderator = await admin(t, '4');
    const own = await publish(t, author);
    const another = await publish(t, author);
    const removal = mutation({ seq: 1, name: 'removeCommunity', args: { idx_list: [own] } });
    const first = await pushAs(t, { token: author.token, clientId: 'device-a-0002', mutations: [removal] });
    expect(first.data.results[0]?.status).toBe('applied');
    const again = await pushAs(t, { token: author.token, clientId: 'device-a-0002', mutations: [removal] });
    expect(again.data.results[0]).toMatchObject({ status: 'applied', duplicate: true });
    expect((await postRow(t, own)).f_removed_time).not.toBeNull();
    expect(
      await pushOne(t, {
        token: moderator.token,
        clientId: 'device-m-0001',
        name: 'removeCommunity',
        args: { idx_list: [another] },
      }),
    ).toBe(0);
    expect((await postRow(t, another)).f_removed_time).not.toBeNull();
  });
});

describe('a comment edited or deleted offline', () => {
  async function commented(t: TestApp) {
    const author = await member(t);
    const postIdx = await publish(t, author);
    const added = await t.call<{ f_idx: number }>('/community/addComment', {
      token: author.token,
      body: { community_idx: postIdx, comment: '처음 댓글' },
    });
    return { author, postIdx, commentIdx: added.data.f_idx };
  }
  const commentText = async (t: TestApp, commentIdx: number) =>
    (
      (await t.handle.row('SELECT f_comment FROM community_comments WHERE f_idx = ?', commentIdx)) as
        | { f_comment: string }
        | undefined
    )?.f_comment;

  it('keeps a text changed elsewhere meanwhile as a conflict instead of overwriting it', async () => {
    const t = await createTestApp({ clock: clock() });
    const { author, postIdx, commentIdx } = await commented(t);
    const edit = (comment: string) => ({
      community_idx: postIdx,
      comment_idx: commentIdx,
      comment,
      base_version: 1,
      base: { comment: '처음 댓글', anony: 'N' as const },
    });
    expect(
      (await t.call('/community/updateComment', { token: author.token, body: edit('온라인 수정') })).code,
    ).toBe(0);
    expect(
      await pushOne(t, {
        token: author.token,
        clientId: 'device-k-0001',
        name: 'updateComment',
        args: edit('오프라인 수정'),
      }),
    ).toBe(0);
    expect(await commentText(t, commentIdx)).toBe('온라인 수정');
    const [conflict] = await openConflicts(t, author.token, 'device-k-0001');
    expect(conflict).toMatchObject({
      kind: 'comment',
      target_idx: commentIdx,
      post_idx: postIdx,
      fields: ['comment'],
    });
  });

  it('is refused to another member through the push, and deleted once by its writer', async () => {
    const t = await createTestApp({ clock: clock() });
    const { author, postIdx, commentIdx } = await commented(t);
    const other = await member(t);
    const where = { community_idx: postIdx, comment_idx: commentIdx };
    expect(
      await pushOne(t, {
        token: other.token,
        clientId: 'device-o-0002',
        name: 'updateComment',
        args: { ...where, comment: '남의 댓글' },
      }),
    ).toBe(ResultCode.apiError);
    expect(
      await pushOne(t, { token: other.token, clientId: 'device-o-0002', name: 'removeComment', args: where }),
    ).toBe(ResultCode.apiError);
    expect(await commentText(t, commentIdx)).toBe('처음 댓글');
    const removal = mutation({ seq: 1, name: 'removeComment', args: where });
    expect(
      (await pushAs(t, { token: author.token, clientId: 'device-k-0002', mutations: [removal] })).data
        .results[0]?.status,
    ).toBe('applied');
    const again = await pushAs(t, { token: author.token, clientId: 'device-k-0002', mutations: [removal] });
    expect(again.data.results[0]).toMatchObject({ status: 'applied', duplicate: true });
    expect(await commentText(t, commentIdx)).toBeUndefined();
  });
});

describe('a notification edited or deleted offline', () => {
  async function written(t: TestApp, body: Record<string, unknown> = {}) {
    const { writer, siteIdx } = await notifyWorld(t);
    const res = await t.call<NotifyWrite>('/notify/addNotify', {
      token: writer.token,
      body: { ...noteBody, site_idx: siteIdx, ...body },
    });
    if (res.code !== 0) throw new Error(`addNotify answered ${res.code} ${res.msg}`);
    return { writer, siteIdx, notifyIdx: res.data.f_idx };
  }
  const edit = (
    notifyIdx: number,
    siteIdx: number,
    over: Partial<MutatorInput<'updateNotify'>> = {},
  ): MutatorInput<'updateNotify'> => ({
    ...noteBody,
    notify_idx: notifyIdx,
    site_idx: siteIdx,
    base_version: 1,
    base: { title: noteBody.title, content: noteBody.content },
    ...over,
  });
  const notifyRow = async (t: TestApp, notifyIdx: number) =>
    (await t.handle.row(
      'SELECT f_title, f_content, f_push, f_version, f_removed_time FROM notifications WHERE f_idx = ?',
      notifyIdx,
    )) as {
      f_title: string;
      f_content: string;
      f_push: string;
      f_version: number;
      f_removed_time: string | null;
    };

  it('charges nothing again when an edit turning push on is pushed twice, and keeps push as paid', async () => {
    const t = await createTestApp({ clock: clock() });
    const { writer, siteIdx, notifyIdx } = await written(t, { push: 'Y' });
    const points = await pointsOf(t, writer.userIdx);
    const change = mutation({
      seq: 1,
      name: 'updateNotify',
      args: edit(notifyIdx, siteIdx, { title: '제목 수정', push: 'Y' }),
    });
    const first = await pushAs(t, { token: writer.token, clientId: 'device-w-0001', mutations: [change] });
    expect(first.data.results[0]?.status).toBe('applied');
    const again = await pushAs(t, { token: writer.token, clientId: 'device-w-0001', mutations: [change] });
    expect(again.data.results[0]).toMatchObject({ status: 'applied', duplicate: true });
    expect(await notifyRow(t, notifyIdx)).toMatchObject({ f_title: '제목 수정', f_push: 'Y', f_version: 2 });
    expect(await pointsOf(t, writer.userIdx)).toBe(points);
  });

  it('keeps a title changed on another device meanwhile as a conflict, pulled with the notification’s new count', async () => {
    const t = await createTestApp({ clock: clock() });
    const { writer, siteIdx, notifyIdx } = await written(t);
    const online = await t.call('/notify/updateNotify', {
      token: writer.token,
      body: edit(notifyIdx, siteIdx, { title: '온라인 제목' }),
    });
    expect(online.code).toBe(0);
    expect(
      await pushOne(t, {
        token: writer.token,
        clientId: 'device-w-0002',
        name: 'updateNotify',
        args: edit(notifyIdx, siteIdx, { title: '오프라인 제목' }),
      }),
    ).toBe(0);
    expect(await notifyRow(t, notifyIdx)).toMatchObject({ f_title: '온라인 제목', f_version: 2 });
    const state = fold((await pullAll(t, { token: writer.token, clientId: 'device-w-0002' })).changes);
    const own = state.get(`notification:${notifyIdx}`);
    expect(own?.t === 'notification' && own.op === 'put' ? own.row.f_version : null).toBe(2);
    const [conflict] = await openConflicts(t, writer.token, 'device-w-0002');
    expect(conflict).toMatchObject({ kind: 'notification', target_idx: notifyIdx, fields: ['title'] });
  });

  it('is refused to another member through the push, and withdrawn once by its writer', async () => {
    const t = await createTestApp({ clock: clock() });
    const { writer, siteIdx, notifyIdx } = await written(t);
    const other = await member(t);
    expect(
      await pushOne(t, {
        token: other.token,
        clientId: 'device-o-0003',
        name: 'updateNotify',
        args: edit(notifyIdx, siteIdx, { title: '남의 알림' }),
      }),
    ).toBe(ResultCode.apiError);
    expect((await notifyRow(t, notifyIdx)).f_title).toBe(noteBody.title);
    const removal = mutation({ seq: 1, name: 'removeNotify', args: { idx_list: [notifyIdx] } });
    expect(
      (await pushAs(t, { token: writer.token, clientId: 'device-w-0003', mutations: [removal] })).data
        .results[0]?.status,
    ).toBe('applied');
    const again = await pushAs(t, { token: writer.token, clientId: 'device-w-0003', mutations: [removal] });
    expect(again.data.results[0]).toMatchObject({ status: 'applied', duplicate: true });
    expect((await notifyRow(t, notifyIdx)).f_removed_time).not.toBeNull();
  });
});
