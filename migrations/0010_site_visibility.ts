import { type Kysely, sql } from 'kysely';

// Frozen once landed. Who may see a site, as one rule both the API's reads and the sync
// scope use (server/sites/site-access.ts reads the view; the feed triggers below use it):
// - site_visible_to (view): the pairs (site, member) where the member may see the site as a
//   member: their own registered site or draft; a registered site of kind O or G that is not
//   hidden; a hidden one when it is shared to a group the member is in. Never a deleted site,
//   another member's draft, or an unregistered-site report (kind U) of another member. Admins
//   see more through the API (the server adds them), never through their device's scope.
// - The feed triggers of 0003 are replaced by the same triggers with a scope that requires the
//   view, and a site's scope is recomputed when it is hidden, shown or changes kind, so a site
//   that becomes hidden to a member leaves their device at the next pull. Rows already in
//   scope that the rule does not allow leave at once.

const clock = '(SELECT version FROM sync_clock)';
const bump = 'UPDATE sync_clock SET version = version + 1;';

const visible = `
  (s.f_user_idx = u.f_idx AND s.f_status IN ('N', 'P'))
  OR (s.f_status = 'N' AND s.f_site_type IN ('O', 'G') AND (
    s.f_hidden = 'N'
    OR (s.f_group_idx IS NOT NULL AND EXISTS (SELECT 1 FROM group_members gm
      WHERE gm.f_group_idx = s.f_group_idx AND gm.f_user_idx = u.f_idx))
  ))`;

type Scope = (user: string, site: string) => string;

/** The scope of 0003: own sites and drafts; registered sites of a group, liked or viewed. */
const scopeBefore: Scope = (user, site) => `EXISTS (SELECT 1 FROM sites s WHERE s.f_idx = ${site} AND (
    (s.f_user_idx = ${user} AND s.f_status IN ('N', 'P'))
    OR (s.f_status = 'N' AND (
      (s.f_group_idx IS NOT NULL AND EXISTS (SELECT 1 FROM group_members gm
        WHERE gm.f_group_idx = s.f_group_idx AND gm.f_user_idx = ${user}))
      OR EXISTS (SELECT 1 FROM site_likes l WHERE l.f_user_idx = ${user} AND l.f_site_idx = s.f_idx)
      OR EXISTS (SELECT 1 FROM site_recent_views r WHERE r.f_user_idx = ${user} AND r.f_site_idx = s.f_idx)
    ))))`;

/** The same reasons for a site to be on a member's device, and the member may see it. */
const scopeVisible: Scope = (user, site) => `EXISTS (SELECT 1 FROM sites s WHERE s.f_idx = ${site}
    AND EXISTS (SELECT 1 FROM site_visible_to v WHERE v.f_site_idx = s.f_idx AND v.f_user_idx = ${user})
    AND (s.f_user_idx = ${user}
      OR (s.f_group_idx IS NOT NULL AND EXISTS (SELECT 1 FROM group_members gm
        WHERE gm.f_group_idx = s.f_group_idx AND gm.f_user_idx = ${user}))
      OR EXISTS (SELECT 1 FROM site_likes l WHERE l.f_user_idx = ${user} AND l.f_site_idx = s.f_idx)
      OR EXISTS (SELECT 1 FROM site_recent_views r WHERE r.f_user_idx = ${user} AND r.f_site_idx = s.f_idx)))`;

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
  await sql.raw(`DROP TRIGGER IF EXISTS ${name}`).execute(db);
  await sql.raw(`CREATE TRIGGER ${name} ${when} BEGIN ${bump} ${body} END`).execute(db);
}

/**
 * (Re)creates the feed triggers of 0003 that decide a site's scope, with `inScope` as the rule
 * and `scopeColumns` as the site columns whose change recomputes it.
 */
async function scopeTriggers({
  db,
  inScope,
  scopeColumns,
}: {
  db: Kysely<any>;
  inScope: Scope;
  scopeColumns: readonly string[];
}): Promise<void> {
  /** Members of `pairs` (columns u, s) now in scope get a 'site' feed row, or have it revived. */
  const enter = (pairs: string) => `INSERT INTO sync_feed (f_user_idx, entity, key, version, deleted)
    SELECT p.u, 'site', p.s, ${clock}, 0 FROM (${pairs}) p WHERE p.u IS NOT NULL AND ${inScope('p.u', 'p.s')}
    ON CONFLICT (f_user_idx, entity, key) DO UPDATE SET version = excluded.version, deleted = 0
    WHERE sync_feed.deleted = 1;`;
  /** Every member holding site `site` who no longer has it in scope gets a deletion. */
  const leaveSite = (site: string) => `UPDATE sync_feed SET version = ${clock}, deleted = 1
    WHERE entity = 'site' AND key = ${site} AND deleted = 0 AND NOT ${inScope('sync_feed.f_user_idx', site)};`;
  /** Member `user` loses the sites of `sites` (a select of site ids) that left the scope. */
  const leaveUser = (user: string, sites: string) => `UPDATE sync_feed SET version = ${clock}, deleted = 1
    WHERE f_user_idx = ${user} AND entity = 'site' AND deleted = 0 AND key IN (${sites})
      AND NOT ${inScope(user, 'sync_feed.key')};`;

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
    'sync_sites_scope',
    `AFTER UPDATE OF ${scopeColumns.join(', ')} ON sites
     WHEN ${scopeColumns.map((c) => `OLD.${c} IS NOT NEW.${c}`).join(' OR ')}`,
    `${enter(`SELECT NEW.f_user_idx AS u, NEW.f_idx AS s
       UNION SELECT gm.f_user_idx, NEW.f_idx FROM group_members gm WHERE gm.f_group_idx = NEW.f_group_idx
       UNION SELECT f_user_idx, NEW.f_idx FROM site_likes WHERE f_site_idx = NEW.f_idx
       UNION SELECT f_user_idx, NEW.f_idx FROM site_recent_views WHERE f_site_idx = NEW.f_idx`)}
     ${leaveSite('NEW.f_idx')}`,
  );
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
      `sync_${table}_delete`,
      `AFTER DELETE ON ${table}`,
      `${feedDel(entity, 'OLD.f_user_idx', 'OLD.f_site_idx')}
       ${leaveUser('OLD.f_user_idx', 'SELECT OLD.f_site_idx')}`,
    );
  }
}

export async function up(db: Kysely<any>): Promise<void> {
  await sql
    .raw(`CREATE VIEW site_visible_to AS
    SELECT s.f_idx AS f_site_idx, u.f_idx AS f_user_idx FROM sites s, users u WHERE ${visible}`)
    .execute(db);
  await scopeTriggers({
    db,
    inScope: scopeVisible,
    scopeColumns: ['f_user_idx', 'f_group_idx', 'f_status', 'f_hidden', 'f_site_type'],
  });

  // What the rule no longer allows leaves every device at its next pull.
  await sql.raw(bump).execute(db);
  await sql
    .raw(`UPDATE sync_feed SET version = ${clock}, deleted = 1
      WHERE entity = 'site' AND deleted = 0 AND NOT ${scopeVisible('sync_feed.f_user_idx', 'sync_feed.key')}`)
    .execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await scopeTriggers({ db, inScope: scopeBefore, scopeColumns: ['f_user_idx', 'f_group_idx', 'f_status'] });
  await sql`DROP VIEW IF EXISTS site_visible_to`.execute(db);
}
