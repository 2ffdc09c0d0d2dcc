import { afterEach, describe, expect, it } from 'vitest';
import type { SaveSiteResult, SiteRegistration } from '../../sync/api/registration.api.ts';
import { ResultCode } from '../../sync/codes.ts';
import type { PushResponse } from '../../sync/protocol.ts';
import { diffFields, fieldsOfRegisteredSite } from '../../sync/sites/registration.ts';
import { addGroupMember, createGroup } from '../groups/membership.ts';
import { createRng } from '../seed/random.ts';
import { generateSites } from '../seed/sites.generator.ts';
import { createTestApp, type TestApp } from '../testing/fixtures.ts';
import { seedTestDb } from '../testing/seed-test-db.ts';
import { mutation, pushAs } from '../testing/sync-fixtures.ts';
import { building, generalSite, member, newOpenSite } from './registration.fixtures.ts';

let t: TestApp;
afterEach(async () => {
  await t?.close();
});

const DRAFT = 'draft-reg-0001';

async function site(idx: number) {
  return (await t.handle.row('SELECT * FROM sites WHERE f_idx = ?', idx)) as Record<string, unknown>;
}

async function unitsOf(idx: number) {
  return (await t.handle.all(
    'SELECT d.f_dong, h.f_idx, h.f_floor, h.f_ho, h.f_complete FROM hos h JOIN dongs d ON d.f_idx = h.f_dong_idx WHERE h.f_site_idx = ? ORDER BY d.f_order, h.f_floor, h.f_ho',
    idx,
  )) as Array<{ f_dong: string; f_idx: number; f_floor: number; f_ho: string; f_complete: string }>;
}

async function read(token: string, siteIdx: number) {
  const res = await t.call<SiteRegistration>('/site/getSiteRegistration', {
    token,
    query: { site_idx: String(siteIdx) },
  });
  expect(res.code).toBe(0);
  return res.data;
}

describe('final save of a registration', () => {
  it('adds a new general site with status N, step 0, its contacts and area types', async () => {
    t = await createTestApp();
    const a = await member(t);
    const res = await t.call<SaveSiteResult>('/site/addSite_app', {
      token: a.token,
      body: { site_idx: -1, site_type: 'G', changes: generalSite({ f_memo: '역세권' }) },
    });
    expect(res.code).toBe(0);
    expect(res.msg).toBe('저장되었습니다.');
    const row = await site(res.data.site_idx);
    expect(row).toMatchObject({
      f_name: '역삼 그린빌',
      f_status: 'N',
      f_temp_step: 0,
      f_site_type: 'G',
      f_user_idx: a.userIdx,
      f_memo: '역세권',
      f_sale_price_min: 35000,
      // Spec §4: a general site stays visible for 30 days from registration.
      f_remain_days_till_hide: 30,
    });
    const saved = await read(a.token, res.data.site_idx);
    expect(saved.fields.contacts).toEqual([{ f_name: '김분양', f_phone: '01012345678' }]);
    expect(saved.fields.rooms).toHaveLength(1);
  });

  it('adds a new-open site with its buildings and units, unit names as typed', async () => {
    t = await createTestApp();
    const a = await member(t);
    const res = await t.call<SaveSiteResult>('/site/addSite_app', {
      token: a.token,
      body: { site_type: 'O', changes: newOpenSite() },
    });
    expect(res.code).toBe(0);
    const units = await unitsOf(res.data.site_idx);
    expect(units.map((u) => `${u.f_dong} ${u.f_ho}`)).toEqual([
      '101동 101',
      '101동 102',
      '101동 201',
      '101동 202',
      '102동 101',
      '102동 102',
      '102동 201',
      '102동 202',
    ]);
  });

  it('normalises what it stores: a lone min copied to max, unchosen prices zeroed, phone digits only', async () => {
    t = await createTestApp();
    const a = await member(t);
    const res = await t.call<SaveSiteResult>('/site/addSite_app', {
      token: a.token,
      body: {
        site_type: 'G',
        changes: generalSite({
          f_sale_price_min: 30000,
          f_sale_price_max: 0,
          f_charter_price_min: 20000,
          contacts: [{ f_name: ' 김분양 ', f_phone: '010-1234-5678' }],
        }),
      },
    });
    expect(res.code).toBe(0);
    expect(await site(res.data.site_idx)).toMatchObject({
      f_sale_price_min: 30000,
      f_sale_price_max: 30000,
      f_charter_price_min: 0,
    });
    const saved = await read(a.token, res.data.site_idx);
    expect(saved.fields.contacts).toEqual([{ f_name: '김분양', f_phone: '01012345678' }]);
  });

  it('makes a temporary save final by index: the draft becomes N, keeps its index and resets its step', async () => {
    t = await createTestApp();
    const a = await member(t);
    const draft = await t.call<{ site_idx: number }>('/site/addSite', {
      token: a.token,
      body: { draft_id: DRAFT, site_type: 'O', step: 2, changes: newOpenSite({ f_memo: '임시' }) },
    });
    expect(draft.code).toBe(0);
    expect(await site(draft.data.site_idx)).toMatchObject({ f_status: 'P', f_temp_step: 2 });
    const saved = await read(a.token, draft.data.site_idx);
    const res = await t.call<SaveSiteResult>('/site/updateSite_app', {
      token: a.token,
      body: {
        draft_id: DRAFT,
        site_idx: draft.data.site_idx,
        site_type: 'O',
        base_version: saved.version,
        base: { f_memo: '임시' },
        changes: { f_memo: '최종' },
      },
    });
    expect(res.code).toBe(0);
    expect(res.data.site_idx).toBe(draft.data.site_idx);
    // A new-open site has no visibility count.
    expect(await site(draft.data.site_idx)).toMatchObject({
      f_status: 'N',
      f_temp_step: 0,
      f_memo: '최종',
      f_remain_days_till_hide: null,
    });
    expect(await unitsOf(draft.data.site_idx)).toHaveLength(8);
    expect(await t.handle.value('SELECT COUNT(*) FROM sites')).toBe(1);
  });

  it('finds a draft made offline by its device id when the final save was queued before the index was known', async () => {
    t = await createTestApp();
    const a = await member(t);
    const full = newOpenSite();
    const res = await pushAs(t, {
      token: a.token,
      clientId: 'client-reg-0001',
      mutations: [
        mutation({
          seq: 1,
          name: 'saveSiteDraft',
          args: { draft_id: DRAFT, site_type: 'O', step: 2, changes: full },
        }),
        mutation({
          seq: 2,
          name: 'saveSite',
          args: {
            draft_id: DRAFT,
            site_idx: -1,
            site_type: 'O',
            base: { f_name: full.f_name },
            changes: { f_name: '래미안 원베일리 2차' },
          },
        }),
      ],
    });
    expect(res.data.results.map((r) => r.status)).toEqual(['applied', 'applied']);
    const rows = await t.handle.all('SELECT f_idx, f_status, f_name FROM sites');
    expect(rows).toEqual([{ f_idx: expect.any(Number), f_status: 'N', f_name: '래미안 원베일리 2차' }]);
  });

  it('keeps the ids and completion of units when a registered site is edited, and adds new buildings', async () => {
    t = await createTestApp();
    const a = await member(t);
    const added = await t.call<SaveSiteResult>('/site/addSite_app', {
      token: a.token,
      body: { site_type: 'O', changes: newOpenSite() },
    });
    const siteIdx = added.data.site_idx;
    const first = (await unitsOf(siteIdx))[0];
    await t.handle.all("UPDATE hos SET f_complete = 'Y' WHERE f_idx = ?", first?.f_idx);
    const before = await read(a.token, siteIdx);
    const edited = structuredClone(before.fields);
    const unit = edited.dongs[0]?.hos[1];
    if (!unit) throw new Error('no unit');
    unit.f_sale_price = 61000;
    edited.dongs.push({ ...building({ name: '103동', floors: 1, perFloor: 2 }), f_idx: -1 });
    const { base, changes } = diffFields({ from: before.fields, to: edited });
    const res = await t.call<SaveSiteResult>('/site/updateSite_app', {
      token: a.token,
      body: { site_idx: siteIdx, site_type: 'O', base_version: before.version, base, changes },
    });
    expect(res.code).toBe(0);
    const after = await unitsOf(siteIdx);
    expect(after).toHaveLength(10);
    expect(after.find((u) => u.f_idx === first?.f_idx)).toMatchObject({ f_complete: 'Y', f_ho: '101' });
    expect(await t.handle.value('SELECT f_sale_price FROM hos WHERE f_idx = ?', unit.f_idx)).toBe(61000);
    expect(after.filter((u) => u.f_dong === '103동').map((u) => u.f_ho)).toEqual(['101', '102']);
  });

  it('does not overwrite a field the server changed since the edited copy: the save goes through and mine waits as a conflict', async () => {
    t = await createTestApp();
    const a = await member(t);
    const added = await t.call<SaveSiteResult>('/site/addSite_app', {
      token: a.token,
      body: { site_type: 'G', changes: generalSite() },
    });
    const siteIdx = added.data.site_idx;
    const seen = await read(a.token, siteIdx);
    // Another device of the member renames the site first.
    const other = await t.call('/site/updateSite_app', {
      token: a.token,
      body: {
        site_idx: siteIdx,
        site_type: 'G',
        base_version: seen.version,
        base: { f_name: '역삼 그린빌' },
        changes: { f_name: '역삼 그린빌 리버' },
      },
    });
    expect(other.code).toBe(0);
    // This device edits the old copy: name and memo.
    const res = await pushAs(t, {
      token: a.token,
      clientId: 'client-reg-0002',
      mutations: [
        mutation({
          seq: 1,
          name: 'saveSite',
          args: {
            site_idx: siteIdx,
            site_type: 'G',
            base_version: seen.version,
            base: { f_name: '역삼 그린빌', f_memo: '' },
            changes: { f_name: '역삼 그린빌 파크', f_memo: '주차 넉넉' },
          },
        }),
      ],
    });
    expect(res.data.results[0]).toMatchObject({
      status: 'conflict',
      data: { site_idx: siteIdx, fields: ['f_name'] },
    });
    expect(await site(siteIdx)).toMatchObject({
      f_name: '역삼 그린빌 리버',
      f_memo: '주차 넉넉',
      f_status: 'N',
    });

    const conflict = (await t.handle.row('SELECT f_idx, draft_id, mine, theirs FROM sync_conflicts')) as {
      f_idx: number;
      draft_id: string;
      mine: string;
      theirs: string;
    };
    expect(JSON.parse(conflict.mine)).toEqual({ f_name: '역삼 그린빌 파크' });
    expect(JSON.parse(conflict.theirs)).toEqual({ f_name: '역삼 그린빌 리버' });
    const settled = await pushAs(t, {
      token: a.token,
      clientId: 'client-reg-0002',
      mutations: [
        mutation({
          seq: 2,
          name: 'resolveConflict',
          args: { conflict_idx: conflict.f_idx, draft_id: conflict.draft_id, choose: { f_name: 'mine' } },
        }),
      ],
    });
    expect(settled.data.results[0]).toMatchObject({ status: 'applied' });
    expect(await site(siteIdx)).toMatchObject({ f_name: '역삼 그린빌 파크', f_memo: '주차 넉넉' });
  });

  it('shares a new site to the chosen group of the member', async () => {
    t = await createTestApp();
    const a = await member(t);
    const groupIdx = await createGroup({
      db: t.deps.db,
      name: '강남팀',
      ownerIdx: a.userIdx,
      now: new Date(),
    });
    const groups = await t.call<{ list: Array<{ f_idx: number; f_name: string }> }>(
      '/site/getRegistrationGroups',
      {
        token: a.token,
        method: 'GET',
      },
    );
    expect(groups.data.list).toEqual([{ f_idx: groupIdx, f_name: '강남팀' }]);
    const res = await t.call<SaveSiteResult>('/site/addSite_app', {
      token: a.token,
      body: { site_type: 'G', changes: generalSite({ f_group_idx: groupIdx }) },
    });
    expect(res.code).toBe(0);
    expect(await site(res.data.site_idx)).toMatchObject({ f_group_idx: groupIdx });
  });
});

describe('temporary saves', () => {
  it('counts the member’s drafts of a kind and names the latest; removing them leaves other kinds', async () => {
    t = await createTestApp();
    const a = await member(t);
    const b = await member(t);
    const none = await t.call<{ count: number; site_idx: number }>('/site/checkTemporarySave', {
      token: a.token,
      query: { site_type: 'O' },
    });
    expect(none.data).toEqual({ count: 0, site_idx: -1 });
    const save = (token: string, draftId: string, kind: 'O' | 'G') =>
      t.call<{ site_idx: number }>('/site/addSite', {
        token,
        body: { draft_id: draftId, site_type: kind, changes: { f_name: draftId } },
      });
    await save(a.token, 'draft-a-first', 'O');
    const latest = await save(a.token, 'draft-a-second', 'O');
    await save(a.token, 'draft-a-general', 'G');
    await save(b.token, 'draft-b-first', 'O');
    await t.handle.all(
      "UPDATE sites SET f_update_time = '2099-01-01T00:00:00.000Z' WHERE f_idx = ?",
      latest.data.site_idx,
    );
    const some = await t.call<{ count: number; site_idx: number }>('/site/checkTemporarySave', {
      token: a.token,
      query: { site_type: 'O' },
    });
    expect(some.data).toEqual({ count: 2, site_idx: latest.data.site_idx });
    const removed = await t.call<{ removed: number }>('/site/removeTemporarySave', {
      token: a.token,
      body: { site_type: 'O' },
    });
    expect(removed.data).toEqual({ removed: 2 });
    const names = await t.handle.values('SELECT f_name FROM sites ORDER BY f_name');
    expect(names).toEqual(['draft-a-general', 'draft-b-first']);
  });

  it('remembers the step reached, so a draft at step 2 is reopened there', async () => {
    t = await createTestApp();
    const a = await member(t);
    const draft = await t.call<{ site_idx: number }>('/site/addSite', {
      token: a.token,
      body: { draft_id: DRAFT, site_type: 'O', step: 1, changes: { f_name: '단계' } },
    });
    await t.call('/site/updateSite', {
      token: a.token,
      body: { draft_id: DRAFT, site_idx: draft.data.site_idx, site_type: 'O', step: 2, changes: {} },
    });
    const saved = await read(a.token, draft.data.site_idx);
    expect(saved).toMatchObject({ f_status: 'P', f_temp_step: 2 });
  });
});

describe('reading a site for its form', () => {
  it('gives a registered site’s fields with building and unit ids, as the device compares them', async () => {
    t = await createTestApp();
    const a = await member(t);
    const added = await t.call<SaveSiteResult>('/site/addSite_app', {
      token: a.token,
      body: { site_type: 'O', changes: newOpenSite() },
    });
    const saved = await read(a.token, added.data.site_idx);
    expect(saved.f_status).toBe('N');
    expect(saved.fields.dongs.map((d) => [d.f_dong, d.hos.length])).toEqual([
      ['101동', 4],
      ['102동', 4],
    ]);
    expect(saved.fields.dongs[0]?.f_idx).toBeGreaterThan(0);
    expect(saved.fields.dongs[0]?.hos[0]?.f_idx).toBeGreaterThan(0);
    // The same shape as the device builds it from its pulled rows.
    const pulled = fieldsOfRegisteredSite({
      site: { ...saved.fields },
      dongs: saved.fields.dongs.map((d, i) => ({
        ...d,
        f_idx: d.f_idx as number,
        f_order: i,
        hos: d.hos.map((h) => ({ ...h, f_idx: h.f_idx as number })),
      })),
    });
    expect(pulled).toEqual(saved.fields);
  });
});

describe('a group member', () => {
  it('may edit a site shared to the group, and the conflict-free edit is applied', async () => {
    t = await createTestApp();
    const owner = await member(t);
    const mate = await member(t);
    const groupIdx = await createGroup({
      db: t.deps.db,
      name: '팀',
      ownerIdx: owner.userIdx,
      now: new Date(),
    });
    await addGroupMember({ db: t.deps.db, groupIdx, userIdx: mate.userIdx, now: new Date() });
    const added = await t.call<SaveSiteResult>('/site/addSite_app', {
      token: owner.token,
      body: { site_type: 'G', changes: generalSite({ f_group_idx: groupIdx }) },
    });
    const seen = await read(mate.token, added.data.site_idx);
    const res = await t.call<PushResponse | SaveSiteResult>('/site/updateSite_app', {
      token: mate.token,
      body: {
        site_idx: added.data.site_idx,
        site_type: 'G',
        base_version: seen.version,
        base: { f_memo: '' },
        changes: { f_memo: '그룹원이 수정' },
      },
    });
    expect(res.code).toBe(ResultCode.ok);
    expect(await site(added.data.site_idx)).toMatchObject({
      f_memo: '그룹원이 수정',
      f_user_idx: owner.userIdx,
    });
  });
});

describe('sites registered by other code', () => {
  it('can be modified through the form’s final save: every generated demo site passes the rules as it is', async () => {
    t = await createTestApp();
    const a = await member(t);
    await seedTestDb({
      handle: t.handle,
      seed: (sqlite) =>
        generateSites({ sqlite, rng: createRng(7), count: 40, ownerIds: [a.userIdx], now: new Date() }),
    });
    const ids = (await t.handle.values(
      "SELECT f_idx FROM sites WHERE f_status = 'N' AND f_site_type IN ('O', 'G')",
    )) as number[];
    expect(ids.length).toBeGreaterThan(30);
    for (const siteIdx of ids) {
      const seen = await read(a.token, siteIdx);
      const res = await t.call('/site/updateSite_app', {
        token: a.token,
        body: {
          site_idx: siteIdx,
          site_type: seen.fields.f_site_type,
          base_version: seen.version,
          base: { f_memo: seen.fields.f_memo },
          changes: { f_memo: `${seen.fields.f_memo} 수정` },
        },
      });
      expect(res, `site ${siteIdx}`).toMatchObject({ code: 0 });
    }
  });
});
