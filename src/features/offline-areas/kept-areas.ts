import {
  getOfflineAreaSitesCall,
  type OfflineAreaOption,
  type OfflineAreaPage,
} from '../../../sync/api/offline-areas.api.ts';
import type { areaSearchRow, SearchRow } from '../../../sync/map/evaluate.ts';
import type { ViewBox } from '../../../sync/offline-areas/offline-areas.ts';
import { AREA_REFRESH_HOURS } from '../../../sync/offline-areas/offline-areas.ts';
import { api } from '../../api/client.ts';
import { type AreasDb, areasDb, type KeptArea } from '../../db/areas-db.ts';
import { areaTileUrls, dropTiles, keepTiles } from './area-tiles.ts';

type Area = Pick<OfflineAreaOption, 'f_idx' | 'f_area' | 'f_district' | 'f_code'> &
  Pick<KeptArea, 'view' | 'name'>;
type LoadPage = (input: { area_idx: number; after_idx: number }) => Promise<OfflineAreaPage>;
type Tiles = (bounds: NonNullable<KeptArea['bounds']>) => Promise<{ count: number; bytes: number }>;

/** The server's pages of a 시/군/구, or of a map view's box (the same call). */
const loadOnline =
  (view: ViewBox | null | undefined): LoadPage =>
  (input) =>
    api(getOfflineAreaSitesCall, view ? { ...view, after_idx: input.after_idx } : input);

/** The name an area is shown and searched under. */
export function keptAreaName(area: Pick<KeptArea, 'f_district' | 'name'>): string {
  return area.name ?? area.f_district;
}
const utf8 = new TextEncoder();

/** The box of the rows' positions; null when none has one. */
function boundsOf(page: OfflineAreaPage, into: KeptArea['bounds']): KeptArea['bounds'] {
  const lat = page.columns.indexOf('f_latitude');
  const lng = page.columns.indexOf('f_longitude');
  let b = into;
  for (const row of page.rows) {
    const y = row[lat];
    const x = row[lng];
    if (typeof y !== 'number' || typeof x !== 'number') continue;
    b = b
      ? {
          south: Math.min(b.south, y),
          north: Math.max(b.north, y),
          west: Math.min(b.west, x),
          east: Math.max(b.east, x),
        }
      : { south: y, north: y, west: x, east: x };
  }
  return b;
}

/** How an area or a view is downloaded: the tile key, progress, and the stand-ins tests pass. */
interface KeepOptions {
  vworldKey: string | null;
  onProgress?: (sites: number) => void;
  load?: LoadPage;
  tiles?: Tiles;
  db?: AreasDb;
  now?: () => Date;
}

/**
 * Downloads an area's sites page by page into the device (each page written as it arrives, so
 * a dense 구 never sits whole in memory), then its base tiles. A refresh writes the next
 * generation beside the current one and switches over at the end: an interrupted download
 * leaves the area as it was. Answers the kept area with its measured size.
 */
export async function keepArea({
  area,
  vworldKey,
  onProgress,
  load = loadOnline(area.view),
  tiles,
  db = areasDb,
  now = () => new Date(),
}: KeepOptions & { area: Area }): Promise<KeptArea> {
  const before = await db.areas.get(area.f_idx);
  const generation = (before?.generation ?? 0) + 1;
  let after = 0;
  let seq = 0;
  let sites = 0;
  let bytes = 0;
  // A map view keeps its own box's tiles; a 시/군/구 the box of its sites.
  let bounds: KeptArea['bounds'] = area.view ?? null;
  try {
    for (;;) {
      const page = await load({ area_idx: area.f_idx, after_idx: after });
      const chunk = {
        key: `${area.f_idx}:${generation}:${seq++}`,
        area_idx: area.f_idx,
        generation,
        columns: page.columns,
        rows: page.rows,
      };
      await db.chunks.put(chunk);
      bytes += utf8.encode(JSON.stringify(chunk)).length;
      sites += page.rows.length;
      if (!area.view) bounds = boundsOf(page, bounds);
      onProgress?.(sites);
      if (page.next_after === null) break;
      after = page.next_after;
    }
  } catch (err) {
    await db.chunks
      .where('area_idx')
      .equals(area.f_idx)
      .and((c) => c.generation === generation)
      .delete();
    throw err;
  }
  const kept = bounds
    ? await (tiles ?? ((b) => keepTiles(areaTileUrls({ bounds: b, vworldKey }))))(bounds)
    : null;
  const record: KeptArea = {
    f_idx: area.f_idx,
    f_area: area.f_area,
    f_district: area.f_district,
    f_code: area.f_code,
    generation,
    site_count: sites,
    bytes,
    // A refresh that could not reach the tile server keeps what the first download counted.
    tile_count: kept && kept.count > 0 ? kept.count : (before?.tile_count ?? 0),
    tile_bytes: kept && kept.count > 0 ? kept.bytes : (before?.tile_bytes ?? 0),
    bounds,
    kept_at: now().toISOString(),
    ...(area.view ? { view: area.view } : {}),
    ...(area.name ? { name: area.name } : {}),
  };
  await db.transaction('rw', db.areas, db.chunks, async () => {
    await db.chunks
      .where('area_idx')
      .equals(area.f_idx)
      .and((c) => c.generation !== generation)
      .delete();
    await db.areas.put(record);
  });
  return record;
}

/** The areas kept on this device, by name. */
export async function keptAreas(db: AreasDb = areasDb): Promise<KeptArea[]> {
  const list = await db.areas.toArray();
  return list.sort((a, b) =>
    `${a.f_area} ${keptAreaName(a)}`.localeCompare(`${b.f_area} ${keptAreaName(b)}`, 'ko'),
  );
}

/**
 * Keeps a map view: the map sites inside its box and the box's tiles, under the 시/군/구 at its
 * centre and `label` (the agent's words for "map view"), numbered when that name is taken.
 * A view's number on the device is negative, apart from every 시/군/구's.
 */
export async function keepView({
  view,
  district,
  label,
  vworldKey,
  onProgress,
  load,
  tiles,
  db = areasDb,
  now,
}: KeepOptions & {
  view: ViewBox;
  /** The 시/군/구 at the view's centre, as the server's estimate named it. */
  district: Pick<OfflineAreaOption, 'f_area' | 'f_district' | 'f_code'>;
  /** The name shown, e.g. "강남구 지도 영역". */
  label: string;
}): Promise<KeptArea> {
  const kept = await db.areas.toArray();
  const idx = Math.min(0, ...kept.map((a) => a.f_idx)) - 1;
  const names = new Set(kept.map(keptAreaName));
  let name = label;
  for (let n = 2; names.has(name); n++) name = `${label} ${n}`;
  return keepArea({
    area: { f_idx: idx, ...district, view, name },
    vworldKey,
    db,
    ...(onProgress ? { onProgress } : {}),
    ...(load ? { load } : {}),
    ...(tiles ? { tiles } : {}),
    ...(now ? { now } : {}),
  });
}

/** Removes an area's sites and the tiles no other kept area covers. */
export async function removeArea({
  idx,
  vworldKey,
  db = areasDb,
}: {
  idx: number;
  vworldKey: string | null;
  db?: AreasDb;
}): Promise<void> {
  const area = await db.areas.get(idx);
  await db.transaction('rw', db.areas, db.chunks, async () => {
    await db.chunks.where('area_idx').equals(idx).delete();
    await db.areas.delete(idx);
  });
  if (!area?.bounds) return;
  const others = await db.areas.toArray();
  const keep = new Set(
    others.flatMap((a) => (a.bounds ? areaTileUrls({ bounds: a.bounds, vworldKey }) : [])),
  );
  await dropTiles({ urls: areaTileUrls({ bounds: area.bounds, vworldKey }), keep });
}

/** Downloaded rows of each area as search rows, kept in memory per generation: searches repeat. */
const rowCaches = new WeakMap<AreasDb, Map<number, { generation: number; rows: SearchRow[] }>>();

/** The kept areas' sites as the in-memory map search reads them, with the areas they come from. */
export async function keptAreaRows({
  toRow,
  db = areasDb,
}: {
  /** `areaSearchRow`, given by the map search so this chunk does not carry the search code. */
  toRow: typeof areaSearchRow;
  db?: AreasDb;
}): Promise<{ areas: KeptArea[]; rows: SearchRow[] }> {
  const areas = await keptAreas(db);
  const rows: SearchRow[] = [];
  let rowCache = rowCaches.get(db);
  if (!rowCache) {
    rowCache = new Map();
    rowCaches.set(db, rowCache);
  }
  for (const area of areas) {
    let cached = rowCache.get(area.f_idx);
    if (cached?.generation !== area.generation) {
      const chunks = await db.chunks
        .where('area_idx')
        .equals(area.f_idx)
        .and((c) => c.generation === area.generation)
        .toArray();
      cached = {
        generation: area.generation,
        rows: chunks.flatMap((c) => c.rows.map((row) => toRow({ columns: c.columns, row, liked: false }))),
      };
      rowCache.set(area.f_idx, cached);
    }
    rows.push(...cached.rows);
  }
  return { areas, rows };
}

/** Areas kept longer ago than AREA_REFRESH_HOURS. */
export async function staleAreas({ db = areasDb, now = new Date() }: { db?: AreasDb; now?: Date } = {}) {
  const limit = now.getTime() - AREA_REFRESH_HOURS * 3600_000;
  return (await keptAreas(db)).filter((a) => Date.parse(a.kept_at) < limit);
}

/**
 * After a sync that completed online: downloads again the areas older than AREA_REFRESH_HOURS,
 * one at a time (sites and tiles). A failure leaves the area as it was, for the next sync.
 */
export async function refreshStaleAreas({
  vworldKey,
  db = areasDb,
}: {
  vworldKey: string | null;
  db?: AreasDb;
}): Promise<number> {
  let refreshed = 0;
  for (const area of await staleAreas({ db })) {
    try {
      await keepArea({ area, vworldKey, db });
      refreshed++;
    } catch {
      return refreshed;
    }
  }
  return refreshed;
}
