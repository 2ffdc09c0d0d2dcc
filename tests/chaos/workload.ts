import type { Rng } from '../../server/seed/random.ts';
import type { LocalDraft, OutboxEntry } from '../../src/db/db.ts';
import {
  finalSave,
  localSessionOfSite,
  newSession,
  sessionOfDraft,
  temporarySave,
} from '../../src/features/registration/draft-store.ts';
import type { MutatorInput, MutatorName } from '../../sync/mutators.ts';
import { siteReportTypes, unitReportTypes } from '../../sync/reports/report-types.ts';
import type { RegistrationFields } from '../../sync/sites/registration.ts';
import { generalSite, newOpenSite } from '../support/registration-data.ts';
import type { Device } from './device.ts';
import type { History } from './history.ts';
import { changeGroup, purchase, refreshPosts, transfer, viewSite } from './online.ts';
import type { OpKind } from './schedule.ts';
import type { World } from './world.ts';

/**
 * What an agent does on a device, one operation at a time, the way the app's screens do it:
 * offline operations through the device's engine (registration through the app's own draft
 * store), online ones as the app's calls through the device's link. Each write that the app
 * would show as saved is recorded with a marker only it carries, so the checker can count its
 * effect on the server.
 */

export interface Shared {
  world: World;
  history: History;
  /** Sites any device has shown: what an agent could open by searching. */
  knownSites: Set<number>;
  /** Community posts seen in an online list, for comments. */
  knownPosts: Set<number>;
  /** A counter for markers. */
  serial: number;
}

export type Outcome = { done: string } | { skipped: string };

const skipped = (why: string): Outcome => ({ skipped: why });

export async function performOp({
  device,
  op,
  rng,
  shared,
}: {
  device: Device;
  op: OpKind;
  rng: Rng;
  shared: Shared;
}): Promise<Outcome> {
  const engine = device.engine;
  const db = device.db;
  if (!engine || !db) return skipped('device not running');
  const marker = () =>
    `c${shared.world.members.length}-${device.index}-${++shared.serial}-${rng.int(0, 1e6)}`;
  const mutate = async <N extends MutatorName>(name: N, args: MutatorInput<N>, mark?: string) => {
    const entry: OutboxEntry = await engine.mutate(name, args);
    shared.history.recordWrite({
      device: device.index,
      memberIdx: device.member.idx,
      entry,
      ...(mark ? { marker: mark } : {}),
    });
    return entry;
  };
  const snapshot = await device.observe('before-op');
  if (!snapshot) return skipped('device not running');
  const sites = [...snapshot.sites.entries()].filter(([idx]) => idx > 0);
  for (const [idx] of sites) shared.knownSites.add(idx);
  const own = sites.filter(([, s]) => (s.row as { f_user_idx?: number }).f_user_idx === device.member.idx);
  const openSites = sites.filter(
    ([idx, s]) => (s.row as { f_site_type?: string }).f_site_type === 'O' && snapshot.dongs.has(idx),
  );
  const anySite = () =>
    sites.length > 0 && rng.chance(0.85) ? rng.pick(sites)[0] : rng.pick([...shared.knownSites, 1]);

  switch (op) {
    case 'like': {
      const site = anySite();
      await mutate('setLikeSite', { site_idx: site, like_status: snapshot.likes.has(site) ? 'N' : 'Y' });
      return { done: `like ${site}` };
    }
    case 'memo': {
      if (sites.length === 0) return skipped('no site');
      const site = rng.pick(sites)[0];
      const mark = marker();
      await mutate('addSiteMemo', { site_idx: site, memo: `메모 ${mark}` }, mark);
      return { done: `memo ${site}` };
    }
    case 'draft': {
      const drafts = (await db.drafts.toArray()) as LocalDraft[];
      const draft = drafts.length > 0 && rng.chance(0.7) ? rng.pick(drafts) : null;
      if (draft && rng.chance(0.3)) {
        // The registration finished: the final save of the draft.
        const session = sessionOfDraft(draft);
        await finalSave({
          engine,
          session,
          fields: complete(session.kind, `등록 ${marker()}`, device.groups),
        });
        recordLast({ device, shared, name: 'saveSite', marker: draft.key });
        return { done: `final save of draft ${draft.key}` };
      }
      const session = draft ? sessionOfDraft(draft) : newSession({ kind: rng.chance(0.5) ? 'O' : 'G' });
      const fields: RegistrationFields = {
        ...session.fields,
        f_name: `임시 ${marker()}`,
        f_room_num: rng.int(0, 10),
      };
      await temporarySave({ engine, session, fields, step: rng.int(1, 2) });
      recordLast({ device, shared, name: 'saveSiteDraft', marker: session.draftId ?? undefined });
      return { done: `draft ${session.draftId}` };
    }
    case 'removeDraft': {
      const drafts = (await db.drafts.toArray()) as LocalDraft[];
      if (drafts.length === 0) return skipped('no draft');
      const draft = rng.pick(drafts);
      await mutate('removeSiteDraft', { draft_id: draft.key, site_idx: draft.site_idx ?? null });
      return { done: `remove draft ${draft.key}` };
    }
    case 'register': {
      const session = newSession({ kind: rng.chance(0.5) ? 'O' : 'G' });
      await finalSave({ engine, session, fields: complete(session.kind, `신규 ${marker()}`, device.groups) });
      recordLast({ device, shared, name: 'saveSite', marker: session.draftId ?? undefined });
      return { done: `register ${session.draftId}` };
    }
    case 'unitEdit':
    case 'siteEdit': {
      const pool = op === 'unitEdit' ? openSites : sites;
      if (pool.length === 0) return skipped('no site to edit');
      const site = rng.pick(pool)[0];
      const opened = await localSessionOfSite({ db, siteIdx: site });
      if (!opened) return skipped('site not editable here');
      const fields = structuredClone(opened.session.fields);
      if (op === 'unitEdit') {
        const dong = fields.dongs.length > 0 ? rng.pick(fields.dongs) : null;
        const ho = dong && dong.hos.length > 0 ? rng.pick(dong.hos) : null;
        if (!ho) return skipped('no unit');
        ho.f_sale_price = rng.int(30_000, 90_000);
        ho.f_memo = `호 메모 ${marker()}`;
      } else {
        fields.f_memo = `현장 메모 ${marker()}`;
        if (rng.chance(0.5)) fields.f_parking_type = rng.pick(['0', '1', '2', '3']);
      }
      await finalSave({ engine, session: opened.session, fields });
      recordLast({ device, shared, name: 'saveSite' });
      return { done: `${op} ${site}` };
    }
    case 'hide': {
      const pool = own.length > 0 && rng.chance(0.8) ? own : sites;
      if (pool.length === 0) return skipped('no site');
      const [site, row] = rng.pick(pool);
      await mutate('setHideSite', { site_idx: site, hidden_status: row.f_hidden === 'Y' ? 'N' : 'Y' });
      return { done: `hide ${site}` };
    }
    case 'complete': {
      if (sites.length === 0) return skipped('no site');
      const [site, row] = rng.pick(sites);
      await mutate('setCompleteSite', {
        site_idx: site,
        complete_status: row.f_complete === 'Y' ? 'N' : 'Y',
      });
      return { done: `complete ${site}` };
    }
    case 'reportSite': {
      if (openSites.length === 0) return skipped('no new-open site');
      const site = rng.pick(openSites)[0];
      const mark = marker();
      await mutate(
        'reportSite',
        { site_idx: site, report_type: rng.pick(siteReportTypes), memo: `제보 ${mark}` },
        mark,
      );
      return { done: `report site ${site}` };
    }
    case 'reportUnit': {
      if (openSites.length === 0) return skipped('no new-open site');
      const site = rng.pick(openSites)[0];
      // Units saved on the device and not synced yet (negative ids) offer no report (UnitInfoPopup).
      const hos = (snapshot.dongs.get(site) ?? [])
        .flatMap((d) => (d as { hos?: Array<{ f_idx: number }> }).hos ?? [])
        .filter((h) => h.f_idx > 0);
      if (hos.length === 0) return skipped('no unit');
      const mark = marker();
      await mutate(
        'reportHo_app',
        {
          site_idx: site,
          ho_idx: rng.pick(hos).f_idx,
          report_type: rng.pick(unitReportTypes),
          memo: `호 제보 ${mark}`,
        },
        mark,
      );
      return { done: `report unit of ${site}` };
    }
    case 'post': {
      const mark = marker();
      await mutate(
        'addCommunity',
        {
          // Now and then a notice, which only admins may post: a refusal the member must see.
          type: rng.chance(0.08) ? 'N' : rng.pick(['S', 'W', 'R'] as const),
          title: `글 ${mark}`,
          content: `카오스 테스트 본문 ${mark}`,
          phone: device.member.phone,
          agree: 'Y',
          made: rng.chance(0.3) ? 'Y' : 'N',
          push: rng.chance(0.2) ? 'Y' : 'N',
        },
        mark,
      );
      return { done: 'post' };
    }
    case 'comment': {
      if (shared.knownPosts.size === 0) await refreshPosts({ device, shared });
      if (shared.knownPosts.size === 0) return skipped('no post known');
      const post = rng.pick([...shared.knownPosts]);
      const mark = marker();
      await mutate('addComment', { community_idx: post, comment: `댓글 ${mark}` }, mark);
      return { done: `comment on ${post}` };
    }
    case 'notify': {
      const pool = sites.filter(([, s]) => (s.row as { f_status?: string }).f_status === 'N');
      if (pool.length === 0) return skipped('no site');
      const site = rng.pick(pool)[0];
      const mark = marker();
      await mutate(
        'addNotify',
        {
          title: `알림 ${mark}`,
          content: `카오스 알림 ${mark}`,
          site_idx: site,
          made: rng.chance(0.3) ? 'Y' : 'N',
        },
        mark,
      );
      return { done: `notify about ${site}` };
    }
    case 'read': {
      const unread = [...snapshot.inbox.values()].filter((r) => r.f_read === 'N');
      if (unread.length === 0) return skipped('nothing unread');
      const notify = rng.chance(0.1) ? 0 : rng.pick(unread).f_notify_idx;
      await mutate('setRead', { notify_idx: notify });
      return { done: `read ${notify}` };
    }
    case 'resolve': {
      const conflicts = [...snapshot.conflicts.values()];
      if (conflicts.length === 0) return skipped('no conflict');
      const conflict = rng.pick(conflicts);
      const choose = Object.fromEntries(
        conflict.fields.map((f) => [f, rng.chance(0.5) ? 'mine' : 'theirs'] as const),
      );
      await mutate('resolveConflict', { conflict_idx: conflict.f_idx, draft_id: conflict.draft_id, choose });
      return { done: `resolve conflict ${conflict.f_idx}` };
    }
    case 'dismiss': {
      const rejected = snapshot.outbox.filter((e) => e.status === 'rejected');
      if (rejected.length === 0) return skipped('nothing refused');
      // The snapshot above showed it refused; the member read it and dismisses it.
      const entry = rng.pick(rejected);
      await engine.dismiss(entry.seq as number);
      return { done: `dismiss ${entry.name}` };
    }
    case 'view':
      return viewSite({ device, shared, site: anySite() });
    case 'groupLeave':
    case 'groupAdd':
      return changeGroup({ device, shared, rng, leave: op === 'groupLeave' });
    case 'transfer':
      return transfer({ device, shared, rng, own: own.map(([idx]) => idx) });
    case 'purchase':
      return purchase({ device, shared, rng });
  }
}

/** A registration that passes every rule of spec §5. */
function complete(kind: 'O' | 'G', name: string, groups: number[]): RegistrationFields {
  // Spec §5: a member with groups registers into one of them (the first the device knows).
  const overrides = { f_name: name, f_group_idx: groups[0] ?? null };
  return kind === 'O' ? newOpenSite(overrides) : generalSite(overrides);
}

/** Records the entry the app's draft store just queued (the last of the device's outbox). */
function recordLast({
  device,
  shared,
  name,
  marker,
}: {
  device: Device;
  shared: Shared;
  name: string;
  marker?: string | undefined;
}): void {
  const entry = device.lastQueued;
  if (!entry || entry.name !== name) throw new Error(`expected ${name} to be queued`);
  shared.history.recordWrite({
    device: device.index,
    memberIdx: device.member.idx,
    entry,
    ...(marker ? { marker } : {}),
  });
}
