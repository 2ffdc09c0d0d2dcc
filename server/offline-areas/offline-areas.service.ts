import type {
  OfflineAreaOption,
  OfflineAreaPage,
  OfflineViewEstimate,
} from '../../sync/api/offline-areas.api.ts';
import {
  AREA_PAGE_SIZE,
  AREA_SITE_BYTES,
  MAX_VIEW_SITES,
  type ViewBox,
} from '../../sync/offline-areas/offline-areas.ts';
import type { DbOrTx } from '../db/database.ts';
import { notFound, ruleViolation } from '../http/errors.ts';
import { offlineAreaMessages } from './offline-areas.messages.ts';
import {
  areaSitesPage,
  boxSitesPage,
  countBoxSites,
  findArea,
  findAreaByCode,
  listAreas,
  nearestAreaByCentre,
  nearestSiteDistrict,
  siteCountsByDistrict,
} from './offline-areas.repository.ts';

/** Every 시/군/구 with its map sites counted now and the device size they would take. */
export async function offlineAreaOptions({ db }: { db: DbOrTx }): Promise<OfflineAreaOption[]> {
  const counts = await siteCountsByDistrict({ db });
  return (await listAreas({ db })).map((a) => {
    const site_count = counts.get(a.f_code) ?? 0;
    return { ...a, site_count, estimate_bytes: site_count * AREA_SITE_BYTES };
  });
}

/**
 * One page of an area's sites (a 시/군/구, a map view's box, or the 시/군/구's sites inside the box),
 * in site order after `afterIdx`; the last page says so. A box holding more than MAX_VIEW_SITES
 * map sites is refused when its download starts.
 */
export async function offlineAreaSites({
  db,
  areaIdx,
  box = null,
  afterIdx,
  limit = AREA_PAGE_SIZE,
}: {
  db: DbOrTx;
  areaIdx?: number | undefined;
  box?: ViewBox | null;
  afterIdx: number;
  limit?: number;
}): Promise<OfflineAreaPage> {
  const area = areaIdx === undefined ? null : await findArea({ db, idx: areaIdx });
  if (area === undefined) throw notFound();
  if (box && !area && afterIdx === 0 && (await countBoxSites({ db, box })) > MAX_VIEW_SITES) {
    throw ruleViolation(offlineAreaMessages.tooManySites);
  }
  const { columns, rows } = box
    ? await boxSitesPage({ db, box, code: area?.f_code ?? null, afterIdx, limit })
    : await areaSitesPage({ db, code: area?.f_code ?? '', afterIdx, limit });
  const idxAt = columns.indexOf('f_idx');
  const last = rows[rows.length - 1];
  return {
    area_idx: area?.f_idx ?? 0,
    columns,
    rows,
    next_after: rows.length === limit && last ? Number(last[idxAt]) : null,
  };
}

/**
 * What keeping a map view would take (its map sites now, and their device size) and the 시/군/구
 * it is named after: the one of the site nearest to the view's centre, else the district whose
 * centre is nearest.
 */
export async function offlineViewEstimate({
  db,
  box,
}: {
  db: DbOrTx;
  box: ViewBox;
}): Promise<OfflineViewEstimate> {
  const site_count = await countBoxSites({ db, box });
  const lat = (box.south + box.north) / 2;
  const lng = (box.west + box.east) / 2;
  const code = await nearestSiteDistrict({ db, box, lat, lng });
  const area =
    (code ? await findAreaByCode({ db, code }) : undefined) ?? (await nearestAreaByCentre({ db, lat, lng }));
  return { site_count, estimate_bytes: site_count * AREA_SITE_BYTES, area: area ?? null };
}
