import { afterEach, describe, expect, it } from 'vitest';
import { ResultCode } from '../../sync/codes.ts';
import { PROTOCOL_OUTDATED, PROTOCOL_VERSION } from '../../sync/protocol.ts';
import { createGroup } from '../groups/membership.ts';
import { generalSite } from '../sites/registration.fixtures.ts';
import { createTestApp, insertSession, insertUser, type TestApp } from '../testing/fixtures.ts';
import { insertSite, mutation, pullAnswer, pullPage, pushAnswer, pushAs } from '../testing/sync-fixtures.ts';

let t: TestApp;
afterEach(async () => {
  await t?.close();
});

async function member(t: TestApp, overrides: Parameters<typeof insertUser>[1] = {}) {
  const userIdx = await insertUser(t, overrides);
  const token = await insertSession(t, { userIdx, deviceId: `device-${userIdx}` });
  return { userIdx, token };
}

async function likes(t: TestApp, userIdx: number) {
  return await t.handle.values(
    'SELECT f_site_idx FROM site_likes WHERE f_user_idx = ? ORDER BY f_site_idx',
    userIdx,
  );
}

describe('push', () => {
  it('applies the mutations in order and records the last sequence of the client', async () => {
    t = await createTestApp();
    const a = await member(t);
    const site = await insertSite(t, { userIdx: a.userIdx });
    const res = await pushAs(t, {
      token: a.token,
      clientId: 'client-a-0001',
      mutations: [
        mutation({ seq: 1, name: 'setLikeSite', args: { site_idx: site, like_status: 'Y' } }),
        mutation({
          seq: 2,
          name: 'addSiteMemo',
          args: { site_idx: site, memo: '모델하우스 10시', memo_images: [] },
        }),
        mutation({ seq: 3, name: 'setHideSite', args: { site_idx: site, hidden_status: 'Y' } }),
      ],
    });
    expect(res.code).toBe(0);
    expect(res.data.last_seq).toBe(3);
    expect(res.data.results.map((r) => [r.seq, r.status, r.duplicate])).toEqual([
      [1, 'applied', false],
      [2, 'applied', false],
      [3, 'applied', false],
    ]);
    expect(await likes(t, a.userIdx)).toEqual([site]);
    const row = await t.handle.row(
      'SELECT f_hidden, f_remain_days_till_hide FROM sites WHERE f_idx = ?',
      site,
    );
    expect(row).toEqual({ f_hidden: 'Y', f_remain_days_till_hide: 15 });
    const client = await t.handle.value(
      'SELECT last_seq FROM sync_clients WHERE client_id = ?',
      'client-a-0001',
    );
    expect(client).toBe(3);
  });

  it('applies a push sent twice (its answer lost) once: the repeat writes nothing and answers as before', async () => {
    t = await createTestApp();
    const a = await member(t);
    const site = await insertSite(t, { userIdx: a.userIdx });
    const first = [
      mutation({ seq: 1, name: 'setLikeSite', args: { site_idx: site, like_status: 'Y' } }),
      mutation({ seq: 2, name: 'addSiteMemo', args: { site_idx: site, memo: 'first', memo_images: [] } }),
    ];
    const sent = await pushAs(t, { token: a.token, clientId: 'client-a-0001', mutations: first });
    expect(sent.data.last_seq).toBe(2);
    // Later the member unliked the site; then the first push arrives again.
    await pushAs(t, {
      token: a.token,
      clientId: 'client-a-0001',
      mutations: [mutation({ seq: 3, name: 'setLikeSite', args: { site_idx: site, like_status: 'N' } })],
    });
    const before = t.changes();
    const again = await pushAs(t, { token: a.token, clientId: 'client-a-0001', mutations: first });
    expect(t.changes()).toBe(before);
    expect(again.data.last_seq).toBe(3);
    expect(again.data.results.map((r) => [r.seq, r.status, r.duplicate])).toEqual([
      [1, 'applied', true],
      [2, 'applied', true],
    ]);
    expect(await likes(t, a.userIdx)).toEqual([]);
    const logged = await t.handle.value('SELECT COUNT(*) FROM sync_mutations');
    expect(logged).toBe(3);
  });

  it('rejects a mutation for good with code and msg, still advances the sequence, and goes on with the next', async () => {
    t = await createTestApp();
    const a = await member(t);
    const b = await member(t);
    const othersSite = await insertSite(t, { userIdx: b.userIdx });
    const hide = mutation({
      seq: 1,
      name: 'setHideSite',
      args: { site_idx: othersSite, hidden_status: 'Y' },
    });
    const res = await pushAs(t, {
      token: a.token,
      clientId: 'client-a-0001',
      lang: 'en',
      mutations: [
        hide,
        mutation({ seq: 2, name: 'setLikeSite', args: { site_idx: othersSite, like_status: 'Y' } }),
      ],
    });
    expect(res.code).toBe(0);
    expect(res.data.last_seq).toBe(2);
    const [rejected, liked] = res.data.results;
    expect(rejected).toMatchObject({ seq: 1, status: 'rejected', code: ResultCode.apiError });
    expect(rejected?.msg).toBe('Only the member who registered this site can manage it.');
    expect(liked).toMatchObject({ seq: 2, status: 'applied' });
    expect(await t.handle.value('SELECT f_hidden FROM sites WHERE f_idx = ?', othersSite)).toBe('N');
    expect(await likes(t, a.userIdx)).toEqual([othersSite]);
    // Asked again (lost answer), the rejection comes back the same.
    const again = await pushAs(t, {
      token: a.token,
      clientId: 'client-a-0001',
      mutations: [hide],
    });
    expect(again.data.results[0]).toMatchObject({ status: 'rejected', duplicate: true, msg: rejected?.msg });
  });

  it('rejects a mutation with bad arguments with -4 naming the field, writing nothing of it', async () => {
    t = await createTestApp();
    const a = await member(t);
    const site = await insertSite(t, { userIdx: a.userIdx });
    const res = await pushAs(t, {
      token: a.token,
      clientId: 'client-a-0001',
      mutations: [
        {
          seq: 1,
          id: 'mutation-0001',
          name: 'setLikeSite',
          args: { site_idx: site, like_status: 'maybe' },
          created_at: 'x',
        },
        { seq: 2, id: 'mutation-0002', name: 'dropDatabase', args: {}, created_at: 'x' },
        mutation({
          seq: 3,
          name: 'addSiteMemo',
          args: { site_idx: site, memo: 'x', memo_images: ['local-file:abc'] },
        }),
      ],
    });
    expect(res.data.results.map((r) => [r.status, r.code])).toEqual([
      ['rejected', ResultCode.badParameter],
      ['rejected', ResultCode.badParameter],
      ['rejected', ResultCode.badParameter],
    ]);
    expect(res.data.results[0]?.data).toMatchObject({ field: 'args.like_status' });
    expect(res.data.results[2]?.data).toMatchObject({ field: 'memo_images' });
    expect(await likes(t, a.userIdx)).toEqual([]);
    expect(await t.handle.value('SELECT COUNT(*) FROM site_memos')).toBe(0);
  });

  it('answers a malformed push with -4 and writes nothing', async () => {
    t = await createTestApp();
    const a = await member(t);
    const before = t.changes();
    const res = pushAnswer(
      await t.call('/sync/push', {
        token: a.token,
        body: { protocol_version: PROTOCOL_VERSION, client_id: 'short', mutations: [{ seq: 0 }] },
      }),
    );
    expect(res.code).toBe(ResultCode.badParameter);
    expect(t.changes()).toBe(before);
  });

  it('tells a client of an older protocol to reload, for push and pull, writing nothing', async () => {
    t = await createTestApp();
    const a = await member(t);
    const before = t.changes();
    for (const [path, answer] of [
      ['/sync/push', pushAnswer],
      ['/sync/pull', pullAnswer],
    ] as const) {
      const res = answer(
        await t.call(path, {
          token: a.token,
          body: { protocol_version: 0, client: 'whatever the old shape was' },
        }),
      );
      expect(res.code).toBe(ResultCode.apiError);
      expect(res.status).toBe(409);
      expect(res.data).toMatchObject({ reason: PROTOCOL_OUTDATED });
      expect(res.msg).toContain('새로고침');
    }
    expect(t.changes()).toBe(before);
  });

  it("refuses a client id that belongs to another member's device", async () => {
    t = await createTestApp();
    const a = await member(t);
    const b = await member(t);
    await pushAs(t, { token: a.token, clientId: 'client-shared-1', mutations: [] });
    const res = await pushAs(t, { token: b.token, clientId: 'client-shared-1', mutations: [] });
    expect(res.code).toBe(ResultCode.apiError);
    expect(res.status).toBe(403);
    const pulled = await pullPage(t, { token: b.token, clientId: 'client-shared-1' });
    expect(pulled.status).toBe(403);
  });

  it('refuses a member under review before reading the push', async () => {
    t = await createTestApp();
    const pending = await member(t, { f_approval: 'P' });
    const res = await pushAs(t, { token: pending.token, clientId: 'client-p-0001', mutations: [] });
    expect(res.code).toBe(ResultCode.apiError);
    expect(res.status).toBe(403);
  });
});

async function lastSeqOf(t: TestApp, clientId: string) {
  return await t.handle.value('SELECT last_seq FROM sync_clients WHERE client_id = ?', clientId);
}

describe('the order of a client’s sequence', () => {
  it('refuses a push that skips a sequence: nothing from the gap on is applied until the missing one comes', async () => {
    t = await createTestApp();
    const a = await member(t);
    const sites = [await insertSite(t, { userIdx: a.userIdx }), await insertSite(t, { userIdx: a.userIdx })];
    const like = (seq: number, site: number) =>
      mutation({ seq, name: 'setLikeSite', args: { site_idx: site, like_status: 'Y' } });
    await pushAs(t, { token: a.token, clientId: 'client-a-0001', mutations: [like(1, sites[0] as number)] });
    const missing = mutation({
      seq: 2,
      name: 'addSiteMemo',
      args: { site_idx: sites[0] as number, memo: '2번' },
    });
    const after = [like(3, sites[1] as number)];

    const before = t.changes();
    const skipped = await pushAs(t, { token: a.token, clientId: 'client-a-0001', mutations: after });
    expect(skipped.code).toBe(0);
    expect(skipped.data).toEqual({ last_seq: 1, results: [] });
    expect(t.changes()).toBe(before);
    expect(await likes(t, a.userIdx)).toEqual([sites[0]]);

    const resent = await pushAs(t, {
      token: a.token,
      clientId: 'client-a-0001',
      mutations: [missing, ...after],
    });
    expect(resent.data.last_seq).toBe(3);
    expect(resent.data.results.map((r) => [r.seq, r.status, r.duplicate])).toEqual([
      [2, 'applied', false],
      [3, 'applied', false],
    ]);
    expect(await likes(t, a.userIdx)).toEqual(sites);
    expect(await t.handle.values('SELECT f_memo FROM site_memos')).toEqual(['2번']);
  });

  it('applies a push up to its gap and says where it stopped', async () => {
    t = await createTestApp();
    const a = await member(t);
    const site = await insertSite(t, { userIdx: a.userIdx });
    const res = await pushAs(t, {
      token: a.token,
      clientId: 'client-a-0001',
      mutations: [
        mutation({ seq: 1, name: 'setLikeSite', args: { site_idx: site, like_status: 'Y' } }),
        mutation({ seq: 2, name: 'addSiteMemo', args: { site_idx: site, memo: '먼저' } }),
        mutation({ seq: 4, name: 'setHideSite', args: { site_idx: site, hidden_status: 'Y' } }),
      ],
    });
    expect(res.data.last_seq).toBe(2);
    expect(res.data.results.map((r) => r.seq)).toEqual([1, 2]);
    expect(await t.handle.value('SELECT f_hidden FROM sites WHERE f_idx = ?', site)).toBe('N');
    expect(await lastSeqOf(t, 'client-a-0001')).toBe(2);
  });

  it('answers a repeat as a duplicate from its recorded outcome, with the data recorded then', async () => {
    t = await createTestApp();
    const a = await member(t);
    const save = mutation({
      seq: 1,
      name: 'saveSiteDraft',
      args: { draft_id: 'draft-order-0001', site_type: 'G', changes: { f_name: '순서 현장' } },
    });
    const first = await pushAs(t, { token: a.token, clientId: 'client-a-0001', mutations: [save] });
    const before = t.changes();
    const again = await pushAs(t, { token: a.token, clientId: 'client-a-0001', mutations: [save] });
    expect(t.changes()).toBe(before);
    expect(again.data.results).toEqual([{ ...first.data.results[0], duplicate: true }]);
    expect(again.data.results[0]?.data).toEqual({ site_idx: expect.any(Number) });
  });

  it('does not answer a sequence it has already used as applied when its record holds another mutation or none', async () => {
    t = await createTestApp();
    const a = await member(t);
    const site = await insertSite(t, { userIdx: a.userIdx });
    await pushAs(t, {
      token: a.token,
      clientId: 'client-a-0001',
      mutations: [
        mutation({ seq: 1, name: 'setLikeSite', args: { site_idx: site, like_status: 'Y' } }),
        mutation({ seq: 2, name: 'setLikeSite', args: { site_idx: site, like_status: 'N' } }),
      ],
    });
    const before = t.changes();
    const other = await pushAs(t, {
      token: a.token,
      clientId: 'client-a-0001',
      mutations: [
        mutation({ seq: 2, name: 'addSiteMemo', args: { site_idx: site, memo: '다른 변경' } }),
        mutation({ seq: 3, name: 'setHideSite', args: { site_idx: site, hidden_status: 'Y' } }),
      ],
    });
    expect(other.data).toEqual({ last_seq: 2, results: [] });
    expect(t.changes()).toBe(before);

    // The outcome of sequence 1 is gone (kept outcomes are pruned): it is not made up.
    await t.handle.all('DELETE FROM sync_mutations WHERE seq = 1');
    const pruned = await pushAs(t, {
      token: a.token,
      clientId: 'client-a-0001',
      mutations: [mutation({ seq: 1, name: 'addSiteMemo', args: { site_idx: site, memo: '잃어버린 변경' } })],
    });
    expect(pruned.data).toEqual({ last_seq: 2, results: [] });
    expect(await t.handle.value('SELECT COUNT(*) FROM site_memos')).toBe(0);
    expect(await t.handle.value('SELECT f_hidden FROM sites WHERE f_idx = ?', site)).toBe('N');
  });
});

describe('who may do what (spec §6)', () => {
  it('lets only the owner or an admin hide a site', async () => {
    t = await createTestApp();
    const owner = await member(t);
    const other = await member(t);
    const admin = await member(t, { f_type: 'A' });
    const site = await insertSite(t, { userIdx: owner.userIdx });
    const byOther = await t.call('/site/setHideSite', {
      token: other.token,
      body: { site_idx: site, hidden_status: 'Y' },
    });
    expect(byOther.code).toBe(ResultCode.apiError);
    const byAdmin = await t.call('/site/setHideSite', {
      token: admin.token,
      body: { site_idx: site, hidden_status: 'Y' },
    });
    expect(byAdmin).toMatchObject({ code: 0, data: { site_idx: site, hidden_status: 'Y' } });
    const byOwner = await t.call('/site/setHideSite', {
      token: owner.token,
      body: { site_idx: String(site), hidden_status: 'N' },
    });
    expect(byOwner.code).toBe(0);
    expect(await t.handle.value('SELECT f_hidden FROM sites WHERE f_idx = ?', site)).toBe('N');
  });

  it('lets the owner, an admin or a member of the site group complete it; others get "not a group member"', async () => {
    t = await createTestApp();
    const owner = await member(t);
    const mate = await member(t);
    const stranger = await member(t);
    const group = await createGroup({
      db: t.deps.db,
      name: '강남팀',
      ownerIdx: owner.userIdx,
      now: new Date(),
    });
    await t.deps.db
      .insertInto('group_members')
      .values({ f_group_idx: group, f_user_idx: mate.userIdx, f_reg_time: 'x', f_last_visit: null })
      .execute();
    const shared = await insertSite(t, { userIdx: owner.userIdx, f_group_idx: group });
    const byMate = await t.call('/site/setCompleteSite', {
      token: mate.token,
      body: { site_idx: shared, complete_status: 'Y' },
    });
    expect(byMate.code).toBe(0);
    const byStranger = await t.call('/site/setCompleteSite', {
      token: stranger.token,
      body: { site_idx: shared, complete_status: 'N' },
    });
    expect(byStranger.code).toBe(ResultCode.notGroupMember);
    expect(await t.handle.value('SELECT f_complete FROM sites WHERE f_idx = ?', shared)).toBe('Y');
  });

  it("treats another member's draft and a deleted site as not there", async () => {
    t = await createTestApp();
    const a = await member(t);
    const b = await member(t);
    const draft = await insertSite(t, { userIdx: b.userIdx, f_status: 'P' });
    const dropped = await insertSite(t, { userIdx: b.userIdx, f_status: 'D' });
    for (const site of [draft, dropped]) {
      const res = await t.call('/site/setLikeSite', {
        token: a.token,
        body: { site_idx: site, like_status: 'Y' },
      });
      expect(res.code).toBe(ResultCode.apiError);
      expect(res.status).toBe(404);
    }
    expect(await likes(t, a.userIdx)).toEqual([]);
  });

  it('runs the plain RPC and the pushed mutation through the same code', async () => {
    t = await createTestApp();
    const a = await member(t);
    const site = await insertSite(t, { userIdx: a.userIdx });
    const rpc = await t.call('/site/addSiteMemo', {
      token: a.token,
      body: { site_idx: site, memo: '직접 저장', memo_images: ['/uploads/2026/11/a.webp'] },
    });
    expect(rpc).toMatchObject({ code: 0, data: { site_idx: site } });
    const memo = await t.handle.row('SELECT f_memo, f_memo_images FROM site_memos');
    expect(memo).toEqual({ f_memo: '직접 저장', f_memo_images: '["/uploads/2026/11/a.webp"]' });
    const bad = await t.call('/site/addSiteMemo', {
      token: a.token,
      body: { site_idx: site, memo: 'x', memo_images: ['local-file:1234'] },
    });
    expect(bad.code).toBe(ResultCode.badParameter);
  });

  it('answers the same mutation under a second number from its first outcome, so it is applied once', async () => {
    t = await createTestApp();
    const a = await member(t);
    const sites = async () => await t.handle.value('SELECT COUNT(*) FROM sites');
    // A new site saved finally makes a new row each time it is applied.
    const save = mutation({ seq: 1, name: 'saveSite', args: { site_type: 'G', changes: generalSite() } });
    const first = await pushAs(t, { token: a.token, clientId: 'two-tabs-0001', mutations: [save] });
    expect(first.data.results[0]).toMatchObject({ seq: 1, status: 'applied', duplicate: false });
    const before = await sites();
    // Another tab, without a lock between them, numbered the same queued change 2.
    const again = await pushAs(t, {
      token: a.token,
      clientId: 'two-tabs-0001',
      mutations: [{ ...save, seq: 2 }],
    });
    expect(again.data.results[0]).toMatchObject({ seq: 2, status: 'applied', duplicate: true });
    expect(again.data.results[0]?.data).toEqual(first.data.results[0]?.data);
    expect(again.data.last_seq).toBe(2);
    expect(await sites()).toBe(before);
  });
});
