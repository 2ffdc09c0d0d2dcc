import { type Kysely, sql } from 'kysely';

// Frozen once landed. A restore from a backup (server/ops/restore.ts) moves the sync clock far
// ahead and records the versions it skipped: a device cursor inside that range came from the
// lost server (written after the backup), so its pull starts over with `reset` even once the
// restored server's clock has passed it (server/sync/pull.repository.ts, docs/sync.md).

export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    CREATE TABLE sync_restores (
      f_idx INTEGER PRIMARY KEY,
      f_from_version INTEGER NOT NULL,
      f_to_version INTEGER NOT NULL CHECK (f_to_version > f_from_version),
      f_restored_at TEXT NOT NULL,
      f_source TEXT NOT NULL DEFAULT ''
    )
  `.execute(db);
}
