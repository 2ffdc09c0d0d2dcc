import { afterEach, describe, expect, it } from 'vitest';
import { ResultCode } from '../../sync/codes.ts';
import type { ConflictRow } from '../../sync/protocol.ts';
import { createTestApp, insertSession, insertUser, type TestApp } from '../testing/fixtures.ts';
import { fold, insertSite, mutation, pullAll, pushAs } from '../testing/sync-fixtures.ts';

let t: TestApp;
afterEach(async () => {
  await t?.close();
});

async function member(t: TestApp, overrides: Parameters<typeof insertUser>[1] = {}) {
  const userIdx = await insertUser(t, overrides);
  const token = await insertSession(t, { userIdx, deviceId: `device-${userIdx}` });
  return { userIdx, token };
}

const DRAFT = 'draft-0000-aaaa';

async function siteRow(t: TestApp, draftId = DRAFT) {
  return (await t.handle.row('SELECT * FROM sites WHERE f_client_id = ?', draftId)) as
    | Record<string, unknown>
    | undefined;
}

describe('temporary save of a site draft', () => {
  it('creates one draft (status P) with its columns, contacts, buildings and units; a repeated save updates it', async () => {
    t = await createTestApp();
    const a = await member(t);
    const first = mutation({
      seq: 1,
      name: 'saveSiteDraft',
      args: {
        draft_id: DRAFT,
        site_type: 'O',
        step: 1,
        changes: {
          f_name: '래미안 원베일리',
          f_address1: '서울특별시 서초구 반포동 1-1',
          f_image_urls: ['/uploads/2026/11/a.webp'],
          contacts: [{ f_name: '김분양', f_phone: '01012345678' }],
          dongs: [
            {
              f_dong: '101동',
              f_floor_count: 2,
              f_units_per_floor: 2,
              hos: [
                { f_floor: 1, f_ho: '101', f_sale_price: 90000 },
                { f_floor: 1, f_ho: '102' },
              ],
            },
          ],
        },
      },
    });
    const res = await pushAs(t, { token: a.token, clientId: 'client-a-0001', mutations: [first] });
    expect(res.data.results[0]).toMatchObject({ status: 'applied' });
    const row = await siteRow(t);
    expect(row).toMatchObject({
      f_name: '래미안 원베일리',
      f_status: 'P',
      f_site_type: 'O',
      f_user_idx: a.userIdx,
      f_temp_step: 1,
      f_image_urls: '["/uploads/2026/11/a.webp"]',
    });
    expect(res.data.results[0]?.data).toEqual({ site_idx: row?.f_idx });
    const units = await t.handle.all('SELECT f_ho, f_sale_price FROM hos ORDER BY f_ho');
    expect(units).toEqual([
      { f_ho: '101', f_sale_price: 90000 },
      { f_ho: '102', f_sale_price: 0 },
    ]);

    // The same save pushed again under a new sequence (say, from a restored outbox) and a later edit.
    await pushAs(t, {
      token: a.token,
      clientId: 'client-a-0001',
      mutations: [
        { ...first, seq: 2, id: 'another-id-0002' },
        mutation({
          seq: 3,
          name: 'saveSiteDraft',
          args: {
            draft_id: DRAFT,
            site_type: 'O',
            step: 2,
            base_version: null,
            base: { f_memo: '' },
            changes: { f_memo: '견본주택 예약' },
          },
        }),
      ],
    });
    expect(await t.handle.value('SELECT COUNT(*) FROM sites')).toBe(1);
    expect(await siteRow(t)).toMatchObject({
      f_memo: '견본주택 예약',
      f_temp_step: 2,
      f_name: '래미안 원베일리',
    });
  });

  it('keeps both versions when the server copy changed meanwhile: the server value stays, mine is kept as a conflict', async () => {
    t = await createTestApp();
    const a = await member(t);
    await pushAs(t, {
      token: a.token,
      clientId: 'client-a-0001',
      mutations: [
        mutation({
          seq: 1,
          name: 'saveSiteDraft',
          args: {
            draft_id: DRAFT,
            site_type: 'G',
            changes: { f_name: '원래 이름', f_memo: '원래 메모', f_room_num: 2 },
          },
        }),
      ],
    });
    const pulled = fold((await pullAll(t, { token: a.token, clientId: 'client-b-0001' })).changes);
    const draft = [...pulled.values()].find((c) => c.t === 'site');
    if (draft?.t !== 'site' || draft.op !== 'put') throw new Error('draft not pulled');
    const seenVersion = draft.row.version;

    // Another device of the member renames the draft.
    await pushAs(t, {
      token: a.token,
      clientId: 'client-a-0001',
      mutations: [
        mutation({
          seq: 2,
          name: 'saveSiteDraft',
          args: {
            draft_id: DRAFT,
            site_type: 'G',
            base_version: seenVersion,
            base: { f_name: '원래 이름' },
            changes: { f_name: '다른 기기 이름' },
          },
        }),
      ],
    });
    // This device, offline, had renamed it too and changed the memo and rooms.
    const res = await pushAs(t, {
      token: a.token,
      clientId: 'client-b-0001',
      mutations: [
        mutation({
          seq: 1,
          name: 'saveSiteDraft',
          args: {
            draft_id: DRAFT,
            site_idx: draft.key,
            site_type: 'G',
            base_version: seenVersion,
            base: { f_name: '원래 이름', f_memo: '원래 메모', f_room_num: 2 },
            changes: { f_name: '내 이름', f_memo: '내 메모', f_room_num: 3 },
          },
        }),
      ],
    });
    expect(res.data.results[0]).toMatchObject({ status: 'conflict', data: { fields: ['f_name'] } });
    expect(await siteRow(t)).toMatchObject({ f_name: '다른 기기 이름', f_memo: '내 메모', f_room_num: 3 });

    const after = fold((await pullAll(t, { token: a.token, clientId: 'client-b-0001' })).changes);
    const conflict = [...after.values()].find((c) => c.t === 'conflict');
    if (conflict?.t !== 'conflict' || conflict.op !== 'put') throw new Error('conflict not pulled');
    expect(conflict.row).toMatchObject({
      f_site_idx: draft.key,
      draft_id: DRAFT,
      fields: ['f_name'],
      mine: { f_name: '내 이름' },
      theirs: { f_name: '다른 기기 이름' },
    } satisfies Partial<ConflictRow>);
  });

  it('settles a conflict field by field: the fields chosen as mine replace the server copy, the others stay', async () => {
    t = await createTestApp();
    const a = await member(t);
    await pushAs(t, {
      token: a.token,
      clientId: 'client-a-0001',
      mutations: [
        mutation({
          seq: 1,
          name: 'saveSiteDraft',
          args: {
            draft_id: DRAFT,
            site_type: 'G',
            changes: { f_name: 'A', f_memo: 'A' },
          },
        }),
        mutation({
          seq: 2,
          name: 'saveSiteDraft',
          args: {
            draft_id: DRAFT,
            site_type: 'G',
            base_version: 0,
            base: { f_name: 'A', f_memo: 'A' },
            changes: { f_name: 'server', f_memo: 'server' },
          },
        }),
        // An edit based on the first copy, pushed after the second: both fields conflict.
        mutation({
          seq: 3,
          name: 'saveSiteDraft',
          args: {
            draft_id: DRAFT,
            site_type: 'G',
            base_version: 0,
            base: { f_name: 'A', f_memo: 'A' },
            changes: { f_name: 'mine', f_memo: 'mine' },
          },
        }),
      ],
    });
    const conflict = (await t.handle.row('SELECT f_idx, fields FROM sync_conflicts')) as {
      f_idx: number;
      fields: string;
    };
    expect(JSON.parse(conflict.fields)).toEqual(['f_name', 'f_memo']);
    const res = await pushAs(t, {
      token: a.token,
      clientId: 'client-a-0001',
      mutations: [
        mutation({
          seq: 4,
          name: 'resolveConflict',
          args: {
            conflict_idx: conflict.f_idx,
            draft_id: DRAFT,
            choose: { f_name: 'mine', f_memo: 'theirs' },
          },
        }),
      ],
    });
    expect(res.data.results[0]).toMatchObject({ status: 'applied' });
    expect(await siteRow(t)).toMatchObject({ f_name: 'mine', f_memo: 'server' });
    expect(await t.handle.value('SELECT COUNT(*) FROM sync_conflicts WHERE resolved_at IS NULL')).toBe(0);
    const again = await pushAs(t, {
      token: a.token,
      clientId: 'client-a-0001',
      mutations: [
        mutation({
          seq: 5,
          name: 'resolveConflict',
          args: { conflict_idx: conflict.f_idx, draft_id: DRAFT, choose: {} },
        }),
      ],
    });
    expect(again.data.results[0]).toMatchObject({ status: 'rejected', code: ResultCode.apiError });
  });

  it('refuses drafts of a write-limited member, of a registered site, and shared to a group the member is not in', async () => {
    t = await createTestApp();
    const limited = await member(t, {
      f_status: 'WL',
      f_release_date: new Date(Date.now() + 86400000).toISOString(),
    });
    const a = await member(t);
    const registered = await insertSite(t, { userIdx: a.userIdx });
    const foreignGroup = await t.deps.db
      .insertInto('groups')
      .values({ f_name: 'x', f_owner_idx: limited.userIdx, f_reg_time: 'x' })
      .returning('f_idx')
      .executeTakeFirstOrThrow();
    const byLimited = await pushAs(t, {
      token: limited.token,
      clientId: 'client-l-0001',
      mutations: [
        mutation({
          seq: 1,
          name: 'saveSiteDraft',
          args: { draft_id: DRAFT, site_type: 'O', changes: { f_name: 'x' } },
        }),
      ],
    });
    expect(byLimited.data.results[0]).toMatchObject({ status: 'rejected', code: ResultCode.apiError });
    const byA = await pushAs(t, {
      token: a.token,
      clientId: 'client-a-0001',
      mutations: [
        mutation({
          seq: 1,
          name: 'saveSiteDraft',
          args: {
            draft_id: 'draft-registered',
            site_idx: registered,
            site_type: 'O',
            changes: { f_name: 'x' },
          },
        }),
        mutation({
          seq: 2,
          name: 'saveSiteDraft',
          args: {
            draft_id: 'draft-grouped-1',
            site_type: 'O',
            changes: { f_group_idx: foreignGroup.f_idx },
          },
        }),
      ],
    });
    expect(byA.data.results.map((r) => r.code)).toEqual([ResultCode.apiError, ResultCode.notGroupMember]);
    expect(await t.handle.value("SELECT COUNT(*) FROM sites WHERE f_status = 'P'")).toBe(0);
  });

  it('removes a draft, and a second removal (from another device) is no error', async () => {
    t = await createTestApp();
    const a = await member(t);
    const res = await pushAs(t, {
      token: a.token,
      clientId: 'client-a-0001',
      mutations: [
        mutation({
          seq: 1,
          name: 'saveSiteDraft',
          args: {
            draft_id: DRAFT,
            site_type: 'O',
            changes: {
              dongs: [
                {
                  f_dong: '101동',
                  f_floor_count: 1,
                  f_units_per_floor: 1,
                  hos: [{ f_floor: 1, f_ho: '101' }],
                },
              ],
            },
          },
        }),
        mutation({ seq: 2, name: 'removeSiteDraft', args: { draft_id: DRAFT } }),
        mutation({ seq: 3, name: 'removeSiteDraft', args: { draft_id: DRAFT } }),
      ],
    });
    expect(res.data.results.map((r) => r.status)).toEqual(['applied', 'applied', 'applied']);
    expect(await t.handle.value('SELECT COUNT(*) FROM sites')).toBe(0);
    expect(await t.handle.value('SELECT COUNT(*) FROM hos')).toBe(0);
  });
});
