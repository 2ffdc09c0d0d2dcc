import type { ConflictRow } from './protocol.ts';
import type { SiteDongRow, SiteRow } from './site-fields.ts';

/**
 * The device's rows that offline operations change at once (their optimistic effect), and
 * the part of the device's store they reach. The store itself is Dexie (src/db/db.ts); it
 * satisfies `DeviceStore`, so the operations of sync/ are written once without importing
 * the client.
 */

/** A site in the member's scope, as pulled (sync/site-fields.ts SiteRow). */
export interface LocalSite extends Partial<SiteRow> {
  f_idx: number;
  f_site_type: 'O' | 'G' | 'U';
  f_user_idx: number;
  f_group_idx: number | null;
  f_name: string;
  f_update_time: string;
  /** The rest of the server row, as pulled. */
  [field: string]: unknown;
}

/**
 * A registration in progress (temporary save, site status P), keyed by its draft id: made on
 * the device when the draft is started (or `site-draft-<idx>` for one the server made).
 * `payload` holds the draft fields; `base_version` the server version they derive from.
 */
export interface LocalDraft {
  key: string;
  site_type: 'O' | 'G' | 'U';
  site_idx: number | null;
  step: number;
  payload: unknown;
  base_version: number | null;
  updated_at: string;
}

export interface LocalMemo {
  f_site_idx: number;
  memo: string;
  memo_images: string[];
  updated_at: string;
}

export interface LocalLike {
  f_site_idx: number;
  liked_at: string;
}

/**
 * A site's buildings with their units inside, as one row: what a 'units' change of the pull
 * carries and what a final save of the site writes. The device stores one record per building
 * (`dongs`); a building or unit made on the device has no server id yet and gets a negative one.
 */
export interface SiteUnits {
  f_site_idx: number;
  dongs: Array<
    Pick<SiteDongRow, 'f_idx' | 'f_site_idx' | 'f_order' | 'f_dong'> & {
      hos: Array<{ f_idx: number; [field: string]: unknown }>;
      [field: string]: unknown;
    }
  >;
}

/** A draft save that met a newer server copy: both versions kept until the member chooses. */
export type LocalConflict = ConflictRow;

interface StoreTable<Row, Key> {
  get(key: Key): Promise<Row | undefined>;
  put(row: Row): Promise<unknown>;
  delete(key: Key): Promise<unknown>;
}

/** What an operation's optimistic effect may read and write on the device. */
export interface DeviceStore {
  sites: {
    get(siteIdx: number): Promise<LocalSite | undefined>;
    put(site: LocalSite): Promise<unknown>;
    update(siteIdx: number, changes: Partial<LocalSite>): Promise<unknown>;
  };
  units: { get(siteIdx: number): Promise<SiteUnits | undefined>; put(row: SiteUnits): Promise<unknown> };
  likes: StoreTable<LocalLike, number>;
  memos: StoreTable<LocalMemo, number>;
  drafts: StoreTable<LocalDraft, string>;
  conflicts: StoreTable<LocalConflict, number>;
  syncMeta: { get(key: string): Promise<{ key: string; value: unknown } | undefined> };
  /** Notifications received (protocol 7): setRead marks them read on the device. */
  inbox: {
    where(index: 'f_notify_idx' | 'f_read'): {
      equals(value: number | string): { modify(changes: { f_read: 'Y' }): Promise<unknown> };
    };
  };
}
