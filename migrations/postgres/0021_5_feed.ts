import { type Kysely, sql } from 'kysely';

// Frozen once landed. PostgreSQL baseline, part 5 of 6: the change-feed triggers, one for each
// SQLite trigger of the same name (migrations 0003, 0010, 0019 as they stand after 0021), with
// the same statements. Every writer (services, admin tools, the seed, features not written yet)
// moves sites in and out of members' scope through them. The differences from SQLite:
// - a trigger runs a plpgsql function of the same name;
// - instead of bumping sync_clock, a change carries the transaction's version (`ver`, from
//   sync_version(); it is replaced by the real one at commit, see 0021_4_sync.ts);
// - `IS NOT` is `IS DISTINCT FROM`.

/** The reasons for a site to be on a member's device, and the member may see it (0010 scopeVisible). */
const inScope = (user: string, site: string) => `EXISTS (SELECT 1 FROM sites s WHERE s.f_idx = ${site}
    AND EXISTS (SELECT 1 FROM site_visible_to v WHERE v.f_site_idx = s.f_idx AND v.f_user_idx = ${user})
    AND (s.f_user_idx = ${user}
      OR (s.f_group_idx IS NOT NULL AND EXISTS (SELECT 1 FROM group_members gm
        WHERE gm.f_group_idx = s.f_group_idx AND gm.f_user_idx = ${user}))
      OR EXISTS (SELECT 1 FROM site_likes l WHERE l.f_user_idx = ${user} AND l.f_site_idx = s.f_idx)
      OR EXISTS (SELECT 1 FROM site_recent_views r WHERE r.f_user_idx = ${user} AND r.f_site_idx = s.f_idx)))`;

/** Members of `pairs` (columns u, s) now in scope get a 'site' feed row, or have it revived. */
const enter = (pairs: string) => `INSERT INTO sync_feed (f_user_idx, entity, key, version, deleted)
    SELECT p.u, 'site', p.s, ver, 0 FROM (${pairs}) p WHERE p.u IS NOT NULL AND ${inScope('p.u', 'p.s')}
    ON CONFLICT (f_user_idx, entity, key) DO UPDATE SET version = excluded.version, deleted = 0
    WHERE sync_feed.deleted = 1;`;

/** Every member holding site `site` who no longer has it in scope gets a deletion. */
const leaveSite = (site: string) => `UPDATE sync_feed SET version = ver, deleted = 1
    WHERE entity = 'site' AND key = ${site} AND deleted = 0 AND NOT ${inScope('sync_feed.f_user_idx', site)};`;

/** Member `user` loses the sites of `sites` (a select of site ids) that left the scope. */
const leaveUser = (user: string, sites: string) => `UPDATE sync_feed SET version = ver, deleted = 1
    WHERE f_user_idx = ${user} AND entity = 'site' AND deleted = 0 AND key IN (${sites})
      AND NOT ${inScope(user, 'sync_feed.key')};`;

const feedPut = (
  entity: string,
  user: string,
  key: string,
) => `INSERT INTO sync_feed (f_user_idx, entity, key, version, deleted)
    VALUES (${user}, '${entity}', ${key}, ver, 0)
    ON CONFLICT (f_user_idx, entity, key) DO UPDATE SET version = excluded.version, deleted = 0;`;

const feedDel = (
  entity: string,
  user: string,
  key: string,
) => `UPDATE sync_feed SET version = ver, deleted = 1
    WHERE f_user_idx = ${user} AND entity = '${entity}' AND key = ${key};`;

/** A trigger and its function, both called `name`; `on` is what follows AFTER (event, table, WHEN). */
function trigger(name: string, on: string, body: string): string[] {
  const [event = '', when = ''] = on.split(' WHEN ');
  return [
    `CREATE FUNCTION ${name}() RETURNS trigger LANGUAGE plpgsql AS $$
    DECLARE ver bigint := sync_version();
    BEGIN
    ${body}
    RETURN NULL;
    END $$`,
    `CREATE TRIGGER ${name} AFTER ${event} FOR EACH ROW${when ? ` WHEN (${when})` : ''} EXECUTE FUNCTION ${name}()`,
  ];
}

const scopeColumns = ['f_user_idx', 'f_group_idx', 'f_status', 'f_hidden', 'f_site_type'];

const statements: string[] = [
  ...trigger(
    'sync_sites_insert',
    'INSERT ON sites',
    `INSERT INTO sync_site_versions (f_site_idx, version, units_version) VALUES (NEW.f_idx, ver, ver)
       ON CONFLICT (f_site_idx) DO UPDATE SET version = excluded.version, units_version = excluded.units_version;
     ${enter(`SELECT NEW.f_user_idx AS u, NEW.f_idx AS s
       UNION SELECT gm.f_user_idx, NEW.f_idx FROM group_members gm WHERE gm.f_group_idx = NEW.f_group_idx`)}`,
  ),
  // A draft becoming a registered site (or back) changes how its units travel: send them again.
  ...trigger(
    'sync_sites_update',
    'UPDATE ON sites',
    `UPDATE sync_site_versions SET version = ver,
       units_version = CASE WHEN OLD.f_status IS DISTINCT FROM NEW.f_status THEN ver ELSE units_version END
     WHERE f_site_idx = NEW.f_idx;`,
  ),
  ...trigger(
    'sync_sites_scope',
    `UPDATE OF ${scopeColumns.join(', ')} ON sites WHEN ${scopeColumns
      .map((c) => `OLD.${c} IS DISTINCT FROM NEW.${c}`)
      .join(' OR ')}`,
    `${enter(`SELECT NEW.f_user_idx AS u, NEW.f_idx AS s
       UNION SELECT gm.f_user_idx, NEW.f_idx FROM group_members gm WHERE gm.f_group_idx = NEW.f_group_idx
       UNION SELECT f_user_idx, NEW.f_idx FROM site_likes WHERE f_site_idx = NEW.f_idx
       UNION SELECT f_user_idx, NEW.f_idx FROM site_recent_views WHERE f_site_idx = NEW.f_idx`)}
     ${leaveSite('NEW.f_idx')}`,
  ),
  ...trigger(
    'sync_sites_delete',
    'DELETE ON sites',
    `UPDATE sync_feed SET version = ver, deleted = 1 WHERE entity = 'site' AND key = OLD.f_idx AND deleted = 0;
     DELETE FROM sync_site_versions WHERE f_site_idx = OLD.f_idx;`,
  ),
  // A site's parts change its content version; buildings and units also their own.
  ...['site_contacts', 'site_rooms', 'dongs', 'hos'].flatMap((table) => {
    const units = table === 'dongs' || table === 'hos' ? ', units_version = ver' : '';
    return (
      [
        ['INSERT', 'NEW'],
        ['UPDATE', 'NEW'],
        ['DELETE', 'OLD'],
      ] as const
    ).flatMap(([event, row]) =>
      trigger(
        `sync_${table}_${event.toLowerCase()}`,
        `${event} ON ${table}`,
        `UPDATE sync_site_versions SET version = ver${units} WHERE f_site_idx = ${row}.f_site_idx;`,
      ),
    );
  }),
  // Joining a group brings its sites; leaving takes them away.
  ...trigger(
    'sync_group_members_insert',
    'INSERT ON group_members',
    enter('SELECT NEW.f_user_idx AS u, f_idx AS s FROM sites WHERE f_group_idx = NEW.f_group_idx'),
  ),
  ...trigger(
    'sync_group_members_delete',
    'DELETE ON group_members',
    leaveUser('OLD.f_user_idx', 'SELECT f_idx FROM sites WHERE f_group_idx = OLD.f_group_idx'),
  ),
  // Likes and recent views are the member's own rows and also bring the site into scope.
  ...(
    [
      ['like', 'site_likes'],
      ['recent', 'site_recent_views'],
    ] as const
  ).flatMap(([entity, table]) => [
    ...trigger(
      `sync_${table}_insert`,
      `INSERT ON ${table}`,
      `${feedPut(entity, 'NEW.f_user_idx', 'NEW.f_site_idx')}
       ${enter('SELECT NEW.f_user_idx AS u, NEW.f_site_idx AS s')}`,
    ),
    ...trigger(
      `sync_${table}_update`,
      `UPDATE ON ${table}`,
      feedPut(entity, 'NEW.f_user_idx', 'NEW.f_site_idx'),
    ),
    ...trigger(
      `sync_${table}_delete`,
      `DELETE ON ${table}`,
      `${feedDel(entity, 'OLD.f_user_idx', 'OLD.f_site_idx')}
       ${leaveUser('OLD.f_user_idx', 'SELECT OLD.f_site_idx')}`,
    ),
  ]),
  ...(
    [
      ['memo', 'site_memos', 'f_site_idx'],
      ['notification', 'notifications', 'f_idx'],
    ] as const
  ).flatMap(([entity, table, key]) => [
    ...trigger(`sync_${table}_insert`, `INSERT ON ${table}`, feedPut(entity, 'NEW.f_user_idx', `NEW.${key}`)),
    ...trigger(`sync_${table}_update`, `UPDATE ON ${table}`, feedPut(entity, 'NEW.f_user_idx', `NEW.${key}`)),
    ...trigger(`sync_${table}_delete`, `DELETE ON ${table}`, feedDel(entity, 'OLD.f_user_idx', `OLD.${key}`)),
  ]),
  // An open conflict is in the member's feed; resolving it deletes it there.
  ...trigger(
    'sync_conflicts_insert',
    'INSERT ON sync_conflicts',
    feedPut('conflict', 'NEW.f_user_idx', 'NEW.f_idx'),
  ),
  ...trigger(
    'sync_conflicts_update',
    'UPDATE ON sync_conflicts',
    `${feedPut('conflict', 'NEW.f_user_idx', 'NEW.f_idx')}
     UPDATE sync_feed SET deleted = 1 WHERE NEW.resolved_at IS NOT NULL
       AND f_user_idx = NEW.f_user_idx AND entity = 'conflict' AND key = NEW.f_idx;`,
  ),
  // Notifications received (0019): each delivery is the recipient's 'inbox' row.
  ...trigger(
    'sync_notify_inbox_insert',
    'INSERT ON notify_inbox',
    feedPut('inbox', 'NEW.f_user_idx', 'NEW.f_idx'),
  ),
  ...trigger(
    'sync_notify_inbox_update',
    'UPDATE ON notify_inbox',
    feedPut('inbox', 'NEW.f_user_idx', 'NEW.f_idx'),
  ),
  ...trigger(
    'sync_notify_inbox_delete',
    'DELETE ON notify_inbox',
    `UPDATE sync_feed SET version = ver, deleted = 1
      WHERE f_user_idx = OLD.f_user_idx AND entity = 'inbox' AND key = OLD.f_idx;`,
  ),
  // An edited notification reaches every recipient again (the inbox row carries its content).
  ...trigger(
    'sync_notifications_inbox_update',
    'UPDATE ON notifications',
    `UPDATE sync_feed SET version = ver
      WHERE entity = 'inbox' AND deleted = 0 AND (f_user_idx, key) IN
        (SELECT f_user_idx, f_idx FROM notify_inbox WHERE f_notify_idx = NEW.f_idx);`,
  ),
  // A member's feed goes with the member (no version: nobody pulls it any more).
  `CREATE FUNCTION sync_users_delete() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN DELETE FROM sync_feed WHERE f_user_idx = OLD.f_idx; RETURN NULL; END $$`,
  'CREATE TRIGGER sync_users_delete AFTER DELETE ON users FOR EACH ROW EXECUTE FUNCTION sync_users_delete()',
];

export async function up(db: Kysely<any>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}
