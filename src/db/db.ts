import Dexie, { type DexieOptions, type EntityTable } from 'dexie';
import type {
  DeviceStore,
  LocalConflict,
  LocalDraft,
  LocalEditConflict,
  LocalLike,
  LocalMemo,
  LocalNotification,
  LocalSite,
  SiteUnits,
} from '../../sync/device-store.ts';
import type { SiteDongRow } from '../../sync/site-fields.ts';
import { packSites, type SitePack, SiteStore } from './site-packs.ts';

export type {
  LocalConflict,
  LocalDraft,
  LocalEditConflict,
  LocalLike,
  LocalMemo,
  LocalNotification,
  LocalSite,
};

/**
 * The device's offline store (IndexedDB through Dexie). The server is the source of
 * truth; these tables hold what the agent needs with no signal and what waits to sync.
 * Admin data is never stored here.
 */

/** A building of a site with its units inside (`hos`), as pulled. */
export interface LocalDong extends Partial<SiteDongRow> {
  f_idx: number;
  f_site_idx: number;
  [field: string]: unknown;
}

export interface LocalRecentView {
  f_site_idx: number;
  viewed_at: string;
}

/**
 * A notification the member received (protocol 7 'inbox', sync/protocol-responses.ts InboxRow):
 * one delivery, its read state, the notification as written and its writer.
 */
export interface LocalInbox {
  f_idx: number;
  f_notify_idx: number;
  f_site_idx: number | null;
  f_send_time: string;
  f_read: 'Y' | 'N';
  [field: string]: unknown;
}

/**
 * A mutation waiting to be pushed (the outbox of design.md). `confirmed`: the server has it;
 * the entry stays until a pull brings data that includes it, so the screen never flips back.
 * `rejected`: refused for good; kept so the member sees why, until dismissed.
 */
export interface OutboxEntry {
  /** The store's key: the order the member made the changes in. */
  seq?: number;
  /**
   * The number the entry is pushed under (protocol 4, src/sync/sequence.ts): given just before
   * it is first sent, changed only while the server has not processed it. Not indexed, so it
   * needs no schema version.
   */
  push_seq?: number;
  mutation_id: string;
  name: string;
  args: unknown;
  status: 'pending' | 'sending' | 'confirmed' | 'rejected';
  created_at: string;
  /** The protocol version the entry was written under (older entries may need upgrading). */
  protocol_version?: number;
  error_code?: number;
  error_msg?: string;
  /** What the server answered, e.g. the new site_idx of a first draft save. */
  result?: unknown;
}

/**
 * The server's copy of a row that a waiting mutation changed on the device. Pulled data for
 * the row lands here; after each pull the row is rebuilt from it plus the waiting mutations.
 */
export interface LocalShadow {
  /** `${table}|${key}` */
  id: string;
  table: string;
  key: string | number;
  /** The server's row, or null when the server has none. */
  row: unknown;
}

export interface SyncMeta {
  key: string;
  value: unknown;
}

/** A file picked while offline, kept until it is uploaded ahead of the mutation using it. */
export interface LocalFile {
  id: string;
  blob: Blob;
  name: string;
  kind: number;
  created_at: string;
  uploaded_url: string | null;
}

/**
 * Schema history. Each entry is frozen once shipped; a change adds a version (and an
 * upgrade function when rows must change), tested by opening every older version first.
 */
export const schemaHistory: ReadonlyArray<{ version: number; stores: Record<string, string | null> }> = [
  {
    version: 1,
    stores: {
      sites: 'f_idx, f_site_type, f_user_idx, f_group_idx, f_update_time',
      dongs: 'f_idx, f_site_idx',
      hos: 'f_idx, f_site_idx, f_dong_idx',
      drafts: 'key, site_type, updated_at',
      memos: 'f_site_idx',
      likes: 'f_site_idx, liked_at',
      recentViews: 'f_site_idx, viewed_at',
      notifications: 'f_idx, f_site_idx, f_reg_time, f_read',
      outbox: '++seq, mutation_id',
      syncMeta: 'key',
    },
  },
  {
    version: 2,
    stores: {
      outbox: '++seq, &mutation_id, status, name',
      files: 'id, created_at',
    },
  },
  {
    // Units travel and live inside their building's record (dongs.hos): one record per
    // building instead of one per unit keeps a 10,000-site pull fast.
    version: 3,
    stores: {
      hos: null,
      drafts: 'key, site_type, updated_at, site_idx',
      conflicts: 'f_idx, f_site_idx, draft_id',
      shadows: 'id',
    },
  },
  {
    // Sites move into packs of 64 by id (site-packs.ts): a fresh device's pull of 10,000 sites
    // writes ~160 records instead of 10,000. The upgrade copies the stored sites across.
    version: 4,
    stores: { sitePacks: 'id' },
  },
  {
    // Dropped only after version 4 has read it (Dexie deletes a table in a later version).
    version: 5,
    stores: { sites: null },
  },
  {
    // Notifications received (protocol 7): one row per delivery.
    version: 6,
    stores: { inbox: 'f_idx, f_notify_idx, f_read' },
  },
  {
    // Edits of posts, comments and notifications that met a changed copy (protocol 8).
    version: 7,
    stores: { editConflicts: 'f_idx' },
  },
];

// Dexie turns its debug mode on for any page served from localhost, the built app included (npm
// start, the benchmarks, the e2e suite). That mode tags every query and promise with a console task
// (an async stack the browser records whenever a debugger or a measuring tool is attached): a cost
// a phone never pays, so the built app runs as it does on its real address. Vite's dev server
// keeps it, for the long stacks. Outside Vite (Node: the chaos test, the benchmarks' tools) there is
// no `import.meta.env`, and the mode is off.
Dexie.debug = import.meta.env?.DEV === true;

export class LocalDb extends Dexie implements DeviceStore {
  sitePacks!: EntityTable<SitePack, 'id'>;
  dongs!: EntityTable<LocalDong, 'f_idx'>;
  drafts!: EntityTable<LocalDraft, 'key'>;
  memos!: EntityTable<LocalMemo, 'f_site_idx'>;
  likes!: EntityTable<LocalLike, 'f_site_idx'>;
  recentViews!: EntityTable<LocalRecentView, 'f_site_idx'>;
  notifications!: EntityTable<LocalNotification, 'f_idx'>;
  inbox!: EntityTable<LocalInbox, 'f_idx'>;
  outbox!: EntityTable<OutboxEntry, 'seq'>;
  syncMeta!: EntityTable<SyncMeta, 'key'>;
  files!: EntityTable<LocalFile, 'id'>;
  conflicts!: EntityTable<LocalConflict, 'f_idx'>;
  editConflicts!: EntityTable<LocalEditConflict, 'f_idx'>;
  shadows!: EntityTable<LocalShadow, 'id'>;

  /** The device's sites, one row per site to callers; stored in `sitePacks`. */
  readonly sites: SiteStore;
  /** Each site's buildings with units as one row, over `dongs` (one record per building). */
  readonly units: UnitsStore;

  /** `options` give a device its own IndexedDB (tests and the chaos harness run many in one process). */
  constructor(name = 'bunyang', options?: DexieOptions) {
    super(name, options);
    for (const { version, stores } of schemaHistory) {
      const v = this.version(version).stores(stores);
      if (version === 4) {
        v.upgrade(async (tx) => {
          const sites = (await tx.table('sites').toArray()) as LocalSite[];
          await tx.table('sitePacks').bulkPut(packSites(sites));
        });
      }
      if (version === 2) {
        // Version 1 outbox rows had no status: they were all waiting to be sent.
        v.upgrade((tx) =>
          tx
            .table('outbox')
            .toCollection()
            .modify((entry: Partial<OutboxEntry>) => {
              entry.status ??= 'pending';
            }),
        );
      }
    }
    this.sites = new SiteStore(this, this.sitePacks);
    this.units = new UnitsStore(this.dongs);
  }
}

/**
 * A site's units as one row, the unit sync replaces and keeps aside (src/sync/local-store.ts):
 * the pull sends a site's buildings whole, and a final save writes them whole, so a waiting
 * save's units survive a pull the same way a waiting change of a site row does.
 */
export class UnitsStore {
  constructor(private readonly dongs: EntityTable<LocalDong, 'f_idx'>) {}

  async get(siteIdx: number): Promise<SiteUnits | undefined> {
    const dongs = await this.dongs.where('f_site_idx').equals(siteIdx).toArray();
    return dongs.length > 0 ? ({ f_site_idx: siteIdx, dongs } as SiteUnits) : undefined;
  }

  async put(row: SiteUnits): Promise<void> {
    await this.bulkPut([row]);
  }

  /** Replaces the buildings of each row's site: one delete and one write for a whole pulled page. */
  async bulkPut(rows: readonly SiteUnits[]): Promise<void> {
    // The last row of a site wins, as separate puts would.
    const bySite = new Map(rows.map((row) => [row.f_site_idx, row]));
    await this.bulkDelete([...bySite.keys()]);
    await this.dongs.bulkPut([...bySite.values()].flatMap((row) => row.dongs) as LocalDong[]);
  }

  async bulkDelete(siteIdxs: number[]): Promise<void> {
    await this.dongs.where('f_site_idx').anyOf(siteIdxs).delete();
  }
}

export const localDb = new LocalDb();

/** Logout and withdrawal clear everything this member left on the device. */
export async function clearLocalData(db: LocalDb = localDb): Promise<void> {
  await db.transaction('rw', db.tables, async () => {
    await Promise.all(db.tables.map((t) => t.clear()));
  });
  // Public-data look-ups kept for offline reading (src/db/lookups-db.ts), and offline areas.
  // Loaded here, not at start: the entry chunk never needs it.
  if (db === localDb) await (await import('./lookups-db.ts')).clearKeptCaches();
}
