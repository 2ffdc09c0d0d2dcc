import { type RawBuilder, sql } from 'kysely';
import type { SitePage } from '../../sync/api/site-lists.api.ts';
import type { AdConnectType } from '../../sync/home/ads.ts';
import type { AuthInfo } from '../auth/session.ts';
import type { DbOrTx } from '../db/database.ts';
import { sitePage } from '../sites/lists.repository.ts';
import { visibleSitesOf } from '../sites/site-access.repository.ts';
import type { AdRow } from './home.tables.ts';

/** Every slot, 1 to 10. */
export function readAds({ db }: { db: DbOrTx }): Promise<AdRow[]> {
  return db.selectFrom('ads').selectAll().orderBy('f_idx').execute();
}

export function readAd({ db, idx }: { db: DbOrTx; idx: number }): Promise<AdRow> {
  return db.selectFrom('ads').selectAll().where('f_idx', '=', idx).executeTakeFirstOrThrow();
}

export async function updateAd({
  db,
  idx,
  values,
}: {
  db: DbOrTx;
  idx: number;
  values: Partial<{
    f_image_url: string;
    f_connect_type: AdConnectType;
    f_connect_value: string;
    f_period_day: number;
    f_start_time: string | null;
  }> & { f_update_time: string };
}): Promise<void> {
  await db.updateTable('ads').set(values).where('f_idx', '=', idx).execute();
}

/** The 시군구 codes of a member's regional interest (areas.f_code, the first 5 digits of a 법정동 code). */
export async function likedDistrictCodes({
  db,
  userIdx,
}: {
  db: DbOrTx;
  userIdx: number;
}): Promise<string[]> {
  const rows = await db
    .selectFrom('area_likes as l')
    .innerJoin('areas as a', 'a.f_idx', 'l.f_area_idx')
    .select('a.f_code')
    .where('l.f_user_idx', '=', userIdx)
    .execute();
  return rows.map((r) => r.f_code);
}

/**
 * The FROM of the monthly new sites: registered sites of a kind, registered within [from, to),
 * not hidden, in the given districts (every district when null), seen by `visible`.
 */
function monthlySitesFrom({ type, from, to, codes, auth }: MonthlySites): RawBuilder<unknown> {
  const visible = visibleSitesOf(auth);
  const area =
    codes === null
      ? sql``
      : codes.length === 0
        ? sql`AND 0`
        : sql`AND substr(s.f_bjd_code, 1, 5) IN (${sql.join(codes)})`;
  return sql`FROM sites s WHERE s.f_status = 'N' AND s.f_site_type = ${type} AND s.f_hidden = 'N'
    AND s.f_reg_time >= ${from} AND s.f_reg_time < ${to} ${area} ${visible}`;
}

/** Which monthly new sites: a kind, registered within [from, to), in the districts (every one when null), seen by `auth`. */
interface MonthlySites {
  type: 'O' | 'G';
  from: string;
  to: string;
  codes: string[] | null;
  auth: AuthInfo;
}

export async function countMonthlySites({ db, ...which }: { db: DbOrTx } & MonthlySites): Promise<number> {
  const row = await sql<{ n: number }>`SELECT COUNT(*) AS n ${monthlySitesFrom(which)}`.execute(db);
  return Number(row.rows[0]?.n ?? 0);
}

/** A page of the monthly new sites, newest registered first (`limit` rows: the home's cards show fewer). */
export function monthlySitesPage({
  db,
  page,
  limit,
  ...which
}: { db: DbOrTx; page: number; limit?: number } & MonthlySites): Promise<SitePage> {
  return sitePage({
    db,
    userIdx: which.auth.user.f_idx,
    from: monthlySitesFrom(which),
    time: sql`s.f_reg_time`,
    page,
    ...(limit === undefined ? {} : { limit }),
  });
}
