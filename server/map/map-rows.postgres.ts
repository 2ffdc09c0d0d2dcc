import { sql } from 'kysely';
import type { DbOrTx } from '../db/database.ts';

/**
 * Writes every site's map row on PostgreSQL in one INSERT … SELECT, for a bulk load (the
 * benchmarks' copy, a copy of a SQLite database) that ran with the map's triggers off. The
 * triggers (migrations/postgres/0021_6_map.ts) compute each row's summaries with correlated
 * subqueries per site and renumber map_changes per row: milliseconds a site, most of an hour for
 * 100,000 sites. Here the summaries are grouped once over site_rooms and hos, and every site gets
 * one map_changes number. The expressions must equal the triggers': map-rows.postgres.test.ts
 * requires the same rows as the triggers write.
 */

const siteColumns = [
  'f_site_type',
  'f_latitude',
  'f_longitude',
  'f_maemul_type',
  'f_transaction_type',
  ...[
    'sale_price',
    'collateral_price',
    'charter_price',
    'invest_price',
    'monthly_deposit',
    'monthly_rent',
  ].flatMap((p) => [`f_${p}_min`, `f_${p}_max`]),
  'f_safe_charter',
  'f_smb',
  ...['sale', 'charter', 'invest', 'monthly'].map((k) => `f_site_inquire_${k}`),
  'f_room_num',
  'f_toilet_num',
  'f_elevator',
  'f_duplex',
  'f_teras',
  'f_fee_type',
  ...['t', 'c', 'i', 's', 'o'].map((k) => `f_fee_${k}`),
  ...['t', 'c', 'i', 's', 'o'].map((k) => `f_fee_site_inquire_${k}`),
  'f_complete',
  'f_open_date',
  'f_reg_time',
];

// Unit prices a list can be sorted by: unsold units, price not on inquiry, above zero.
const unitPrices = [
  ['sale', 'f_sale_price', 'f_inquire_price'],
  ['collateral', 'f_collateral_price', 'f_inquire_price'],
  ['charter', 'f_charter_price', 'f_inquire_charter'],
  ['invest', 'f_investment_price', 'f_inquire_investment'],
  ['deposit', 'f_monthly_rent_deposit', 'f_inquire_month'],
] as const;

const bit = (col: string) => `(1::bigint << LEAST(GREATEST(${col}, 0), 10)::int)`;

const unitColumns = unitPrices.flatMap(([kind]) => [`f_u_${kind}_min`, `f_u_${kind}_max`]);

const rebuild = `
  WITH rooms AS (
    SELECT f_site_idx, sum(DISTINCT ${bit('f_room')}) AS f_room_mask,
      min(f_exclusive_pyong) AS f_excl_min, max(f_exclusive_pyong) AS f_excl_max,
      min(f_real_pyong) AS f_real_min, max(f_real_pyong) AS f_real_max
    FROM site_rooms GROUP BY f_site_idx
  ), units AS (
    SELECT f_site_idx, sum(DISTINCT ${bit('f_toilet')}) AS f_toilet_mask,
      ${unitPrices
        .flatMap(([kind, price, inquire]) =>
          ['min', 'max'].map(
            (agg) =>
              `${agg}(${price}) FILTER (WHERE f_complete = 'N' AND ${inquire} = 'N' AND ${price} >= 1) AS f_u_${kind}_${agg}`,
          ),
        )
        .join(',\n      ')}
    FROM hos GROUP BY f_site_idx
  )
  INSERT INTO map_sites (f_cell, f_idx, f_lat_e6, f_lng_e6, ${siteColumns.join(', ')},
    f_room_mask, f_excl_min, f_excl_max, f_real_min, f_real_max, f_toilet_mask, ${unitColumns.join(', ')}, f_search)
  SELECT
    floor((s.f_latitude + 90) / 0.01::float8)::bigint * 36000 + floor((s.f_longitude + 180) / 0.01::float8)::bigint,
    s.f_idx, floor(s.f_latitude * 1000000 + 0.5)::bigint, floor(s.f_longitude * 1000000 + 0.5)::bigint,
    ${siteColumns.map((c) => `s.${c}`).join(', ')},
    coalesce(r.f_room_mask, 0), r.f_excl_min, r.f_excl_max, r.f_real_min, r.f_real_max,
    coalesce(u.f_toilet_mask, 0), ${unitColumns.map((c) => `u.${c}`).join(', ')},
    lower((replace(s.f_name, ' ', '') || '|' || replace(s.f_address1, ' ', '') || '|' || replace(s.f_address2, ' ', '') || '||') COLLATE "C")
  FROM sites s
  LEFT JOIN rooms r ON r.f_site_idx = s.f_idx
  LEFT JOIN units u ON u.f_site_idx = s.f_idx
  WHERE s.f_status = 'N' AND s.f_hidden = 'N' AND s.f_site_type IN ('O', 'G')
    AND s.f_latitude IS NOT NULL AND s.f_longitude IS NOT NULL`;

/** The triggers (0030_map_changes.ts) that number each map row as it is written. */
const NUMBERING_TRIGGERS = ['map_changes_insert', 'map_changes_update', 'map_changes_delete'];

/**
 * Replaces every map row with one computed from the sites, their rooms and their units, and
 * numbers each site once in map_changes (above every number already given, so a server's
 * in-memory copy reads them all as changed). One transaction: readers see the old rows or the
 * new ones. Returns how many sites the map shows.
 */
export async function rebuildMapRows(db: DbOrTx): Promise<number> {
  // Inside the caller's transaction (a bulk copy's), or in one of its own.
  return db.isTransaction ? writeAll(db) : db.transaction().execute(writeAll);
}

async function writeAll(tx: DbOrTx): Promise<number> {
  // Statistics first: planned without them after a bulk load, the joins may be nested loops.
  await sql`ANALYZE sites, site_rooms, hos`.execute(tx);
  // The per-row numbering would cost a provisional number and a commit-time stamping per row.
  for (const name of NUMBERING_TRIGGERS)
    await sql.raw(`ALTER TABLE map_sites DISABLE TRIGGER ${name}`).execute(tx);
  await sql`DELETE FROM map_sites`.execute(tx);
  const written = await sql.raw(rebuild).execute(tx);
  // Locked as the stamping does, so the numbers become visible in order (0030_map_changes.ts).
  await sql`SELECT 1 FROM sync_clock WHERE id = 1 FOR UPDATE`.execute(tx);
  // Sites that left the map are numbered too: a copy holding them learns they are gone.
  await sql`INSERT INTO map_changes (f_idx, f_seq)
    SELECT f_idx, nextval('map_changes_numbers')
      FROM (SELECT f_idx FROM map_sites UNION SELECT f_idx FROM map_changes ORDER BY f_idx) sites
    ON CONFLICT (f_idx) DO UPDATE SET f_seq = excluded.f_seq`.execute(tx);
  for (const name of NUMBERING_TRIGGERS)
    await sql.raw(`ALTER TABLE map_sites ENABLE TRIGGER ${name}`).execute(tx);
  return Number(written.numAffectedRows ?? 0);
}
