import { type Kysely, sql } from 'kysely';

// Frozen: once landed, never edited. Later changes go in a new migration.
//
// The change feed behind the sync pull. Triggers keep it, so every writer (services, admin
// tools, the seed generator, features not written yet) feeds it without knowing about sync.
// - sync_clock: one counter, bumped by every trigger; a change's version is its value.
// - sync_site_versions: per site, `version` of its content (the row, contacts, area types,
//   buildings, units: a draft carries all of them) and `units_version` of its buildings and
//   units alone (a registered site's units travel separately, after the sites).
// - sync_feed: per member, one row per thing in the member's scope or of the member's own:
//   'site' (the site is in scope; deleted = 1 once it left), 'like', 'memo', 'recent',
//   'notification', 'conflict'. A pull reads the rows after its cursor, plus the sites in
//   scope whose content version is after it.
// A site is in a member's scope when the member owns it (drafts P included), or when it is
// registered (N) and shared to one of the member's groups, liked, or recently viewed.

const clock = '(SELECT version FROM sync_clock)';
const bump = 'UPDATE sync_clock SET version = version + 1;';

function inScope(user: string, site: string): string {
  return `EXISTS (SELECT 1 FROM sites s WHERE s.f_idx = ${site} AND (
    (s.f_user_idx = ${user} AND s.f_status IN ('N', 'P'))
    OR (s.f_status = 'N' AND (
      (s.f_group_idx IS NOT NULL AND EXISTS (SELECT 1 FROM group_members gm
        WHERE gm.f_group_idx = s.f_group_idx AND gm.f_user_idx = ${user}))
      OR EXISTS (SELECT 1 FROM site_likes l WHERE l.f_user_idx = ${user} AND l.f_site_idx = s.f_idx)
      OR EXISTS (SELECT 1 FROM site_recent_views r WHERE r.f_user_idx = ${user} AND r.f_site_idx = s.f_idx)
    ))))`;
}

/** Members of `pairs` (columns u, s) now in scope get a 'site' feed row, or have it revived. */
function enter(pairs: string): string {
  return `INSERT INTO sync_feed (f_user_idx, entity, key, version, deleted)
    SELECT p.u, 'site', p.s, ${clock}, 0 FROM (${pairs}) p WHERE p.u IS NOT NULL AND ${inScope('p.u', 'p.s')}
    ON CONFLICT (f_user_idx, entity, key) DO UPDATE SET version = excluded.version, deleted = 0
    WHERE sync_feed.deleted = 1;`;
}

/** Every member holding site `site` who no longer has it in scope gets a deletion. */
function leaveSite(site: string): string {
  return `UPDATE sync_feed SET version = ${clock}, deleted = 1
    WHERE entity = 'site' AND key = ${site} AND deleted = 0 AND NOT ${inScope('sync_feed.f_user_idx', site)};`;
}

/** Member `user` loses the sites of `sites` (a select of site ids) that left the scope. */
function leaveUser(user: string, sites: string): string {
  return `UPDATE sync_feed SET version = ${clock}, deleted = 1
    WHERE f_user_idx = ${user} AND entity = 'site' AND deleted = 0 AND key IN (${sites})
      AND NOT ${inScope(user, 'sync_feed.key')};`;
}

function feedPut(entity: string, user: string, key: string): string {
  return `INSERT INTO sync_feed (f_user_idx, entity, key, version, deleted)
    VALUES (${user}, '${entity}', ${key}, ${clock}, 0)
    ON CONFLICT (f_user_idx, entity, key) DO UPDATE SET version = excluded.version, deleted = 0;`;
}

function feedDel(entity: string, user: string, key: string): string {
  return `UPDATE sync_feed SET version = ${clock}, deleted = 1
    WHERE f_user_idx = ${user} AND entity = '${entity}' AND key = ${key};`;
}

async function trigger(db: Kysely<any>, name: string, when: string, body: string): Promise<void> {
  await sql.raw(`CREATE TRIGGER ${name} ${when} BEGIN ${bump} ${body} END`).execute(db);
}

export async function up(db: Kysely<any>): Promise<void> {
  // A draft made offline carries the device's id for it, so a repeated save never makes two.
  await sql`ALTER TABLE sites ADD COLUMN f_client_id TEXT`.execute(db);
  await sql`CREATE UNIQUE INDEX sites_client_id ON sites (f_client_id) WHERE f_client_id IS NOT NULL`.execute(
    db,
  );

  // Spec §3 Notification, minimal: the notify feature adds its rules later.
  await sql`
    CREATE TABLE notifications (
      f_idx INTEGER PRIMARY KEY AUTOINCREMENT,
      f_user_idx INTEGER NOT NULL REFERENCES users(f_idx) ON DELETE CASCADE,
      f_title TEXT NOT NULL DEFAULT '',
      f_content TEXT NOT NULL DEFAULT '',
      f_site_idx INTEGER REFERENCES sites(f_idx) ON DELETE SET NULL,
      f_site_name TEXT NOT NULL DEFAULT '',
      f_site_type TEXT NOT NULL DEFAULT '',
      f_address TEXT NOT NULL DEFAULT '',
      f_longitude REAL,
      f_latitude REAL,
      f_push TEXT NOT NULL DEFAULT 'N' CHECK (f_push IN ('Y', 'N')),
      f_made TEXT NOT NULL DEFAULT 'N' CHECK (f_made IN ('Y', 'N')),
      f_made1 TEXT NOT NULL DEFAULT 'N' CHECK (f_made1 IN ('Y', 'N')),
      f_auto TEXT NOT NULL DEFAULT 'N' CHECK (f_auto IN ('Y', 'N')),
      f_auto_enable TEXT NOT NULL DEFAULT 'N' CHECK (f_auto_enable IN ('Y', 'N')),
      f_auto_time TEXT NOT NULL DEFAULT '00:00',
      f_auto_interval TEXT NOT NULL DEFAULT 'E' CHECK (f_auto_interval IN ('E', '3', '5')),
      f_read TEXT NOT NULL DEFAULT 'N' CHECK (f_read IN ('Y', 'N')),
      f_image_url TEXT NOT NULL DEFAULT '',
      f_contacts_list TEXT NOT NULL DEFAULT '[]',
      f_reg_time TEXT NOT NULL,
      f_update_time TEXT NOT NULL
    )
  `.execute(db);
  await sql`CREATE INDEX notifications_user ON notifications (f_user_idx, f_reg_time)`.execute(db);
  await sql`CREATE INDEX notifications_site ON notifications (f_site_idx)`.execute(db);

  await sql`
    CREATE TABLE sync_clock (
      id INTEGER PRIMARY KEY CHECK (id = 1),
      version INTEGER NOT NULL
    )
  `.execute(db);
  await sql`INSERT INTO sync_clock (id, version) VALUES (1, 1)`.execute(db);

  await sql`
    CREATE TABLE sync_site_versions (
      f_site_idx INTEGER PRIMARY KEY,
      version INTEGER NOT NULL,
      units_version INTEGER NOT NULL
    )
  `.execute(db);
  await sql`CREATE INDEX sync_site_versions_version ON sync_site_versions (version, f_site_idx)`.execute(db);
  await sql`CREATE INDEX sync_site_versions_units ON sync_site_versions (units_version, f_site_idx)`.execute(
    db,
  );

  await sql`
    CREATE TABLE sync_feed (
      f_user_idx INTEGER NOT NULL,
      entity TEXT NOT NULL,
      key INTEGER NOT NULL,
      version INTEGER NOT NULL,
      deleted INTEGER NOT NULL DEFAULT 0 CHECK (deleted IN (0, 1)),
      PRIMARY KEY (f_user_idx, entity, key)
    ) WITHOUT ROWID
  `.execute(db);
  await sql`CREATE INDEX sync_feed_version ON sync_feed (f_user_idx, version, entity, key)`.execute(db);
  await sql`CREATE INDEX sync_feed_key ON sync_feed (entity, key)`.execute(db);

  // One row per device install (client id) and member: the last sequence applied.
  await sql`
    CREATE TABLE sync_clients (
      client_id TEXT PRIMARY KEY,
      f_user_idx INTEGER NOT NULL REFERENCES users(f_idx) ON DELETE CASCADE,
      last_seq INTEGER NOT NULL DEFAULT 0,
      created_at TEXT NOT NULL,
      last_seen_at TEXT NOT NULL
    )
  `.execute(db);
  await sql`CREATE INDEX sync_clients_user ON sync_clients (f_user_idx)`.execute(db);

  // The outcome of each pushed mutation, written with its effect: a repeated push answers from it.
  await sql`
    CREATE TABLE sync_mutations (
      client_id TEXT NOT NULL REFERENCES sync_clients(client_id) ON DELETE CASCADE,
      seq INTEGER NOT NULL,
      mutation_id TEXT NOT NULL,
      name TEXT NOT NULL,
      status TEXT NOT NULL CHECK (status IN ('applied', 'rejected', 'conflict')),
      code INTEGER NOT NULL,
      msg TEXT NOT NULL DEFAULT '',
      data TEXT,
      applied_at TEXT NOT NULL,
      PRIMARY KEY (client_id, seq)
    ) WITHOUT ROWID
  `.execute(db);

  // A draft save that met a newer server copy: the server copy stays, the device's values are
  // kept here until the member chooses (design.md guarantee 5).
  await sql`
    CREATE TABLE sync_conflicts (
      f_idx INTEGER PRIMARY KEY AUTOINCREMENT,
      f_user_idx INTEGER NOT NULL REFERENCES users(f_idx) ON DELETE CASCADE,
      f_site_idx INTEGER NOT NULL REFERENCES sites(f_idx) ON DELETE CASCADE,
      draft_id TEXT NOT NULL,
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
  await sql`CREATE INDEX sync_conflicts_open ON sync_conflicts (f_user_idx, f_site_idx) WHERE resolved_at IS NULL`.execute(
    db,
  );

  // Whatever exists already enters the feed at version 1.
  await sql
    .raw(`INSERT INTO sync_site_versions (f_site_idx, version, units_version) SELECT f_idx, 1, 1 FROM sites`)
    .execute(db);
  await sql
    .raw(
      `INSERT OR IGNORE INTO sync_feed (f_user_idx, entity, key, version, deleted)
      SELECT p.u, 'site', p.s, 1, 0 FROM (
        SELECT f_user_idx AS u, f_idx AS s FROM sites
        UNION SELECT gm.f_user_idx, st.f_idx FROM sites st JOIN group_members gm ON gm.f_group_idx = st.f_group_idx
        UNION SELECT f_user_idx, f_site_idx FROM site_likes
        UNION SELECT f_user_idx, f_site_idx FROM site_recent_views
      ) p WHERE ${inScope('p.u', 'p.s')}`,
    )
    .execute(db);
  for (const [entity, table] of [
    ['like', 'site_likes'],
    ['recent', 'site_recent_views'],
    ['memo', 'site_memos'],
  ] as const) {
    await sql
      .raw(
        `INSERT INTO sync_feed (f_user_idx, entity, key, version, deleted) SELECT f_user_idx, '${entity}', f_site_idx, 1, 0 FROM ${table}`,
      )
      .execute(db);
  }

  // Sites: content version, and scope when owner, group or status change.
  await trigger(
    db,
    'sync_sites_insert',
    'AFTER INSERT ON sites',
    `INSERT INTO sync_site_versions (f_site_idx, version, units_version) VALUES (NEW.f_idx, ${clock}, ${clock})
       ON CONFLICT (f_site_idx) DO UPDATE SET version = excluded.version, units_version = excluded.units_version;
     ${enter(`SELECT NEW.f_user_idx AS u, NEW.f_idx AS s
       UNION SELECT gm.f_user_idx, NEW.f_idx FROM group_members gm WHERE gm.f_group_idx = NEW.f_group_idx`)}`,
  );
  await trigger(
    db,
    'sync_sites_update',
    'AFTER UPDATE ON sites',
    // A draft becoming a registered site (or back) changes how its units travel: send them again.
    `UPDATE sync_site_versions SET version = ${clock},
       units_version = CASE WHEN OLD.f_status IS NOT NEW.f_status THEN ${clock} ELSE units_version END
     WHERE f_site_idx = NEW.f_idx;`,
  );
  await trigger(
    db,
    'sync_sites_scope',
    `AFTER UPDATE OF f_user_idx, f_group_idx, f_status ON sites
     WHEN OLD.f_user_idx IS NOT NEW.f_user_idx OR OLD.f_group_idx IS NOT NEW.f_group_idx
       OR OLD.f_status IS NOT NEW.f_status`,
    `${enter(`SELECT NEW.f_user_idx AS u, NEW.f_idx AS s
       UNION SELECT gm.f_user_idx, NEW.f_idx FROM group_members gm WHERE gm.f_group_idx = NEW.f_group_idx
       UNION SELECT f_user_idx, NEW.f_idx FROM site_likes WHERE f_site_idx = NEW.f_idx
       UNION SELECT f_user_idx, NEW.f_idx FROM site_recent_views WHERE f_site_idx = NEW.f_idx`)}
     ${leaveSite('NEW.f_idx')}`,
  );
  await trigger(
    db,
    'sync_sites_delete',
    'AFTER DELETE ON sites',
    `UPDATE sync_feed SET version = ${clock}, deleted = 1 WHERE entity = 'site' AND key = OLD.f_idx AND deleted = 0;
     DELETE FROM sync_site_versions WHERE f_site_idx = OLD.f_idx;`,
  );

  // A site's parts change its content version; buildings and units also their own.
  for (const table of ['site_contacts', 'site_rooms', 'dongs', 'hos']) {
    const units = table === 'dongs' || table === 'hos' ? `, units_version = ${clock}` : '';
    for (const [event, row] of [
      ['INSERT', 'NEW'],
      ['UPDATE', 'NEW'],
      ['DELETE', 'OLD'],
    ] as const) {
      await trigger(
        db,
        `sync_${table}_${event.toLowerCase()}`,
        `AFTER ${event} ON ${table}`,
        `UPDATE sync_site_versions SET version = ${clock}${units} WHERE f_site_idx = ${row}.f_site_idx;`,
      );
    }
  }

  // Joining a group brings its sites; leaving takes them away.
  await trigger(
    db,
    'sync_group_members_insert',
    'AFTER INSERT ON group_members',
    enter(`SELECT NEW.f_user_idx AS u, f_idx AS s FROM sites WHERE f_group_idx = NEW.f_group_idx`),
  );
  await trigger(
    db,
    'sync_group_members_delete',
    'AFTER DELETE ON group_members',
    leaveUser('OLD.f_user_idx', 'SELECT f_idx FROM sites WHERE f_group_idx = OLD.f_group_idx'),
  );

  // Likes and recent views are the member's own rows and also bring the site into scope.
  for (const [entity, table] of [
    ['like', 'site_likes'],
    ['recent', 'site_recent_views'],
  ] as const) {
    await trigger(
      db,
      `sync_${table}_insert`,
      `AFTER INSERT ON ${table}`,
      `${feedPut(entity, 'NEW.f_user_idx', 'NEW.f_site_idx')}
       ${enter('SELECT NEW.f_user_idx AS u, NEW.f_site_idx AS s')}`,
    );
    await trigger(
      db,
      `sync_${table}_update`,
      `AFTER UPDATE ON ${table}`,
      feedPut(entity, 'NEW.f_user_idx', 'NEW.f_site_idx'),
    );
    await trigger(
      db,
      `sync_${table}_delete`,
      `AFTER DELETE ON ${table}`,
      `${feedDel(entity, 'OLD.f_user_idx', 'OLD.f_site_idx')}
       ${leaveUser('OLD.f_user_idx', 'SELECT OLD.f_site_idx')}`,
    );
  }

  for (const [entity, table, key] of [
    ['memo', 'site_memos', 'f_site_idx'],
    ['notification', 'notifications', 'f_idx'],
  ] as const) {
    await trigger(
      db,
      `sync_${table}_insert`,
      `AFTER INSERT ON ${table}`,
      feedPut(entity, 'NEW.f_user_idx', `NEW.${key}`),
    );
    await trigger(
      db,
      `sync_${table}_update`,
      `AFTER UPDATE ON ${table}`,
      feedPut(entity, 'NEW.f_user_idx', `NEW.${key}`),
    );
    await trigger(
      db,
      `sync_${table}_delete`,
      `AFTER DELETE ON ${table}`,
      feedDel(entity, 'OLD.f_user_idx', `OLD.${key}`),
    );
  }

  // An open conflict is in the member's feed; resolving it deletes it there.
  await trigger(
    db,
    'sync_conflicts_insert',
    'AFTER INSERT ON sync_conflicts',
    feedPut('conflict', 'NEW.f_user_idx', 'NEW.f_idx'),
  );
  await trigger(
    db,
    'sync_conflicts_update',
    'AFTER UPDATE ON sync_conflicts',
    `${feedPut('conflict', 'NEW.f_user_idx', 'NEW.f_idx')}
     UPDATE sync_feed SET deleted = 1 WHERE NEW.resolved_at IS NOT NULL
       AND f_user_idx = NEW.f_user_idx AND entity = 'conflict' AND key = NEW.f_idx;`,
  );

  await sql
    .raw(`CREATE TRIGGER sync_users_delete AFTER DELETE ON users BEGIN
    DELETE FROM sync_feed WHERE f_user_idx = OLD.f_idx; END`)
    .execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  const triggers = (
    await sql<{
      name: string;
    }>`SELECT name FROM sqlite_master WHERE type = 'trigger' AND name LIKE 'sync_%'`.execute(db)
  ).rows;
  for (const { name } of triggers) await sql`DROP TRIGGER IF EXISTS ${sql.id(name)}`.execute(db);
  for (const table of [
    'sync_conflicts',
    'sync_mutations',
    'sync_clients',
    'sync_feed',
    'sync_site_versions',
    'sync_clock',
    'notifications',
  ]) {
    await sql`DROP TABLE IF EXISTS ${sql.table(table)}`.execute(db);
  }
  await sql`DROP INDEX IF EXISTS sites_client_id`.execute(db);
  await sql`ALTER TABLE sites DROP COLUMN f_client_id`.execute(db);
}
