import type SQLite from 'better-sqlite3';
import type { Transaction } from 'kysely';
import type { MutatorArgs, MutatorName } from '../../sync/mutators.ts';
import {
  type DraftField,
  type DraftFields,
  draftFieldsOfSite,
  editableSiteColumnNames,
  jsonArraySiteColumns,
  LOCAL_FILE_PREFIX,
  sameValue,
} from '../../sync/site-fields.ts';
import { authMessages } from '../auth/auth.messages.ts';
import type { AuthInfo } from '../auth/session.ts';
import type { Database } from '../db/schema.ts';
import { badParameter, forbidden, notFound, notGroupMember, ruleViolation } from '../http/errors.ts';
import { siteMessages } from '../sites/detail.messages.ts';
import { resolveSiteConflict, saveSiteEffect } from '../sites/registration.service.ts';
import { emptySiteColumns } from '../sites/sites.tables.ts';
import { stampSiteState } from '../sites/visibility.repository.ts';
import { mergeEdit, pick } from './merge.ts';
import { loadSiteRows, UNIT_COLUMNS } from './site-rows.ts';
import { cached } from './statements.ts';
import { syncMessages } from './sync.messages.ts';

/**
 * The authoritative effect of every offline operation of sync/mutators.ts, with the server's
 * own checks (spec §6). Each runs inside the one transaction its caller opened: the push
 * endpoint (one per mutation, with the client's sequence) or the plain RPC endpoint.
 * Refusals are thrown as AppError; whatever was written is then rolled back.
 */

export type Tx = Transaction<Database>;

export interface MutationContext {
  tx: Tx;
  /** The same connection, for bulk statements; only used inside the transaction. */
  sqlite: SQLite.Database;
  auth: AuthInfo;
  now: Date;
  clientId: string | null;
  mutationId: string | null;
}

export interface MutationOutcome {
  status: 'applied' | 'conflict';
  data: unknown;
}

type ServerMutators = {
  [N in MutatorName]: (input: { ctx: MutationContext; args: MutatorArgs<N> }) => Promise<MutationOutcome>;
};

const applied = (data: unknown): MutationOutcome => ({ status: 'applied', data });

interface SiteHead {
  f_idx: number;
  f_user_idx: number;
  f_group_idx: number | null;
  f_status: 'N' | 'P' | 'D';
  f_site_type: 'O' | 'G' | 'U';
  f_client_id: string | null;
}

const SITE_HEAD = 'SELECT f_idx, f_user_idx, f_group_idx, f_status, f_site_type, f_client_id FROM sites';

async function loadSite({
  ctx,
  siteIdx,
}: {
  ctx: MutationContext;
  siteIdx: number;
}): Promise<SiteHead | null> {
  return (
    (cached({ sqlite: ctx.sqlite, sql: `${SITE_HEAD} WHERE f_idx = ?` }).get(siteIdx) as
      | SiteHead
      | undefined) ?? null
  );
}

/** A registered site, or the member's own draft; deleted (D) sites and others' drafts do not exist. */
async function visibleSite({ ctx, siteIdx }: { ctx: MutationContext; siteIdx: number }) {
  const site = await loadSite({ ctx, siteIdx });
  const userIdx = ctx.auth.user.f_idx;
  if (!site || site.f_status === 'D' || (site.f_status === 'P' && site.f_user_idx !== userIdx)) {
    throw notFound(syncMessages.siteNotFound);
  }
  return site;
}

async function isGroupMember({ ctx, groupIdx }: { ctx: MutationContext; groupIdx: number }) {
  const row = cached({
    sqlite: ctx.sqlite,
    sql: 'SELECT 1 FROM group_members WHERE f_group_idx = ? AND f_user_idx = ?',
  }).get(groupIdx, ctx.auth.user.f_idx);
  return row !== undefined;
}

/** Images reach the server only after the device uploaded them (src/sync/files.ts). */
function refuseLocalFiles({ value, field }: { value: unknown; field: string }): void {
  const walk = (v: unknown): boolean =>
    typeof v === 'string'
      ? v.startsWith(LOCAL_FILE_PREFIX)
      : Array.isArray(v)
        ? v.some(walk)
        : v !== null && typeof v === 'object'
          ? Object.values(v).some(walk)
          : false;
  if (walk(value)) throw badParameter({ field, reason: 'image not uploaded yet' });
}

function refuseWriteLimited(ctx: MutationContext): void {
  const { user } = ctx.auth;
  if (user.f_status === 'WL' && user.f_release_date && new Date(user.f_release_date) > ctx.now) {
    throw ruleViolation(authMessages.writeLimited, {
      status: 403,
      params: { date: user.f_release_date.slice(0, 10) },
    });
  }
}

// --- drafts -----------------------------------------------------------------------------

function readDraft({ ctx, siteIdx }: { ctx: MutationContext; siteIdx: number }) {
  const [row] = loadSiteRows({ sqlite: ctx.sqlite, ids: [siteIdx] });
  if (!row) throw notFound(syncMessages.siteNotFound);
  return { fields: draftFieldsOfSite(row), version: row.version };
}

/** Writes draft fields: columns in place, contacts, area types and buildings replaced whole. */
export function writeDraftFields({
  ctx,
  siteIdx,
  fields,
}: {
  ctx: MutationContext;
  siteIdx: number;
  fields: DraftFields;
}): void {
  const { sqlite } = ctx;
  const columns = editableSiteColumnNames.filter((c) => fields[c] !== undefined);
  const values = columns.map((c) =>
    (jsonArraySiteColumns as readonly string[]).includes(c) ? JSON.stringify(fields[c]) : fields[c],
  );
  sqlite
    .prepare(
      `UPDATE sites SET ${[...columns.map((c) => `${c} = ?`), 'f_update_time = ?'].join(', ')} WHERE f_idx = ?`,
    )
    .run(...values, ctx.now.toISOString(), siteIdx);
  if (fields.contacts) {
    sqlite.prepare('DELETE FROM site_contacts WHERE f_site_idx = ?').run(siteIdx);
    const insert = sqlite.prepare(
      'INSERT INTO site_contacts (f_site_idx, f_name, f_phone, f_order) VALUES (?, ?, ?, ?)',
    );
    for (const [i, c] of fields.contacts.entries()) insert.run(siteIdx, c.f_name, c.f_phone, i);
  }
  if (fields.rooms) {
    sqlite.prepare('DELETE FROM site_rooms WHERE f_site_idx = ?').run(siteIdx);
    const insert = sqlite.prepare(
      `INSERT INTO site_rooms (f_site_idx, f_room, f_area, f_exclusive_size, f_exclusive_pyong, f_real_size, f_real_pyong)
       VALUES (?, ?, ?, ?, ?, ?, ?)`,
    );
    for (const r of fields.rooms) {
      insert.run(
        siteIdx,
        r.f_room,
        r.f_area,
        r.f_exclusive_size,
        r.f_exclusive_pyong,
        r.f_real_size,
        r.f_real_pyong,
      );
    }
  }
  if (fields.dongs) {
    sqlite.prepare('DELETE FROM dongs WHERE f_site_idx = ?').run(siteIdx);
    const insertDong = sqlite.prepare(
      `INSERT INTO dongs (f_site_idx, f_dong, f_floor_count, f_units_per_floor, f_editable, f_order)
       VALUES (?, ?, ?, ?, ?, ?)`,
    );
    const insertHo = sqlite.prepare(
      `INSERT INTO hos (f_site_idx, f_dong_idx, ${UNIT_COLUMNS.join(', ')}) VALUES (?, ?, ${UNIT_COLUMNS.map(() => '?').join(', ')})`,
    );
    fields.dongs.forEach((d, order) => {
      const dongIdx = Number(
        insertDong.run(siteIdx, d.f_dong, d.f_floor_count, d.f_units_per_floor, d.f_editable, order)
          .lastInsertRowid,
      );
      for (const ho of d.hos) {
        insertHo.run(
          siteIdx,
          dongIdx,
          ...UNIT_COLUMNS.map((c) => (c === 'f_image_urls' ? JSON.stringify(ho[c]) : ho[c])),
        );
      }
    });
  }
}

/** Finds the member's draft by server id, else by the device's draft id. */
async function findDraft({
  ctx,
  draftId,
  siteIdx,
}: {
  ctx: MutationContext;
  draftId: string;
  siteIdx: number | null;
}) {
  const site = siteIdx
    ? await loadSite({ ctx, siteIdx })
    : ((cached({ sqlite: ctx.sqlite, sql: `${SITE_HEAD} WHERE f_client_id = ?` }).get(draftId) as
        | SiteHead
        | undefined) ?? null);
  if (!site) return null;
  if (site.f_user_idx !== ctx.auth.user.f_idx) throw forbidden(syncMessages.notOwner);
  return site;
}

/**
 * Records a conflict, folding in an older open one for the same draft so the member settles
 * one list of fields with the latest of their values.
 */
async function recordConflict({
  ctx,
  siteIdx,
  draftId,
  fields,
  mine,
  base,
  baseVersion,
  current,
  currentVersion,
}: {
  ctx: MutationContext;
  siteIdx: number;
  draftId: string;
  fields: DraftField[];
  mine: Record<string, unknown>;
  base: Record<string, unknown>;
  baseVersion: number | null;
  current: Required<DraftFields>;
  currentVersion: number;
}): Promise<number> {
  const userIdx = ctx.auth.user.f_idx;
  const older = await ctx.tx
    .selectFrom('sync_conflicts')
    .selectAll()
    .where('f_user_idx', '=', userIdx)
    .where('f_site_idx', '=', siteIdx)
    .where('resolved_at', 'is', null)
    .execute();
  let allFields = [...fields];
  let allMine = mine;
  let allBase = base;
  for (const o of older) {
    const oldFields = JSON.parse(o.fields) as DraftField[];
    allFields = [...new Set([...oldFields, ...allFields])];
    allMine = { ...(JSON.parse(o.mine) as object), ...allMine };
    allBase = { ...(JSON.parse(o.base) as object), ...allBase };
    await ctx.tx
      .updateTable('sync_conflicts')
      .set({ resolved_at: ctx.now.toISOString(), resolution: '"superseded"' })
      .where('f_idx', '=', o.f_idx)
      .execute();
  }
  // Fields of an older conflict that now agree with the server need no choice any more.
  allFields = allFields.filter((f) => !sameValue(allMine[f], current[f]));
  const row = await ctx.tx
    .insertInto('sync_conflicts')
    .values({
      f_user_idx: userIdx,
      f_site_idx: siteIdx,
      draft_id: draftId,
      fields: JSON.stringify(allFields),
      mine: JSON.stringify(pick({ source: allMine, fields: allFields })),
      theirs: JSON.stringify(pick({ source: current, fields: allFields })),
      base: JSON.stringify(pick({ source: allBase, fields: allFields })),
      base_version: baseVersion,
      theirs_version: currentVersion,
      client_id: ctx.clientId,
      mutation_id: ctx.mutationId,
      f_reg_time: ctx.now.toISOString(),
      resolved_at: null,
      resolution: null,
    })
    .returning('f_idx')
    .executeTakeFirstOrThrow();
  return row.f_idx;
}

/** Applies an edit to an existing draft by three-way merge; conflicting fields are kept aside. */
async function editDraft({
  ctx,
  siteIdx,
  draftId,
  base,
  baseVersion,
  changes,
  step,
}: {
  ctx: MutationContext;
  siteIdx: number;
  draftId: string;
  base: DraftFields;
  baseVersion: number | null;
  changes: DraftFields;
  step: number | null;
}): Promise<MutationOutcome> {
  const { fields: current, version } = readDraft({ ctx, siteIdx });
  const { apply, conflicts } = mergeEdit({ current, currentVersion: version, base, baseVersion, changes });
  if (Object.keys(apply).length > 0) writeDraftFields({ ctx, siteIdx, fields: apply });
  if (step !== null)
    ctx.sqlite.prepare('UPDATE sites SET f_temp_step = ? WHERE f_idx = ?').run(step, siteIdx);
  if (conflicts.length === 0) return applied({ site_idx: siteIdx });
  const conflictIdx = await recordConflict({
    ctx,
    siteIdx,
    draftId,
    fields: conflicts,
    mine: pick({ source: changes, fields: conflicts }),
    base: pick({ source: base, fields: conflicts }),
    baseVersion,
    current,
    currentVersion: version,
  });
  return { status: 'conflict', data: { site_idx: siteIdx, conflict_idx: conflictIdx, fields: conflicts } };
}

async function requireGroupOf({ ctx, fields }: { ctx: MutationContext; fields: DraftFields }) {
  const groupIdx = fields.f_group_idx;
  if (groupIdx !== undefined && groupIdx !== null && !(await isGroupMember({ ctx, groupIdx }))) {
    throw notGroupMember(syncMessages.notGroupMember);
  }
}

export const serverMutators: ServerMutators = {
  setLikeSite: async ({ ctx, args }) => {
    await visibleSite({ ctx, siteIdx: args.site_idx });
    const userIdx = ctx.auth.user.f_idx;
    if (args.like_status === 'Y') {
      cached({
        sqlite: ctx.sqlite,
        sql: 'INSERT INTO site_likes (f_user_idx, f_site_idx, f_reg_time) VALUES (?, ?, ?) ON CONFLICT DO NOTHING',
      }).run(userIdx, args.site_idx, ctx.now.toISOString());
    } else {
      cached({
        sqlite: ctx.sqlite,
        sql: 'DELETE FROM site_likes WHERE f_user_idx = ? AND f_site_idx = ?',
      }).run(userIdx, args.site_idx);
    }
    return applied({ site_idx: args.site_idx, like_status: args.like_status });
  },

  addSiteMemo: async ({ ctx, args }) => {
    refuseLocalFiles({ value: args.memo_images, field: 'memo_images' });
    await visibleSite({ ctx, siteIdx: args.site_idx });
    cached({
      sqlite: ctx.sqlite,
      sql: `INSERT INTO site_memos (f_user_idx, f_site_idx, f_memo, f_memo_images, f_update_time) VALUES (?, ?, ?, ?, ?)
       ON CONFLICT (f_user_idx, f_site_idx) DO UPDATE SET
         f_memo = excluded.f_memo, f_memo_images = excluded.f_memo_images, f_update_time = excluded.f_update_time`,
    }).run(
      ctx.auth.user.f_idx,
      args.site_idx,
      args.memo,
      JSON.stringify(args.memo_images),
      ctx.now.toISOString(),
    );
    return applied({ site_idx: args.site_idx });
  },

  setHideSite: async ({ ctx, args }) => {
    const site = await visibleSite({ ctx, siteIdx: args.site_idx });
    if (site.f_user_idx !== ctx.auth.user.f_idx && !ctx.auth.isAdmin) throw forbidden(syncMessages.notOwner);
    if (args.hidden_status === 'Y') {
      cached({
        sqlite: ctx.sqlite,
        sql: "UPDATE sites SET f_hidden = 'Y', f_remain_days_till_hide = 15 WHERE f_idx = ?",
      }).run(args.site_idx);
    } else {
      cached({ sqlite: ctx.sqlite, sql: "UPDATE sites SET f_hidden = 'N' WHERE f_idx = ?" }).run(
        args.site_idx,
      );
    }
    await stampSiteState({
      db: ctx.tx,
      siteIdx: args.site_idx,
      state: 'hidden',
      time: args.hidden_status === 'Y' ? ctx.now.toISOString() : null,
      hiddenBy: site.f_user_idx === ctx.auth.user.f_idx ? 'O' : 'A',
    });
    return applied({ site_idx: args.site_idx, hidden_status: args.hidden_status });
  },

  setCompleteSite: async ({ ctx, args }) => {
    const site = await visibleSite({ ctx, siteIdx: args.site_idx });
    if (site.f_site_type === 'U') throw ruleViolation(syncMessages.notCompletable);
    // Spec §6: completion is for new-open sites; a general one completed by older data may still reopen.
    if (site.f_site_type !== 'O' && args.complete_status === 'Y') {
      throw ruleViolation(siteMessages.completeNewOpenOnly);
    }
    const mayManage =
      site.f_user_idx === ctx.auth.user.f_idx ||
      ctx.auth.isAdmin ||
      (site.f_group_idx !== null && (await isGroupMember({ ctx, groupIdx: site.f_group_idx })));
    if (!mayManage) {
      throw site.f_group_idx !== null
        ? notGroupMember(syncMessages.notGroupMember)
        : forbidden(syncMessages.notOwner);
    }
    cached({ sqlite: ctx.sqlite, sql: 'UPDATE sites SET f_complete = ? WHERE f_idx = ?' }).run(
      args.complete_status,
      args.site_idx,
    );
    await stampSiteState({
      db: ctx.tx,
      siteIdx: args.site_idx,
      state: 'complete',
      time: args.complete_status === 'Y' ? ctx.now.toISOString() : null,
    });
    return applied({ site_idx: args.site_idx, complete_status: args.complete_status });
  },

  saveSiteDraft: async ({ ctx, args }) => {
    refuseWriteLimited(ctx);
    refuseLocalFiles({ value: args.changes, field: 'changes' });
    await requireGroupOf({ ctx, fields: args.changes });
    const existing = await findDraft({ ctx, draftId: args.draft_id, siteIdx: args.site_idx });
    if (existing) {
      if (existing.f_status === 'N') throw ruleViolation(syncMessages.alreadyRegistered);
      if (existing.f_status === 'D') throw notFound(syncMessages.siteNotFound);
      return editDraft({
        ctx,
        siteIdx: existing.f_idx,
        draftId: args.draft_id,
        base: args.base,
        baseVersion: args.base_version,
        changes: args.changes,
        step: args.step,
      });
    }
    if (args.site_idx !== null) throw notFound(syncMessages.siteNotFound);
    const now = ctx.now.toISOString();
    const row = await ctx.tx
      .insertInto('sites')
      .values({
        ...emptySiteColumns,
        f_name: args.changes.f_name ?? '',
        f_site_type: args.site_type,
        f_user_idx: ctx.auth.user.f_idx,
        f_status: 'P',
        f_temp_step: args.step,
        f_client_id: args.draft_id,
        f_reg_time: now,
        f_update_time: now,
      })
      .returning('f_idx')
      .executeTakeFirstOrThrow();
    writeDraftFields({ ctx, siteIdx: row.f_idx, fields: { f_site_type: args.site_type, ...args.changes } });
    return applied({ site_idx: row.f_idx });
  },

  removeSiteDraft: async ({ ctx, args }) => {
    const existing = await findDraft({ ctx, draftId: args.draft_id, siteIdx: args.site_idx });
    // Already gone (removed on another device): the member's wish holds.
    if (!existing) return applied({ removed: false });
    if (existing.f_status !== 'P') throw ruleViolation(syncMessages.alreadyRegistered);
    await ctx.tx.deleteFrom('sites').where('f_idx', '=', existing.f_idx).execute();
    return applied({ removed: true, site_idx: existing.f_idx });
  },

  resolveConflict: async ({ ctx, args }) => {
    const conflict = await ctx.tx
      .selectFrom('sync_conflicts')
      .selectAll()
      .where('f_idx', '=', args.conflict_idx)
      .where('f_user_idx', '=', ctx.auth.user.f_idx)
      .executeTakeFirst();
    if (!conflict || conflict.resolved_at !== null) throw notFound(syncMessages.conflictNotFound);
    await ctx.tx
      .updateTable('sync_conflicts')
      .set({ resolved_at: ctx.now.toISOString(), resolution: JSON.stringify(args.choose) })
      .where('f_idx', '=', conflict.f_idx)
      .execute();
    const mine = JSON.parse(conflict.mine) as DraftFields;
    const theirs = JSON.parse(conflict.theirs) as DraftFields;
    const kept = Object.entries(args.choose)
      .filter(([field, side]) => side === 'mine' && field in mine)
      .map(([field]) => field);
    if (kept.length === 0) return applied({ site_idx: conflict.f_site_idx });
    const site = await loadSite({ ctx, siteIdx: conflict.f_site_idx });
    // A registered site's conflict (from a final save) is settled as an edit of that site.
    if (site?.f_status === 'N') {
      return resolveSiteConflict({
        ctx,
        siteIdx: conflict.f_site_idx,
        draftId: conflict.draft_id,
        mine: pick({ source: mine, fields: kept }),
        theirs: pick({ source: theirs, fields: kept }),
        theirsVersion: conflict.theirs_version,
        recordConflict,
      });
    }
    if (site?.f_status !== 'P') throw notFound(syncMessages.siteNotFound);
    // Choosing mine is a new edit on top of the copy the member saw in the conflict.
    return editDraft({
      ctx,
      siteIdx: conflict.f_site_idx,
      draftId: conflict.draft_id,
      base: pick({ source: theirs, fields: kept }) as DraftFields,
      baseVersion: conflict.theirs_version,
      changes: pick({ source: mine, fields: kept }) as DraftFields,
      step: null,
    });
  },

  saveSite: ({ ctx, args }) => saveSiteEffect({ ctx, args, recordConflict }),
};
