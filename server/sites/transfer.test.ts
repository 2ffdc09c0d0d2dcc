import { afterEach, describe, expect, it } from 'vitest';
import type { Page } from '../../sync/api/page.ts';
import type { SiteTransferItem } from '../../sync/api/transfer.api.ts';
import { ResultCode } from '../../sync/codes.ts';
import type { PushResponse } from '../../sync/protocol.ts';
import { fixedClock } from '../clock.ts';
import { createTestApp, superAdminToken, type TestApp } from '../testing/fixtures.ts';
import {
  fold,
  insertSite,
  keysOf,
  mutation,
  pullAll,
  pushAs,
  siteWithUnits,
} from '../testing/sync-fixtures.ts';
import { memberWithDevice, transferTables, transferWorld } from './transfer.fixtures.ts';

let t: TestApp;
afterEach(async () => {
  await t?.close();
});

async function setUp() {
  t = await createTestApp({ clock: fixedClock(new Date('2025-03-04T05:06:07.000Z')) });
  const w = await transferWorld(t);
  const { site, units } = await siteWithUnits(t, { userIdx: w.owner.userIdx, f_group_idx: w.groupIdx });
  const transfer = (token = w.owner.token, dest = w.dest.userIdx, siteIdx = site) =>
    t.call('/site/transferSite', { token, body: { site_idx: siteIdx, dest_member_idx: dest } });
  return { ...w, site, units, transfer };
}

const siteRow = (site: number) =>
  t.deps.db
    .selectFrom('sites')
    .select(['f_user_idx', 'f_group_idx'])
    .where('f_idx', '=', site)
    .executeTakeFirstOrThrow();

describe('transferSite', () => {
  it('hands the site with its units to the new owner, releases its group link and records who, from, to and when', async () => {
    const w = await setUp();
    const res = await w.transfer();
    expect(res.code).toBe(ResultCode.ok);
    expect(res.msg).toBe('현장 양도가 완료되었습니다.');
    expect(await siteRow(w.site)).toEqual({ f_user_idx: w.dest.userIdx, f_group_idx: null });
    const units = await t.deps.db
      .selectFrom('hos')
      .select('f_idx')
      .where('f_site_idx', '=', w.site)
      .orderBy('f_idx')
      .execute();
    expect(units.map((u) => u.f_idx)).toEqual(w.units);
    const record = await t.deps.db
      .selectFrom('site_transfers')
      .selectAll()
      .where('f_site_idx', '=', w.site)
      .execute();
    expect(record).toEqual([
      expect.objectContaining({
        f_from_user_idx: w.owner.userIdx,
        f_to_user_idx: w.dest.userIdx,
        f_by_user_idx: w.owner.userIdx,
        f_from_group_idx: w.groupIdx,
        f_reg_time: '2025-03-04T05:06:07.000Z',
      }),
    ]);
    const lists = await t.call<{ list: Array<{ f_idx: number }> }>('/site/getMySiteList', {
      token: w.dest.token,
      body: {},
    });
    expect(lists.data.list.map((s) => s.f_idx)).toEqual([w.site]);
    const former = await t.call<{ list: unknown[] }>('/site/getMySiteList', {
      token: w.owner.token,
      body: {},
    });
    expect(former.data.list).toEqual([]);
  });

  it('takes the site and its units off the former owner’s device at the next pull, and brings them to the new owner’s', async () => {
    const w = await setUp();
    // The owner opened the site (a recent view) and both devices are up to date.
    await t.call('/site/getSiteDetail', { token: w.owner.token, body: { site_idx: w.site } });
    const ownerBefore = await pullAll(t, { token: w.owner.token, clientId: 'client-owner-0001' });
    const destBefore = await pullAll(t, { token: w.dest.token, clientId: 'client-dest-00001' });
    expect(keysOf(fold(ownerBefore.changes), 'site')).toEqual([w.site]);
    expect(keysOf(fold(destBefore.changes), 'site')).toEqual([]);

    expect((await w.transfer()).code).toBe(ResultCode.ok);

    const ownerAfter = await pullAll(t, {
      token: w.owner.token,
      clientId: 'client-owner-0001',
      cursor: ownerBefore.cursor,
    });
    expect(ownerAfter.changes).toContainEqual(expect.objectContaining({ t: 'site', op: 'del', key: w.site }));
    const ownerDevice = fold([...ownerBefore.changes, ...ownerAfter.changes]);
    expect(keysOf(ownerDevice, 'site')).toEqual([]);
    expect(keysOf(ownerDevice, 'units')).toEqual([]);

    const destAfter = await pullAll(t, {
      token: w.dest.token,
      clientId: 'client-dest-00001',
      cursor: destBefore.cursor,
    });
    const destDevice = fold([...destBefore.changes, ...destAfter.changes]);
    expect(keysOf(destDevice, 'site')).toEqual([w.site]);
    expect(keysOf(destDevice, 'units')).toEqual([w.site]);
    const put = destDevice.get(`site:${w.site}`);
    expect(put?.op === 'put' && put.t === 'site' ? put.row.f_user_idx : null).toBe(w.dest.userIdx);
  });

  it('leaves a site the former owner liked among their favourites, no longer as theirs', async () => {
    const w = await setUp();
    await t.call('/site/setLikeSite', { token: w.owner.token, body: { site_idx: w.site, like_status: 'Y' } });
    const before = await pullAll(t, { token: w.owner.token, clientId: 'client-owner-0001' });
    await w.transfer();
    const after = await pullAll(t, {
      token: w.owner.token,
      clientId: 'client-owner-0001',
      cursor: before.cursor,
    });
    const put = fold([...before.changes, ...after.changes]).get(`site:${w.site}`);
    expect(put?.op === 'put' && put.t === 'site' ? put.row.f_user_idx : null).toBe(w.dest.userIdx);
    const likes = await t.call<{ list: Array<{ f_idx: number }> }>('/site/getLikeSiteList', {
      token: w.owner.token,
      body: {},
    });
    expect(likes.data.list.map((s) => s.f_idx)).toEqual([w.site]);
  });

  it('leaves the former owner and their group unable to manage or edit it, online or pushed, while the new owner can', async () => {
    const w = await setUp();
    const version = async () =>
      (
        await t.deps.db
          .selectFrom('sync_site_versions')
          .select('version')
          .where('f_site_idx', '=', w.site)
          .executeTakeFirstOrThrow()
      ).version;
    await w.transfer();
    const before = await transferTables(t);
    const edit = async (token: string) =>
      t.call('/site/updateSite_app', {
        token,
        body: {
          site_idx: w.site,
          site_type: 'O',
          base_version: await version(),
          base: { f_memo: '' },
          changes: { f_memo: '양도 후 수정' },
        },
      });
    for (const token of [w.owner.token, w.mate.token]) {
      const edited = await edit(token);
      expect(edited.code).toBe(ResultCode.apiError);
      expect(edited.msg).toBe('현장을 등록한 회원만 관리할 수 있습니다.');
      const hide = await t.call('/site/setHideSite', {
        token,
        body: { site_idx: w.site, hidden_status: 'Y' },
      });
      expect(hide.code).toBe(ResultCode.apiError);
      const complete = await t.call('/site/setCompleteSite', {
        token,
        body: { site_idx: w.site, complete_status: 'Y' },
      });
      expect(complete.code).toBe(ResultCode.apiError);
      expect((await t.call('/site/removeSite', { token, body: { site_idx: w.site } })).code).toBe(
        ResultCode.apiError,
      );
      expect((await w.transfer(token)).code).toBe(ResultCode.apiError);
    }
    // A queued edit of the former owner comes back as a rejection the device shows, with the reason.
    const pushed = await pushAs(t, {
      token: w.owner.token,
      clientId: 'client-owner-0001',
      mutations: [
        mutation({ seq: 1, name: 'setHideSite', args: { site_idx: w.site, hidden_status: 'Y' } }),
        mutation({ seq: 2, name: 'setCompleteSite', args: { site_idx: w.site, complete_status: 'Y' } }),
        mutation({
          seq: 3,
          name: 'saveSite',
          args: {
            site_idx: w.site,
            site_type: 'O',
            base_version: await version(),
            base: { f_memo: '' },
            changes: { f_memo: '오프라인 수정' },
          },
        }),
      ],
    });
    const results = (pushed.data as PushResponse).results;
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected', 'rejected']);
    for (const r of results) expect(r.msg).toBe('현장을 등록한 회원만 관리할 수 있습니다.');
    expect((await transferTables(t)).replace(/"sync_feed".*/, '')).toBe(before.replace(/"sync_feed".*/, ''));
    expect((await siteRow(w.site)).f_user_idx).toBe(w.dest.userIdx);

    const complete = await t.call('/site/setCompleteSite', {
      token: w.dest.token,
      body: { site_idx: w.site, complete_status: 'Y' },
    });
    expect(complete.code).toBe(ResultCode.ok);
    const hide = await t.call('/site/setHideSite', {
      token: w.dest.token,
      body: { site_idx: w.site, hidden_status: 'Y' },
    });
    expect(hide.code).toBe(ResultCode.ok);
  });
});

describe('who may receive a site', () => {
  it.each([
    ['the caller themself', 'self', /본인에게는/],
    ['a member still under review', { f_approval: 'P' as const }, /승인 대기 중이거나 차단된/],
    ['a rejected applicant', { f_approval: 'R' as const }, /승인 대기 중이거나 차단된/],
    ['a blocked member', { f_status: 'B' as const }, /승인 대기 중이거나 차단된/],
    ['a member who withdrew', { f_withdrawn_time: '2024-01-01T00:00:00.000Z' }, /가입한 회원이 없습니다/],
  ] as const)(
    'not %s: look-up and transfer both refuse, and nothing is written',
    async (_name, who, message) => {
      const w = await setUp();
      const phone = '01066660001';
      const target =
        who === 'self'
          ? {
              userIdx: w.owner.userIdx,
              phone: (
                await t.deps.db
                  .selectFrom('users')
                  .select('f_phone')
                  .where('f_idx', '=', w.owner.userIdx)
                  .executeTakeFirstOrThrow()
              ).f_phone,
            }
          : { userIdx: (await memberWithDevice(t, { f_phone: phone, ...who })).userIdx, phone };
      const before = await transferTables(t);
      const found = await t.call('/site/findTransferMember', {
        token: w.owner.token,
        body: { phone: target.phone },
      });
      expect(found.code).toBe(ResultCode.apiError);
      expect(found.msg).toMatch(message);
      const res = await w.transfer(w.owner.token, target.userIdx);
      expect(res.code).toBe(ResultCode.apiError);
      expect(res.msg).toMatch(message);
      expect(await transferTables(t)).toBe(before);
    },
  );

  it('never an admin account: the super admin and an admin are answered exactly like an unknown phone', async () => {
    const w = await setUp();
    const superAdmin = await memberWithDevice(t, {
      f_phone: t.deps.config.superAdminPhone,
      f_name: '최고관리자',
      f_affiliation: '본사',
    });
    const admin = await memberWithDevice(t, {
      f_phone: '01055550001',
      f_type: 'A',
      f_name: '김관리',
      f_affiliation: '운영팀',
    });
    const answer = async (res: Awaited<ReturnType<TestApp['call']>>) => ({
      status: res.status,
      code: res.code,
      msg: res.msg,
      data: res.data,
    });
    const find = (phone: string) =>
      t.call('/site/findTransferMember', { token: w.owner.token, body: { phone } });
    const nobody = await answer(await find('01012121212'));
    const toNobody = await answer(await w.transfer(w.owner.token, 999_999));
    const before = await transferTables(t);
    for (const [phone, userIdx] of [
      [t.deps.config.superAdminPhone, superAdmin.userIdx],
      ['01055550001', admin.userIdx],
    ] as const) {
      expect(await answer(await find(phone))).toEqual(nobody);
      expect(await answer(await w.transfer(w.owner.token, userIdx))).toEqual(toNobody);
    }
    expect(await transferTables(t)).toBe(before);
  });

  it('an unknown phone finds nobody', async () => {
    const w = await setUp();
    const res = await t.call('/site/findTransferMember', {
      token: w.owner.token,
      body: { phone: '01012121212' },
    });
    expect(res.code).toBe(ResultCode.apiError);
    expect(res.msg).toBe('해당 전화번호로 가입한 회원이 없습니다.');
  });

  it('only a registered new-open or general site moves: not a draft, an unregistered-site report or a deleted site', async () => {
    const w = await setUp();
    const draft = await insertSite(t, { userIdx: w.owner.userIdx, f_status: 'P' });
    const report = await insertSite(t, { userIdx: w.owner.userIdx, f_site_type: 'U' });
    const deleted = await insertSite(t, { userIdx: w.owner.userIdx, f_status: 'D' });
    const before = await transferTables(t);
    for (const [site, message] of [
      [draft, /등록이 완료된/],
      [report, /등록이 완료된/],
      [deleted, /삭제되었거나 숨김/],
    ] as const) {
      const res = await w.transfer(w.owner.token, w.dest.userIdx, site);
      expect(res.code).toBe(ResultCode.apiError);
      expect(res.msg).toMatch(message);
    }
    expect(await transferTables(t)).toBe(before);
  });
});

describe('getSiteTransfers (admins)', () => {
  it('lists a site’s transfers newest first, with both members and the group it left; members are refused', async () => {
    const w = await setUp();
    await w.transfer();
    const back = await t.call('/site/transferSite', {
      token: w.dest.token,
      body: { site_idx: w.site, dest_member_idx: w.owner.userIdx },
    });
    expect(back.code).toBe(ResultCode.ok);
    const admin = await superAdminToken(t);
    const res = await t.call<Page<SiteTransferItem>>('/admin/getSiteTransfers', {
      token: admin,
      body: { site_idx: w.site },
    });
    expect(res.data.total).toBe(2);
    expect(res.data.list.map((r) => [r.f_from_name, r.f_to_name, r.f_from_group_name])).toEqual([
      ['양수인', '양도인', null],
      ['양도인', '양수인', '강남팀'],
    ]);
    const member = await t.call('/admin/getSiteTransfers', {
      token: w.owner.token,
      body: { site_idx: w.site },
    });
    expect(member.code).toBe(ResultCode.apiError);
  });
});
