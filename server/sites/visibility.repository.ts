import { sql } from 'kysely';
import type { Page } from '../../sync/api/page.ts';
import { Limits } from '../../sync/constants.ts';
import { Expiry } from '../../sync/sites/expiry.ts';
import type { DbOrTx } from '../db/database.ts';
import { valueList } from '../db/json.ts';
import { sqlPage } from '../db/paging.ts';
import { seoulDate } from '../db/time.ts';

/** Hides a site with the days it shows hidden, or shows it again. */
export async function writeSiteHidden({
  db,
  siteIdx,
  hidden,
}: {
  db: DbOrTx;
  siteIdx: number;
  hidden: 'Y' | 'N';
}): Promise<void> {
  await db
    .updateTable('sites')
    .set(
      hidden === 'Y'
        ? { f_hidden: 'Y', f_remain_days_till_hide: Expiry.hiddenRemainDays }
        : { f_hidden: 'N' },
    )
    .where('f_idx', '=', siteIdx)
    .execute();
}

export async function writeSiteComplete({
  db,
  siteIdx,
  complete,
}: {
  db: DbOrTx;
  siteIdx: number;
  complete: 'Y' | 'N';
}): Promise<void> {
  await db.updateTable('sites').set({ f_complete: complete }).where('f_idx', '=', siteIdx).execute();
}

/** A general site's days before it is hidden (spec §4), starting again at `days`. */
export async function writeRemainDays({
  db,
  siteIdx,
  days,
}: {
  db: DbOrTx;
  siteIdx: number;
  days: number | null;
}) {
  await db.updateTable('sites').set({ f_remain_days_till_hide: days }).where('f_idx', '=', siteIdx).execute();
}

/**
 * The member's own visible general sites (those shared to `groupIdx` when given) start their
 * days again; answers how many changed.
 */
export async function restartOwnGeneralSites({
  db,
  userIdx,
  groupIdx,
}: {
  db: DbOrTx;
  userIdx: number;
  groupIdx: number | null;
}): Promise<number> {
  let query = db
    .updateTable('sites')
    .set({ f_remain_days_till_hide: Expiry.generalSiteDays })
    .where('f_user_idx', '=', userIdx)
    .where('f_site_type', '=', 'G')
    .where('f_status', '=', 'N')
    .where('f_hidden', '=', 'N')
    .where((eb) =>
      eb.or([
        eb('f_remain_days_till_hide', 'is', null),
        eb('f_remain_days_till_hide', '!=', Expiry.generalSiteDays),
      ]),
    );
  if (groupIdx !== null) query = query.where('f_group_idx', '=', groupIdx);
  const result = await query.executeTakeFirst();
  return Number(result.numUpdatedRows);
}

export async function markSiteDeleted({ db, siteIdx }: { db: DbOrTx; siteIdx: number }): Promise<void> {
  await db.updateTable('sites').set({ f_status: 'D' }).where('f_idx', '=', siteIdx).execute();
}

/** The row goes for good, with what hangs off it (contacts, units, likes, memos: foreign keys). */
export async function deleteSiteRow({ db, siteIdx }: { db: DbOrTx; siteIdx: number }): Promise<void> {
  await db.deleteFrom('sites').where('f_idx', '=', siteIdx).execute();
}

/** A deleted site registered again, hidden or not, with its days before hiding. */
export async function markSiteRestored({
  db,
  siteIdx,
  hidden,
  days,
}: {
  db: DbOrTx;
  siteIdx: number;
  hidden: 'Y' | 'N';
  days: number | null;
}): Promise<void> {
  await db
    .updateTable('sites')
    .set({ f_status: 'N', f_hidden: hidden, f_remain_days_till_hide: days })
    .where('f_idx', '=', siteIdx)
    .execute();
}

/**
 * When a site entered the deleted, hidden or completed state (site_states). Written by the
 * services that change the state; the admin site tabs read it.
 */
export async function stampSiteState({
  db,
  siteIdx,
  state,
  time,
  hiddenBy,
}: {
  db: DbOrTx;
  siteIdx: number;
  state: 'deleted' | 'hidden' | 'complete';
  /** ISO time, or null when the site left the state. */
  time: string | null;
  hiddenBy?: 'O' | 'A' | 'E';
}): Promise<void> {
  const values =
    state === 'deleted'
      ? { f_deleted_time: time }
      : state === 'complete'
        ? { f_complete_time: time }
        : { f_hidden_time: time, f_hidden_by: time === null ? null : (hiddenBy ?? 'O') };
  await db
    .insertInto('site_states')
    .values({ f_site_idx: siteIdx, ...values })
    .onConflict((oc) => oc.column('f_site_idx').doUpdateSet(values))
    .execute();
}

/** The SQL of the state times, with the site's last update for rows older than site_states. */
const stateTime = {
  D: sql<string>`COALESCE(st.f_deleted_time, s.f_update_time)`,
  H: sql<string>`COALESCE(st.f_hidden_time, s.f_update_time)`,
  C: sql<string>`COALESCE(st.f_complete_time, s.f_update_time)`,
} as const;

const stateWhere = {
  D: sql`s.f_status = 'D'`,
  H: sql`s.f_status = 'N' AND s.f_hidden = 'Y'`,
  C: sql`s.f_status = 'N' AND s.f_complete = 'Y'`,
} as const;

export interface AdminSiteRow {
  f_idx: number;
  f_state_time: string;
  f_hidden_by: 'O' | 'A' | 'E' | null;
  f_owner_name: string;
  f_owner_phone: string;
}

/** A page of sites in one admin state tab; `date` is a Seoul day (YYYY-MM-DD) or month (YYYY-MM). */
export function sitesInState({
  db,
  type,
  date,
  page,
}: {
  db: DbOrTx;
  type: 'D' | 'H' | 'C';
  date: string | undefined;
  page: number;
}): Promise<Page<AdminSiteRow>> {
  const time = stateTime[type];
  // Times are stored in UTC; the admin's days and months are Seoul's.
  const seoul = seoulDate({ db, time, unit: date && date.length === 7 ? 'month' : 'day' });
  const dateFilter = date ? sql`AND ${seoul} = ${date}` : sql``;
  return sqlPage<AdminSiteRow>({
    db,
    select: sql`s.f_idx, ${time} AS f_state_time, st.f_hidden_by, u.f_name AS f_owner_name,
      u.f_phone AS f_owner_phone`,
    from: sql`FROM sites s LEFT JOIN site_states st ON st.f_site_idx = s.f_idx
      JOIN users u ON u.f_idx = s.f_user_idx
      WHERE ${stateWhere[type]} ${dateFilter}`,
    orderBy: sql`f_state_time DESC, s.f_idx DESC`,
    page,
    limit: Limits.pageSize,
  });
}

/** Visible general sites: those whose days before hiding count down (spec §4). */
const visibleGeneral = sql`f_site_type = 'G' AND f_status = 'N' AND f_hidden = 'N'`;

/** Takes `days` off every visible general site's count, stopping at 0. */
export async function countDownGeneralSites({ db, days }: { db: DbOrTx; days: number }): Promise<void> {
  // CASE rather than MAX(a, b), which PostgreSQL spells GREATEST.
  await sql`UPDATE sites SET f_remain_days_till_hide =
      CASE WHEN f_remain_days_till_hide > ${days} THEN f_remain_days_till_hide - ${days} ELSE 0 END
    WHERE ${visibleGeneral} AND f_remain_days_till_hide IS NOT NULL`.execute(db);
}

/** Visible general sites without a count start at `days`; answers how many. */
export async function startGeneralSiteCounts({ db, days }: { db: DbOrTx; days: number }): Promise<number> {
  const started = await sql`UPDATE sites SET f_remain_days_till_hide = ${days}
    WHERE ${visibleGeneral} AND f_remain_days_till_hide IS NULL`.execute(db);
  return Number(started.numAffectedRows ?? 0);
}

/** Visible general sites whose count reached 0. */
export async function expiredGeneralSites({ db }: { db: DbOrTx }): Promise<number[]> {
  const due = await sql<{ f_idx: number }>`SELECT f_idx FROM sites
    WHERE ${visibleGeneral} AND f_remain_days_till_hide <= 0`.execute(db);
  return due.rows.map((r) => r.f_idx);
}

/** Hides the sites with the days they show hidden, stamped as hidden by the expiry (E). */
export async function hideExpiredSites({
  db,
  siteIdxs,
  time,
}: {
  db: DbOrTx;
  siteIdxs: readonly number[];
  time: string;
}): Promise<void> {
  if (siteIdxs.length === 0) return;
  await db
    .updateTable('sites')
    .set({ f_hidden: 'Y', f_remain_days_till_hide: Expiry.hiddenRemainDays })
    .where('f_idx', 'in', siteIdxs)
    .execute();
  await sql`INSERT INTO site_states (f_site_idx, f_hidden_time, f_hidden_by)
    SELECT v.f_idx, ${time}, 'E' FROM sites v WHERE v.f_idx IN ${valueList({ db, values: siteIdxs })}
    ON CONFLICT (f_site_idx) DO UPDATE SET f_hidden_time = excluded.f_hidden_time, f_hidden_by = 'E'`.execute(
    db,
  );
}
