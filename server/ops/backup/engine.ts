/**
 * The one seam between backups and the database they copy. Backups, their manifest, retention,
 * pictures and the restore's steps (server/ops/backup/*.ts) are the same whatever the database;
 * an engine says how to copy it while it runs, how to check a copy, and how to put a copy in
 * its place. SQLite's is `sqliteBackupEngine` (server/db/sqlite-backup.ts: VACUUM INTO on its
 * own connection, PRAGMA integrity_check); PostgreSQL's is `postgresBackupEngine`
 * (server/db/postgres-backup.ts: pg_dump --format=custom, pg_restore reading it through, and
 * pg_restore into a new database swapped in by renaming). `backupEngineFor` (./engines.ts) picks.
 */
export interface BackupEngine {
  /** Names the copies in the manifest. */
  kind: 'sqlite' | 'postgres';
  /** The file name ending of a copy: `.db` (a SQLite database), `.dump` (pg_dump's custom format). */
  extension: string;
  /** Writes a consistent copy of the live database to `dest` (a new file) without stopping it. */
  copy: (args: { dest: string }) => Promise<void>;
  /** Reads a copy through: what it holds, or what is wrong with it (an empty list when it is whole). */
  check: (args: { file: string }) => Promise<CopyCheck>;
  /**
   * Puts the checked copy in place of the database of a stopped server, brought up to this
   * version's migrations and marked as restored (server/sync/restores.repository.ts), keeping
   * what it replaces beside it. Resolves with what the restore changed.
   */
  install: (args: { file: string; restoredAt: Date; source: string }) => Promise<Installed>;
}

export interface CopyCheck {
  /** The integrity check's complaints; empty: the copy is whole. */
  problems: string[];
  /** Migrations the copy has run (a copy made by a newer version has some this one lacks). */
  migrations: string[];
}

export interface Installed {
  /** Where the database that was there went (null: there was none). */
  replacedTo: string | null;
  /** Migrations run on the copy to bring it to this version. */
  migrated: string[];
  /** The sync versions the restore skipped: a device cursor inside them is from the lost server. */
  skipped: { from: number; to: number };
}

/** A copy that cannot be used: the restore or backup stops with this message and changes nothing. */
export class BackupError extends Error {
  override name = 'BackupError';
}
