import type { OutboxEntry } from '../../src/db/db.ts';
import { sameValue } from '../../sync/site-fields.ts';
import { localSiteIdx } from '../../sync/sites/local-site.ts';
import type { Snapshot } from './device.ts';

/**
 * Read your writes: what a waiting write must make its device show, per key it writes. The
 * checker takes each key's latest waiting write in a snapshot's outbox and asks its expectation.
 */

/** The key a write shows itself under, and whether a snapshot shows it (null: nothing to show it on). */
export interface Expectation {
  key: string;
  holds: (s: Snapshot) => boolean | null;
  describe: string;
}

/** The site columns a saveSite sets on the device's row, besides lists (compared on their own). */
const LIST_FIELDS = new Set(['dongs', 'contacts', 'rooms']);

/** What a waiting write must make the device show, per key it writes. */
export function expectationsOf(entry: OutboxEntry): Expectation[] {
  const a = entry.args as Record<string, unknown>;
  switch (entry.name) {
    case 'setLikeSite': {
      const site = a.site_idx as number;
      const liked = a.like_status === 'Y';
      return [
        {
          key: `likes|${site}`,
          holds: (s) => s.likes.has(site) === liked,
          describe: `site ${site} ${liked ? 'liked' : 'not liked'}`,
        },
      ];
    }
    case 'addSiteMemo': {
      const site = a.site_idx as number;
      const memo = (a.memo as string | undefined) ?? '';
      return [
        {
          key: `memos|${site}`,
          holds: (s) => s.memos.get(site) === memo,
          describe: `memo of site ${site} is "${memo}"`,
        },
      ];
    }
    case 'setHideSite':
    case 'setCompleteSite': {
      const site = a.site_idx as number;
      const field = entry.name === 'setHideSite' ? 'f_hidden' : 'f_complete';
      const value = entry.name === 'setHideSite' ? a.hidden_status : a.complete_status;
      return [
        {
          key: `sites|${site}|${field}`,
          // A site that left the device while the write waits has nothing to show it on.
          holds: (s) => {
            const row = s.sites.get(site);
            return row ? (row.row as Record<string, unknown>)[field] === value : null;
          },
          describe: `site ${site} ${field} = ${String(value)}`,
        },
      ];
    }
    case 'saveSiteDraft': {
      const id = a.draft_id as string;
      const changes = (a.changes ?? {}) as Record<string, unknown>;
      return [
        {
          key: `drafts|${id}`,
          holds: (s) => {
            const draft = s.drafts.get(id);
            return draft ? Object.entries(changes).every(([f, v]) => sameValue(draft.payload[f], v)) : false;
          },
          describe: `draft ${id} holds ${Object.keys(changes).join(', ')}`,
        },
      ];
    }
    case 'removeSiteDraft': {
      const id = a.draft_id as string;
      return [{ key: `drafts|${id}`, holds: (s) => !s.drafts.has(id), describe: `draft ${id} removed` }];
    }
    case 'saveSite': {
      const out: Expectation[] = [];
      const draftId = a.draft_id as string | null | undefined;
      if (draftId) {
        out.push({
          key: `drafts|${draftId}`,
          holds: (s) => !s.drafts.has(draftId),
          describe: `draft ${draftId} saved`,
        });
      }
      const siteIdx = a.site_idx as number | null | undefined;
      const site = siteIdx && siteIdx > 0 ? siteIdx : draftId ? localSiteIdx(draftId) : null;
      if (site === null) return out;
      const changes = (a.changes ?? {}) as Record<string, unknown>;
      for (const [field, value] of Object.entries(changes)) {
        if (LIST_FIELDS.has(field)) continue;
        out.push({
          key: `sites|${site}|${field}`,
          holds: (s) => {
            const row = s.sites.get(site);
            // A new site shows under its device index until the pull brings the server's row.
            if (!row) return siteIdx && siteIdx > 0 ? null : false;
            return sameValue((row.row as Record<string, unknown>)[field], value);
          },
          describe: `site ${site} ${field} = ${JSON.stringify(value)}`,
        });
      }
      const dongs = changes.dongs as
        | Array<{ f_dong: string; hos?: Array<Record<string, unknown>> }>
        | undefined;
      if (dongs && siteIdx && siteIdx > 0) {
        out.push({
          key: `units|${site}`,
          holds: (s) => {
            if (!s.sites.has(site)) return null;
            const shown = (s.dongs.get(site) ?? []) as Array<{
              f_dong: string;
              hos?: Array<Record<string, unknown>>;
            }>;
            return dongs.every((d) => {
              const local = shown.find((x) => x.f_dong === d.f_dong);
              return (d.hos ?? []).every((ho) => {
                const unit = local?.hos?.find((h) => h.f_ho === ho.f_ho);
                return unit !== undefined && Object.entries(ho).every(([f, v]) => sameValue(unit[f], v));
              });
            });
          },
          describe: `units of site ${site} as saved`,
        });
      }
      return out;
    }
    case 'setRead': {
      const notify = a.notify_idx as number;
      if (notify === 0) return [];
      return [
        {
          key: `inbox|${notify}`,
          holds: (s) =>
            [...s.inbox.values()].filter((r) => r.f_notify_idx === notify).every((r) => r.f_read === 'Y'),
          describe: `notification ${notify} shown read`,
        },
      ];
    }
    case 'resolveConflict': {
      const conflict = a.conflict_idx as number;
      return [
        {
          key: `conflicts|${conflict}`,
          holds: (s) => !s.conflicts.has(conflict),
          describe: `conflict ${conflict} settled`,
        },
      ];
    }
    default:
      return [];
  }
}
