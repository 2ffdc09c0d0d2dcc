import { sql } from 'kysely';
import type { Page } from '../../sync/api/page.ts';
import { Limits } from '../../sync/constants.ts';
import type { DbOrTx } from '../db/database.ts';
import { sqlPage } from '../db/paging.ts';

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
  const seoul = sql`strftime(${date && date.length === 7 ? '%Y-%m' : '%Y-%m-%d'}, ${time}, '+9 hours')`;
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
