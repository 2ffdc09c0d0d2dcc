import type { Generated, Insertable, Selectable } from 'kysely';
import type { YN } from '../users/users.tables.ts';

/** One counter; every feed trigger bumps it (migrations/0003_sync.ts). */
export interface SyncClockTable {
  id: number;
  version: number;
}

/** The version of each site's content: the row, contacts, area types, buildings and units. */
export interface SyncSiteVersionsTable {
  f_site_idx: number;
  version: number;
  /** The version of its buildings and units alone. */
  units_version: number;
}

export type FeedEntity = 'site' | 'like' | 'memo' | 'recent' | 'notification' | 'conflict' | 'inbox';

/** Per member: what is in scope or theirs, and when it last changed. Kept by triggers. */
export interface SyncFeedTable {
  f_user_idx: number;
  entity: FeedEntity;
  key: number;
  version: number;
  deleted: 0 | 1;
}

/** A device install of a member, and the last mutation sequence applied for it. */
export interface SyncClientsTable {
  client_id: string;
  f_user_idx: number;
  last_seq: number;
  created_at: string;
  last_seen_at: string;
}

/** The recorded outcome of every pushed mutation. */
export interface SyncMutationsTable {
  client_id: string;
  seq: number;
  mutation_id: string;
  name: string;
  status: 'applied' | 'rejected' | 'conflict';
  code: number;
  msg: string;
  /** JSON. */
  data: string | null;
  applied_at: string;
}

/** A draft save kept beside a newer server copy until the member chooses. */
export interface SyncConflictsTable {
  f_idx: Generated<number>;
  f_user_idx: number;
  f_site_idx: number;
  draft_id: string;
  /** JSON array of field names changed on both sides. */
  fields: string;
  /** JSON objects of field values. */
  mine: string;
  theirs: string;
  base: string;
  base_version: number | null;
  theirs_version: number;
  client_id: string | null;
  mutation_id: string | null;
  f_reg_time: string;
  resolved_at: string | null;
  resolution: string | null;
}

/** Spec §3 Notification (minimal table; the notify feature adds its rules). */
export interface NotificationsTable {
  f_idx: Generated<number>;
  f_user_idx: number;
  f_title: Generated<string>;
  f_content: Generated<string>;
  f_site_idx: number | null;
  f_site_name: Generated<string>;
  f_site_type: Generated<string>;
  f_address: Generated<string>;
  f_longitude: number | null;
  f_latitude: number | null;
  f_push: Generated<YN>;
  f_made: Generated<YN>;
  f_made1: Generated<YN>;
  f_auto: Generated<YN>;
  f_auto_enable: Generated<YN>;
  f_auto_time: Generated<string>;
  f_auto_interval: Generated<'E' | '3' | '5'>;
  f_read: Generated<YN>;
  /** Comma list of image URLs. */
  f_image_url: Generated<string>;
  /** JSON array of {f_name, f_phone}. */
  f_contacts_list: Generated<string>;
  f_reg_time: string;
  f_update_time: string;
  /** Notifications (migrations/0019): removed by its writer; the row stays for the daily limit. */
  f_removed_time: string | null;
  /** Notifications (migrations/0019): where an automatic schedule counts its days from. */
  f_auto_from: string | null;
}

/** A restore from a backup: the sync versions it skipped (migrations/0027, server/ops/backup/restore.ts). */
export interface SyncRestoresTable {
  f_idx: Generated<number>;
  /** The restored copy's clock: versions up to here are the same history on both servers. */
  f_from_version: number;
  /** The clock after the restore; versions strictly between the two were only issued by the lost server. */
  f_to_version: number;
  f_restored_at: string;
  /** The copy's file name. */
  f_source: string;
}

export interface SyncTables {
  sync_clock: SyncClockTable;
  sync_restores: SyncRestoresTable;
  sync_site_versions: SyncSiteVersionsTable;
  sync_feed: SyncFeedTable;
  sync_clients: SyncClientsTable;
  sync_mutations: SyncMutationsTable;
  sync_conflicts: SyncConflictsTable;
  notifications: NotificationsTable;
}

export type SyncConflict = Selectable<SyncConflictsTable>;
export type NewSyncConflict = Insertable<SyncConflictsTable>;
