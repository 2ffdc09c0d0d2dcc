import { afterEach, describe, expect, it } from 'vitest';
import type { MutatorInput, MutatorName } from '../../sync/mutators.ts';
import { operations } from '../operations.ts';
import { generalSite, member } from '../sites/registration.fixtures.ts';
import type { TestApp } from '../testing/fixtures.ts';
import { createTestApp } from '../testing/fixtures.ts';
import { mutation, pushAs } from '../testing/sync-fixtures.ts';
import { serverMutators } from './registry.ts';

let t: TestApp;
afterEach(async () => {
  await t?.close();
});

/** Arguments that would be accepted from an unrestricted member, for each operation that writes. */
const writeSamples: Partial<{ [N in MutatorName]: MutatorInput<N> }> = {
  saveSiteDraft: { draft_id: 'draft-limited-01', site_type: 'G', changes: { f_name: '한강 뷰 오피스텔' } },
  saveSite: { site_type: 'G', changes: generalSite() },
  reportSite: { site_idx: 1, report_type: 'SC', complete_status: 'Y' },
  reportHo_app: { site_idx: 1, ho_idx: 1, report_type: 'HC', complete_status: 'Y' },
  addCommunity: {
    type: 'R',
    title: '현장 후기',
    content: '오늘 다녀왔습니다',
    phone: '01020000001',
    agree: 'Y',
  },
  addComment: { community_idx: 1, comment: '감사합니다' },
  // Edits of posts, comments and notifications (refused before their target is looked up).
  updateCommunity: {
    community_idx: 1,
    type: 'R',
    title: '현장 후기',
    content: '오늘 다녀왔습니다',
    phone: '01020000001',
    agree: 'Y',
  },
  updateComment: { community_idx: 1, comment_idx: 1, comment: '감사합니다' },
  // Notifications
  addNotify: { title: '분양 개시', content: '오늘부터 계약', site_idx: 1 },
  updateNotify: { notify_idx: 1, title: '분양 개시', content: '오늘부터 계약', site_idx: 1 },
};

const writing = Object.values(serverMutators).filter((m) => m.access.write);

async function siteRows(t: TestApp): Promise<number> {
  return (await t.handle.value('SELECT COUNT(*) FROM sites')) as number;
}

describe('the access of an offline operation', () => {
  it('is the access of each of its online forms', () => {
    for (const mutator of Object.values(serverMutators)) {
      for (const { call } of mutator.rpc) {
        const route = operations.find((op) => op.call.operationId === call.operationId);
        expect(route?.access, `${call.operationId} runs ${mutator.name}`).toEqual(mutator.access);
      }
    }
  });

  it('refuses a write-limited member the same way online and offline: one code, one message, nothing written', async () => {
    t = await createTestApp();
    const releaseAt = new Date(Date.now() + 3 * 86_400_000);
    const limited = await member(t, { f_status: 'WL', f_release_date: releaseAt.toISOString() });
    // The message names the day in Seoul, which is the next UTC day from 15:00 UTC.
    const release = new Intl.DateTimeFormat('sv-SE', { timeZone: 'Asia/Seoul' }).format(releaseAt);
    expect(writing.map((m) => m.name).sort()).toEqual(Object.keys(writeSamples).sort());
    let seq = 0;
    for (const mutator of writing) {
      const args = writeSamples[mutator.name];
      const [rpc] = mutator.rpc;
      expect(rpc, `${mutator.name} has an online form`).toBeDefined();
      if (!rpc || !args) continue;
      for (const lang of ['ko', 'en'] as const) {
        const before = await siteRows(t);
        const online = await t.call(`${rpc.call.path}`, {
          token: limited.token,
          body: args,
          headers: { 'accept-language': lang },
        });
        seq += 1;
        const offline = await pushAs(t, {
          token: limited.token,
          clientId: 'client-limited-01',
          mutations: [mutation({ seq, name: mutator.name, args } as never)],
          lang,
        });
        const [result] = offline.data.results;
        expect(online.code).toBe(-1);
        expect(online.msg).toContain(release);
        expect(result).toMatchObject({ status: 'rejected', code: online.code, msg: online.msg });
        expect(await siteRows(t)).toBe(before);
      }
    }
  });

  it('lets a write-limited member do what needs no writing right, online and offline', async () => {
    t = await createTestApp();
    const owner = await member(t);
    const limited = await member(t, {
      f_status: 'WL',
      f_release_date: new Date(Date.now() + 86_400_000).toISOString(),
    });
    const saved = await t.call<{ site_idx: number }>('/site/addSite_app', {
      token: owner.token,
      body: { site_type: 'G', changes: generalSite() },
    });
    const site = saved.data.site_idx;
    const online = await t.call('/site/setLikeSite', {
      token: limited.token,
      body: { site_idx: site, like_status: 'Y' },
    });
    expect(online.code).toBe(0);
    const offline = await pushAs(t, {
      token: limited.token,
      clientId: 'client-limited-02',
      mutations: [mutation({ seq: 1, name: 'addSiteMemo', args: { site_idx: site, memo: '오후 방문' } })],
    });
    expect(offline.data.results[0]).toMatchObject({ status: 'applied' });
  });
});
