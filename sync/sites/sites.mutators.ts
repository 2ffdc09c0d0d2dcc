import * as v from 'valibot';
import { id, MAX_WHOLE_NUMBER, yn } from '../api/fields.ts';
import type { SiteUnits } from '../device-store.ts';
import { defineMutator } from '../mutator.ts';
import {
  type DraftFields,
  draftFieldsSchema,
  imageRef,
  type SiteContact,
  type SiteRoom,
} from '../site-fields.ts';
import { Expiry } from './expiry.ts';
import { localSiteIdx } from './local-site.ts';
import { type SaveFields, saveFieldsSchema } from './registration.ts';

/**
 * The site operations that may run offline (likes, memos, hide and complete toggles, drafts,
 * final saves, conflict choices). Their server effects are server/sites/sites.mutators.ts.
 */

const siteIdx = id;
const draftId = v.pipe(
  v.string('draft id required'),
  v.regex(/^[A-Za-z0-9_-]{8,64}$/, 'draft id must be 8 to 64 letters'),
);

export const setLikeSite = defineMutator({
  name: 'setLikeSite',
  summary: 'Like (favourite) or unlike a site',
  args: v.object({ site_idx: siteIdx, like_status: yn }),
  touches: (a) => [{ table: 'likes', key: a.site_idx }],
  applyLocal: async ({ db, args, now }) => {
    if (args.like_status === 'Y') await db.likes.put({ f_site_idx: args.site_idx, liked_at: now });
    else await db.likes.delete(args.site_idx);
  },
});

export const addSiteMemo = defineMutator({
  name: 'addSiteMemo',
  summary: "Add or edit the member's own memo on a site, with images",
  args: v.object({
    site_idx: siteIdx,
    memo: v.optional(v.pipe(v.string(), v.maxLength(5000, 'memo too long')), ''),
    memo_images: v.optional(v.pipe(v.array(imageRef), v.maxLength(10, 'at most 10 images')), []),
  }),
  touches: (a) => [{ table: 'memos', key: a.site_idx }],
  applyLocal: async ({ db, args, now }) => {
    await db.memos.put({
      f_site_idx: args.site_idx,
      memo: args.memo,
      memo_images: args.memo_images,
      updated_at: now,
    });
  },
});

export const setHideSite = defineMutator({
  name: 'setHideSite',
  summary: 'Hide or show a site (owner); hiding shows 15 days remaining',
  args: v.object({ site_idx: siteIdx, hidden_status: yn }),
  touches: (a) => [{ table: 'sites', key: a.site_idx }],
  applyLocal: async ({ db, args }) => {
    await db.sites.update(args.site_idx, {
      f_hidden: args.hidden_status,
      ...(args.hidden_status === 'Y' ? { f_remain_days_till_hide: Expiry.hiddenRemainDays } : {}),
    });
  },
});

export const setCompleteSite = defineMutator({
  name: 'setCompleteSite',
  summary: 'Mark a site sold out (complete) or not (owner, admin or group member)',
  args: v.object({ site_idx: siteIdx, complete_status: yn }),
  touches: (a) => [{ table: 'sites', key: a.site_idx }],
  applyLocal: async ({ db, args }) => {
    await db.sites.update(args.site_idx, { f_complete: args.complete_status });
  },
});

export const saveSiteDraft = defineMutator({
  name: 'saveSiteDraft',
  summary: 'Temporary save of a site registration (status P); creates the draft on first save',
  args: v.object({
    /** Made on the device when the draft is started, so a repeated push never makes two drafts. */
    draft_id: draftId,
    /** The server's id once known; drafts the server made without a device id are found by it. */
    site_idx: v.optional(v.nullable(siteIdx), null),
    site_type: v.picklist(['O', 'G', 'U']),
    /** The registration step reached (spec §4 stored temporary step). */
    step: v.optional(v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(10)), 0),
    /** The server version the device's copy was based on; null for a new draft. */
    base_version: v.optional(
      v.nullable(v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(MAX_WHOLE_NUMBER))),
      null,
    ),
    /** The changed fields' values before this edit, as the device had them. */
    base: v.optional(draftFieldsSchema, {}),
    /** The changed fields' new values. */
    changes: draftFieldsSchema,
  }),
  touches: (a) => [{ table: 'drafts', key: a.draft_id }],
  applyLocal: async ({ db, args, now }) => {
    const current = await db.drafts.get(args.draft_id);
    await db.drafts.put({
      key: args.draft_id,
      site_type: args.site_type,
      site_idx: current?.site_idx ?? args.site_idx,
      step: args.step,
      payload: { ...((current?.payload as DraftFields | undefined) ?? {}), ...args.changes },
      base_version: current?.base_version ?? args.base_version,
      updated_at: now,
    });
  },
});

export const removeSiteDraft = defineMutator({
  name: 'removeSiteDraft',
  summary: 'Remove a temporary-saved draft (spec §4: a draft can be loaded or removed)',
  args: v.object({ draft_id: draftId, site_idx: v.optional(v.nullable(siteIdx), null) }),
  touches: (a) => [{ table: 'drafts', key: a.draft_id }],
  applyLocal: async ({ db, args }) => {
    await db.drafts.delete(args.draft_id);
  },
});

export const saveSite = defineMutator({
  name: 'saveSite',
  summary:
    'Final save of a registration (spec §4): a new site, a temporary save made final, or an edit of a registered site; status N',
  args: v.object({
    /** The device's draft this save finishes (or the id a new site is known by until it has one). */
    draft_id: v.optional(v.nullable(draftId), null),
    /** The site updated; -1 (or none) adds a new one (spec §4: update when above -1, else add). */
    site_idx: v.optional(v.nullable(v.union([v.literal(-1), siteIdx])), null),
    site_type: v.picklist(['O', 'G']),
    /** The server version the edited copy came from; null for a copy never pulled. */
    base_version: v.optional(
      v.nullable(v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(MAX_WHOLE_NUMBER))),
      null,
    ),
    /** The changed fields' values before this edit, as the device had them. */
    base: v.optional(saveFieldsSchema, {}),
    /** The changed fields' new values; the server checks the whole site they make (spec §5). */
    changes: saveFieldsSchema,
  }),
  touches: (a) => {
    const site = savedSiteIdx(a);
    return [
      ...(a.draft_id ? [{ table: 'drafts' as const, key: a.draft_id }] : []),
      ...(site !== null ? [{ table: 'sites' as const, key: site }] : []),
      ...(site !== null && a.changes.dongs ? [{ table: 'units' as const, key: site }] : []),
    ];
  },
  applyLocal: async ({ db, args, now }) => {
    const draft = args.draft_id ? await db.drafts.get(args.draft_id) : undefined;
    if (args.draft_id) await db.drafts.delete(args.draft_id);
    const siteIdx = savedSiteIdx(args);
    if (siteIdx === null) return;
    // Until the pull brings the server's row, the device shows the saved values as registered
    // (a new site under its device index: the pull's row replaces it once the save is back).
    const { dongs: units, contacts, rooms, ...columns } = args.changes;
    // Buildings and units saved show at once too, until the pull brings the server's.
    if (units) await db.units.put(localUnits({ siteIdx, dongs: units }));
    const existing = await db.sites.get(siteIdx);
    const owner = (await db.syncMeta.get('owner'))?.value;
    const { dongs: _draftUnits, ...draftColumns } = (draft?.payload ?? {}) as DraftFields;
    await db.sites.put({
      f_user_idx: typeof owner === 'number' ? owner : 0,
      f_group_idx: null,
      f_hidden: 'N',
      f_complete: 'N',
      contacts: [] as SiteContact[],
      rooms: [] as SiteRoom[],
      ...draftColumns,
      ...existing,
      ...columns,
      ...(contacts ? { contacts } : {}),
      ...(rooms ? { rooms } : {}),
      f_idx: siteIdx,
      f_name: columns.f_name ?? existing?.f_name ?? draftColumns.f_name ?? '',
      f_site_type: args.site_type,
      f_status: 'N',
      f_temp_step: 0,
      f_reg_time: existing?.f_reg_time ?? now,
      f_update_time: now,
    });
  },
});

/**
 * A final save's buildings as the device stores them: ids the server gave are kept; a building
 * or unit made on the device gets a negative id of its own until the pull brings the server's.
 */
function localUnits({ siteIdx, dongs }: { siteIdx: number; dongs: SaveFields['dongs'] & object }): SiteUnits {
  // A building's id is the key of its record: distinct from every server id (positive) and from
  // every other site's device ids (a site has at most 200 buildings). A unit's is only compared
  // within its site.
  const dongId = (order: number) => -(Math.abs(siteIdx) * 512 + (siteIdx < 0 ? 256 : 0) + order + 1);
  let units = 0;
  return {
    f_site_idx: siteIdx,
    dongs: dongs.map(({ f_idx, hos = [], ...dong }, order) => ({
      ...dong,
      f_editable: dong.f_editable ?? 'Y',
      f_idx: f_idx !== undefined && f_idx > 0 ? f_idx : dongId(order),
      f_site_idx: siteIdx,
      f_order: order,
      hos: hos.map(({ f_idx: hoIdx, ...ho }) => ({ ...ho, f_idx: hoIdx ?? -++units })),
    })),
  };
}

/** The device row a final save writes: the site edited, or a new site's device index; null when neither. */
function savedSiteIdx(a: { site_idx: number | null; draft_id: string | null }): number | null {
  if (a.site_idx !== null && a.site_idx > 0) return a.site_idx;
  return a.draft_id ? localSiteIdx(a.draft_id) : null;
}

export const resolveConflict = defineMutator({
  name: 'resolveConflict',
  summary: 'Settle a draft conflict: for each field keep mine or theirs',
  args: v.object({
    conflict_idx: id,
    draft_id: draftId,
    /** Field name to the side kept; fields not named keep theirs (the server copy). */
    choose: v.record(v.pipe(v.string(), v.maxLength(64)), v.picklist(['mine', 'theirs'])),
  }),
  touches: (a) => [
    { table: 'conflicts', key: a.conflict_idx },
    { table: 'drafts', key: a.draft_id },
  ],
  applyLocal: async ({ db, args, now }) => {
    const conflict = await db.conflicts.get(args.conflict_idx);
    await db.conflicts.delete(args.conflict_idx);
    const draft = await db.drafts.get(args.draft_id);
    if (!conflict || !draft) return;
    const mine = Object.fromEntries(
      Object.entries(args.choose)
        .filter(([field, side]) => side === 'mine' && field in conflict.mine)
        .map(([field]) => [field, conflict.mine[field]]),
    );
    await db.drafts.put({
      ...draft,
      payload: { ...(draft.payload as DraftFields), ...mine },
      updated_at: now,
    });
  },
});
