import { afterEach, describe, expect, it } from 'vitest';
import { addGroupMember, createGroup } from '../../server/groups/membership.ts';
import { createRng, type Rng } from '../../server/seed/random.ts';
import { createTestApp, insertSession, insertUser, type TestApp } from '../../server/testing/fixtures.ts';
import { fold, insertSite, pullAll } from '../../server/testing/sync-fixtures.ts';
import type { LocalDb } from '../../src/db/db.ts';
import type { SyncEngine } from '../../src/sync/engine.ts';
import { createTestEngine, dropDb, type TestNetwork } from '../../src/sync/testing.ts';
import type { Change } from '../../sync/protocol.ts';
import { draftFieldsOfSite } from '../../sync/site-fields.ts';

let t: TestApp;
const dbs: LocalDb[] = [];
afterEach(async () => {
  for (const db of dbs.splice(0)) await dropDb(db);
  await t?.close();
});

interface Client {
  name: string;
  userIdx: number;
  token: string;
  engine: SyncEngine;
  db: LocalDb;
  network: TestNetwork;
  ownSites: number[];
  drafts: number;
}

/** One random edit a member may make: nothing here is refused by the server. */
async function randomEdit({ client, rng, sharedSites }: { client: Client; rng: Rng; sharedSites: number[] }) {
  const { engine, db } = client;
  const site = rng.pick([...sharedSites, ...client.ownSites]);
  switch (rng.int(0, 5)) {
    case 0:
      await engine.mutate('setLikeSite', { site_idx: site, like_status: rng.chance(0.5) ? 'Y' : 'N' });
      break;
    case 1:
      await engine.mutate('addSiteMemo', { site_idx: site, memo: `${client.name} ${rng.int(0, 999)}` });
      break;
    case 2:
      await engine.mutate('setHideSite', {
        site_idx: rng.pick(client.ownSites),
        hidden_status: rng.chance(0.5) ? 'Y' : 'N',
      });
      break;
    case 3:
      await engine.mutate('setCompleteSite', {
        site_idx: site,
        complete_status: rng.chance(0.5) ? 'Y' : 'N',
      });
      break;
    case 4: {
      const drafts = await db.drafts.toArray();
      const draft = drafts.length > 0 && rng.chance(0.7) ? rng.pick(drafts) : null;
      const key = draft?.key ?? `draft-${client.name}-${client.drafts++}`;
      const payload = (draft?.payload ?? {}) as Record<string, unknown>;
      const changes = { f_name: `${client.name} 현장 ${rng.int(0, 99)}`, f_room_num: rng.int(0, 10) };
      await engine.mutate('saveSiteDraft', {
        draft_id: key,
        site_idx: draft?.site_idx ?? null,
        site_type: 'G',
        base_version: draft?.base_version ?? null,
        base: { f_name: payload.f_name as string, f_room_num: payload.f_room_num as number },
        changes,
      });
      break;
    }
    default: {
      const drafts = await db.drafts.toArray();
      if (drafts.length === 0) break;
      const draft = rng.pick(drafts);
      await engine.mutate('removeSiteDraft', { draft_id: draft.key, site_idx: draft.site_idx });
    }
  }
}

/** What a new device of this member would hold: a full pull, folded. */
async function serverView(client: Client) {
  const state = fold(
    (await pullAll(t, { token: client.token, clientId: `fresh-${client.userIdx}-x` })).changes,
  );
  const of = <T extends Change['t']>(entity: T) =>
    [...state.values()].filter(
      (c): c is Extract<Change, { t: T; op: 'put' }> => c.t === entity && c.op === 'put',
    );
  const sites = of('site');
  return {
    sites: sites
      .filter((c) => c.row.f_status === 'N')
      .map((c) => ({
        f_idx: c.key,
        f_hidden: c.row.f_hidden,
        f_complete: c.row.f_complete,
        version: c.row.version,
      }))
      .sort((a, b) => a.f_idx - b.f_idx),
    drafts: sites
      .filter((c) => c.row.f_status === 'P')
      .map((c) => ({ site_idx: c.key, payload: draftFieldsOfSite(c.row), base_version: c.row.version }))
      .sort((a, b) => a.site_idx - b.site_idx),
    likes: of('like')
      .map((c) => c.key)
      .sort((a, b) => a - b),
    memos: of('memo')
      .map((c) => ({ site: c.key, memo: c.row.f_memo }))
      .sort((a, b) => a.site - b.site),
  };
}

async function deviceView({ db }: Client) {
  return {
    sites: (await db.sites.toArray())
      .map((s) => ({ f_idx: s.f_idx, f_hidden: s.f_hidden, f_complete: s.f_complete, version: s.version }))
      .sort((a, b) => a.f_idx - b.f_idx),
    drafts: (await db.drafts.toArray())
      .map((d) => ({ site_idx: d.site_idx as number, payload: d.payload, base_version: d.base_version }))
      .sort((a, b) => a.site_idx - b.site_idx),
    likes: (await db.likes.toArray()).map((l) => l.f_site_idx).sort((a, b) => a - b),
    memos: (await db.memos.toArray())
      .map((m) => ({ site: m.f_site_idx, memo: m.memo }))
      .sort((a, b) => a.site - b.site),
  };
}

describe('two devices editing at random with random disconnects', () => {
  it('end with empty outboxes and exactly the server’s data after 50 rounds', async () => {
    t = await createTestApp();
    // SYNC_SEED=n tries another sequence of edits and disconnects.
    const rng = createRng(Number(process.env.SYNC_SEED ?? 20261121));
    const lead = await insertUser(t);
    const group = await createGroup({ db: t.deps.db, name: '공동중개', ownerIdx: lead, now: new Date() });
    const sharedSites: number[] = [];
    for (let i = 0; i < 4; i++) sharedSites.push(await insertSite(t, { userIdx: lead, f_group_idx: group }));
    const clients: Client[] = [];
    for (const name of ['a', 'b']) {
      const userIdx = await insertUser(t);
      await addGroupMember({ db: t.deps.db, groupIdx: group, userIdx, now: new Date() });
      const ownSites = [
        await insertSite(t, { userIdx, f_group_idx: group }),
        await insertSite(t, { userIdx }),
      ];
      const token = await insertSession(t, { userIdx, deviceId: `device-${name}` });
      const made = createTestEngine({
        fetchImpl: (url, init) => t.app.request(url, init),
        token,
        deviceId: `device-${name}`,
        batchSize: 3,
      });
      dbs.push(made.db);
      clients.push({ name, userIdx, token, ...made, ownSites, drafts: 0 });
    }
    const everyonesSites = [...sharedSites, ...clients.flatMap((c) => c.ownSites.slice(0, 1))];

    for (let round = 0; round < 50; round++) {
      for (const client of clients) {
        client.network.online = rng.chance(0.7);
        client.network.dropAnswers = rng.chance(0.15) ? 1 : 0;
        for (let i = rng.int(1, 3); i > 0; i--)
          await randomEdit({ client, rng, sharedSites: everyonesSites });
        if (rng.chance(0.6)) await client.engine.sync().catch(() => {});
      }
    }
    for (const client of clients) {
      client.network.online = true;
      client.network.dropAnswers = 0;
    }
    // Each device syncs twice, so each also sees the other's last changes.
    for (let i = 0; i < 2; i++) for (const client of clients) await client.engine.sync();

    for (const client of clients) {
      expect(await client.db.outbox.count()).toBe(0);
      expect(await client.db.shadows.count()).toBe(0);
      expect(client.engine.status()).toMatchObject({ pending: 0, rejected: 0, conflicts: 0 });
      expect(await deviceView(client)).toEqual(await serverView(client));
    }
    const applied = await t.handle.value("SELECT COUNT(*) FROM sync_mutations WHERE status != 'applied'");
    expect(applied).toBe(0);
  });
});
