import Dexie, { type EntityTable } from 'dexie';

/**
 * A 시/군/구 kept on the device for offline map search, or a map view (`view`): then `f_idx` is
 * negative (the device's own number), and the 시/군/구 fields name the district at its centre.
 */
export interface KeptArea {
  f_idx: number;
  f_area: string;
  f_district: string;
  f_code: string;
  /** Which download's chunks are current: a refresh writes the next one before dropping this one. */
  generation: number;
  site_count: number;
  /** The stored rows, measured (UTF-8 bytes of what was written). */
  bytes: number;
  /** Base-map tiles kept for its box, and their bytes. */
  tile_count: number;
  tile_bytes: number;
  /** The sites' box: the tiles cover it. */
  bounds: { south: number; west: number; north: number; east: number } | null;
  kept_at: string;
  /** A kept map view: the box kept (its sites and tiles); absent for a 시/군/구. */
  view?: { south: number; west: number; north: number; east: number } | null;
  /** What the agent sees the area as when it is not the district's name ("강남구 지도 영역"). */
  name?: string;
}

/** One downloaded page of an area, as the server sent it (column names once, rows of values). */
export interface AreaChunk {
  key: string;
  area_idx: number;
  generation: number;
  columns: string[];
  rows: unknown[][];
}

/**
 * Offline areas (src/features/offline-areas/kept-areas.ts). A database of its own beside the
 * sync store (`bunyang`), as `bunyang-lookups` is: an area is an online download the sync
 * protocol never carries, and its schema can change without the sync store's version history.
 * Cleared with it on logout.
 */
export class AreasDb extends Dexie {
  areas!: EntityTable<KeptArea, 'f_idx'>;
  chunks!: EntityTable<AreaChunk, 'key'>;

  constructor(name = 'bunyang-areas') {
    super(name);
    this.version(1).stores({ areas: 'f_idx', chunks: 'key, area_idx' });
  }
}

export const areasDb = new AreasDb();

export async function clearAreas(db: AreasDb = areasDb): Promise<void> {
  await db.transaction('rw', db.areas, db.chunks, async () => {
    await Promise.all([db.areas.clear(), db.chunks.clear()]);
  });
}
