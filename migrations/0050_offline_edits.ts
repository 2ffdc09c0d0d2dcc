import { type Kysely, sql } from 'kysely';

// Frozen once landed. Posts, comments and notifications edited offline (protocol 8): each row
// counts its edits in f_version, so an edit queued on a device says which copy it was made on;
// an edit that meets a copy changed since keeps both in edit_conflicts until the member chooses
// on /sync (docs/sync.md). An open conflict is in its member's feed as 'editconflict'; settling
// it takes it out, like sync_conflicts (0003) for sites.

const clock = '(SELECT version FROM sync_clock)';
const bump = 'UPDATE sync_clock SET version = version + 1;';
const feedPut = `INSERT INTO sync_feed (f_user_idx, entity, key, version, deleted)
    VALUES (NEW.f_user_idx, 'editconflict', NEW.f_idx, ${clock}, 0)
    ON CONFLICT (f_user_idx, entity, key) DO UPDATE SET version = excluded.version, deleted = 0;`;

export async function up(db: Kysely<any>): Promise<void> {
  for (const table of ['community_posts', 'community_comments', 'notifications']) {
    await sql`ALTER TABLE ${sql.table(table)} ADD COLUMN f_version INTEGER NOT NULL DEFAULT 1`.execute(db);
  }
  await sql`
    CREATE TABLE edit_conflicts (
      f_idx INTEGER PRIMARY KEY AUTOINCREMENT,
      f_user_idx INTEGER NOT NULL REFERENCES users(f_idx) ON DELETE CASCADE,
      f_kind TEXT NOT NULL CHECK (f_kind IN ('post', 'comment', 'notification')),
      f_target_idx INTEGER NOT NULL,
      f_post_idx INTEGER,
      f_subject TEXT NOT NULL DEFAULT '',
      fields TEXT NOT NULL,
      mine TEXT NOT NULL,
      theirs TEXT NOT NULL,
      base TEXT NOT NULL,
      base_version INTEGER,
      theirs_version INTEGER NOT NULL,
      client_id TEXT,
      mutation_id TEXT,
      f_reg_time TEXT NOT NULL,
      resolved_at TEXT,
      resolution TEXT
    )
  `.execute(db);
  await sql`CREATE INDEX edit_conflicts_open ON edit_conflicts (f_user_idx, f_kind, f_target_idx) WHERE resolved_at IS NULL`.execute(
    db,
  );
  await sql
    .raw(
      `CREATE TRIGGER sync_edit_conflicts_insert AFTER INSERT ON edit_conflicts BEGIN ${bump} ${feedPut} END`,
    )
    .execute(db);
  await sql
    .raw(`CREATE TRIGGER sync_edit_conflicts_update AFTER UPDATE ON edit_conflicts BEGIN ${bump} ${feedPut}
      UPDATE sync_feed SET deleted = 1 WHERE NEW.resolved_at IS NOT NULL
        AND f_user_idx = NEW.f_user_idx AND entity = 'editconflict' AND key = NEW.f_idx; END`)
    .execute(db);
}
