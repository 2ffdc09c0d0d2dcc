import { storedJson } from '../db/keyed-rows.ts';
import { RawJson } from '../http/raw-json.ts';
import { keyedEntity, type PageChangeOf, type PulledEntity } from '../sync/pulled.ts';
import { likesOf, memosOf, recentViewsOf } from './interest.repository.ts';
import { openConflictRows } from './site-conflicts.repository.ts';
import { loadSiteJson, loadUnitsJson, siteWire } from './site-rows.repository.ts';

/**
 * What the pull sends of sites (server/sync/registry.ts lists it with the other features'):
 * the sites in a member's scope with their units, the member's likes, memos and recent views,
 * and the member's open conflicts of site edits.
 */

/**
 * Sites and their units travel together. A site put carries its values, written by SQLite as
 * JSON in the order of the page's `site_columns`; a registered site's units follow as a units
 * put (a draft carries its units inside it). A site that enters the scope brings its units,
 * whatever their version; a site gone from the scope has gone whole.
 */
export const sitePull: PulledEntity<'site' | 'units'> = {
  entities: ['site', 'units'],
  changes: async ({ db, viewer, entries }) => {
    const live = entries.filter((e) => !e.deleted);
    const sites = await loadSiteJson({
      db,
      ids: live.filter((e) => e.entity === 'site').map((e) => e.key),
      viewer,
    });
    const entered = new Set(
      live
        .filter((e) => e.entity === 'site' && e.entered && sites.get(e.key)?.status === 'N')
        .map((e) => e.key),
    );
    const units = await loadUnitsJson({
      db,
      ids: [...new Set([...live.filter((e) => e.entity === 'units').map((e) => e.key), ...entered])],
    });
    const unitsPut = (key: number, dongs: string): PageChangeOf<'units'> => ({
      t: 'units',
      op: 'put',
      key,
      row: new RawJson(`{"dongs":${dongs}}`),
    });
    let sitePuts = 0;
    const changes = entries.map(({ entity, key, deleted }): Array<PageChangeOf<'site' | 'units'>> => {
      if (entity === 'units') {
        // Units of a draft travel inside it; a site entering the scope in this page brings them
        // right after itself.
        const dongs = units.get(key);
        return !deleted && dongs && sites.get(key)?.status !== 'P' && !entered.has(key)
          ? [unitsPut(key, dongs)]
          : [];
      }
      const site = deleted ? undefined : sites.get(key);
      if (!site) return [{ t: 'site', op: 'del', key }];
      sitePuts++;
      const put: PageChangeOf<'site'> = { t: 'site', op: 'put', key, values: new RawJson(site.json) };
      const enteredWith = entered.has(key) ? units.get(key) : undefined;
      return enteredWith !== undefined && enteredWith !== '[]' ? [put, unitsPut(key, enteredWith)] : [put];
    });
    return sitePuts > 0 ? { changes, siteColumns: (await siteWire({ db })).columns } : { changes };
  },
};

export const likePull = keyedEntity({
  entity: 'like',
  rows: ({ db, viewer, keys }) => likesOf({ db, userIdx: viewer, siteIdxs: keys }),
  put: (key, row) => ({ t: 'like', op: 'put', key, row }),
  del: (key) => ({ t: 'like', op: 'del', key }),
});

export const memoPull = keyedEntity({
  entity: 'memo',
  rows: ({ db, viewer, keys }) => memosOf({ db, userIdx: viewer, siteIdxs: keys }),
  put: (key, row) => ({
    t: 'memo',
    op: 'put',
    key,
    row: { ...row, f_memo_images: storedJson<string[]>({ text: row.f_memo_images, fallback: [] }) },
  }),
  del: (key) => ({ t: 'memo', op: 'del', key }),
});

export const recentPull = keyedEntity({
  entity: 'recent',
  rows: ({ db, viewer, keys }) => recentViewsOf({ db, userIdx: viewer, siteIdxs: keys }),
  put: (key, row) => ({ t: 'recent', op: 'put', key, row }),
  del: (key) => ({ t: 'recent', op: 'del', key }),
});

/** The member's open conflicts; a settled one leaves the device. */
export const conflictPull = keyedEntity({
  entity: 'conflict',
  rows: ({ db, viewer, keys }) => openConflictRows({ db, userIdx: viewer, conflictIdxs: keys }),
  put: (key, row) => ({
    t: 'conflict',
    op: 'put',
    key,
    row: {
      ...row,
      fields: storedJson<string[]>({ text: row.fields, fallback: [] }),
      mine: storedJson<Record<string, unknown>>({ text: row.mine, fallback: {} }),
      theirs: storedJson<Record<string, unknown>>({ text: row.theirs, fallback: {} }),
    },
  }),
  del: (key) => ({ t: 'conflict', op: 'del', key }),
});
