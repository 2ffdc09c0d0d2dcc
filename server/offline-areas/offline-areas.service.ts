import type SQLite from 'better-sqlite3';
import type { OfflineAreaOption, OfflineAreaPage } from '../../sync/api/offline-areas.api.ts';
import { AREA_PAGE_SIZE, AREA_SITE_BYTES } from '../../sync/offline-areas/offline-areas.ts';
import { notFound } from '../http/errors.ts';
import { areaSitesPage, findArea, listAreas, siteCountsByDistrict } from './offline-areas.repository.ts';

type Sqlite = SQLite.Database;

/** Every 시/군/구 with its map sites counted now and the device size they would take. */
export function offlineAreaOptions(sqlite: Sqlite): OfflineAreaOption[] {
  const counts = siteCountsByDistrict(sqlite);
  return listAreas(sqlite).map((a) => {
    const site_count = counts.get(a.f_code) ?? 0;
    return { ...a, site_count, estimate_bytes: site_count * AREA_SITE_BYTES };
  });
}

/** One page of an area's sites, in site order after `afterIdx`; the last page says so. */
export function offlineAreaSites({
  sqlite,
  areaIdx,
  afterIdx,
  limit = AREA_PAGE_SIZE,
}: {
  sqlite: Sqlite;
  areaIdx: number;
  afterIdx: number;
  limit?: number;
}): OfflineAreaPage {
  const area = findArea({ sqlite, idx: areaIdx });
  if (!area) throw notFound();
  const { columns, rows } = areaSitesPage({ sqlite, code: area.f_code, afterIdx, limit });
  const idxAt = columns.indexOf('f_idx');
  const last = rows[rows.length - 1];
  return {
    area_idx: area.f_idx,
    columns,
    rows,
    next_after: rows.length === limit && last ? Number(last[idxAt]) : null,
  };
}
