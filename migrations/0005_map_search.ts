import { type Kysely, sql } from 'kysely';

// Frozen once landed. Map search (issue 6), kept in step with sites, site_rooms and hos by
// the triggers below, whoever writes those rows:
// - map_sites: one narrow row per site the map may show (status N, not hidden, kind O or G,
//   with a position), stored in order of its 0.01° grid cell so a viewport reads few pages.
//   It holds the columns the filters read, per-site summaries of area types and units, and
//   the position in whole micro-degrees for cluster sums.
// - map_cells: R*Tree of the occupied grid cells and the extent of their sites.
// - map_fts: name and addresses (spaces removed, ASCII lower-cased, '||' at the end so every
//   character starts a trigram) in a trigram index; map_fts_terms lists its trigrams, which
//   turns a one- or two-character keyword into the trigrams that begin with it.
// The expressions must equal sync/map/filter.ts (gridCell, siteSearchText, deriveSummary);
// tests compare them.

const siteColumns = [
  'f_site_type',
  'f_latitude',
  'f_longitude',
  'f_maemul_type',
  'f_transaction_type',
  'f_sale_price_min',
  'f_sale_price_max',
  'f_collateral_price_min',
  'f_collateral_price_max',
  'f_charter_price_min',
  'f_charter_price_max',
  'f_invest_price_min',
  'f_invest_price_max',
  'f_monthly_deposit_min',
  'f_monthly_deposit_max',
  'f_monthly_rent_min',
  'f_monthly_rent_max',
  'f_safe_charter',
  'f_smb',
  'f_site_inquire_sale',
  'f_site_inquire_charter',
  'f_site_inquire_invest',
  'f_site_inquire_monthly',
  'f_room_num',
  'f_toilet_num',
  'f_elevator',
  'f_duplex',
  'f_teras',
  'f_fee_type',
  'f_fee_t',
  'f_fee_c',
  'f_fee_i',
  'f_fee_s',
  'f_fee_o',
  'f_fee_site_inquire_t',
  'f_fee_site_inquire_c',
  'f_fee_site_inquire_i',
  'f_fee_site_inquire_s',
  'f_fee_site_inquire_o',
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

const bit = (col: string) => `(1 << min(max(${col}, 0), 10))`;
const priced = (row: string, price: string, inquire: string) =>
  `${row}.f_complete = 'N' AND ${row}.${inquire} = 'N' AND ${row}.${price} >= 1`;

/** Room summaries of a site, from its area types. */
const roomSummary = (site: string) => ({
  f_room_mask: `(SELECT coalesce(sum(DISTINCT ${bit('r.f_room')}), 0) FROM site_rooms r WHERE r.f_site_idx = ${site})`,
  f_excl_min: `(SELECT min(r.f_exclusive_pyong) FROM site_rooms r WHERE r.f_site_idx = ${site})`,
  f_excl_max: `(SELECT max(r.f_exclusive_pyong) FROM site_rooms r WHERE r.f_site_idx = ${site})`,
  f_real_min: `(SELECT min(r.f_real_pyong) FROM site_rooms r WHERE r.f_site_idx = ${site})`,
  f_real_max: `(SELECT max(r.f_real_pyong) FROM site_rooms r WHERE r.f_site_idx = ${site})`,
});

/** Unit summaries of a site, from its units. */
const unitSummary = (site: string) => {
  const out: Record<string, string> = {
    f_toilet_mask: `(SELECT coalesce(sum(DISTINCT ${bit('h.f_toilet')}), 0) FROM hos h WHERE h.f_site_idx = ${site})`,
  };
  for (const [kind, price, inquire] of unitPrices) {
    for (const agg of ['min', 'max']) {
      out[`f_u_${kind}_${agg}`] =
        `(SELECT ${agg}(h.${price}) FROM hos h WHERE h.f_site_idx = ${site} AND ${priced('h', price, inquire)})`;
    }
  }
  return out;
};

const cell = (row: string) =>
  `(CAST(floor((${row}.f_latitude + 90) / 0.01) AS INTEGER) * 36000 + CAST(floor((${row}.f_longitude + 180) / 0.01) AS INTEGER))`;
// Whole micro-degrees, summed per cell to place clusters: integer sums come out the same in any order.
const micro = (col: string) => `CAST(floor(${col} * 1000000 + 0.5) AS INTEGER)`;
const visible = (row: string) =>
  `${row}.f_status = 'N' AND ${row}.f_hidden = 'N' AND ${row}.f_site_type IN ('O', 'G') AND ${row}.f_latitude IS NOT NULL AND ${row}.f_longitude IS NOT NULL`;
const searchText = (row: string) =>
  `lower(replace(${row}.f_name, ' ', '') || '|' || replace(${row}.f_address1, ' ', '') || '|' || replace(${row}.f_address2, ' ', '') || '||')`;

const summaryColumns = [...Object.keys(roomSummary('x')), ...Object.keys(unitSummary('x'))];

/** Statements that index the NEW site row of a trigger, when `when` (if any) holds. */
function indexSite(when: string): string[] {
  const summaries = { ...roomSummary('NEW.f_idx'), ...unitSummary('NEW.f_idx') };
  const c = cell('NEW');
  const and = when ? ` AND ${when}` : '';
  const where = when ? ` WHERE ${when}` : '';
  return [
    `INSERT INTO map_sites (f_cell, f_idx, f_lat_e6, f_lng_e6, ${siteColumns.join(', ')}, ${summaryColumns.join(', ')})
     SELECT ${c}, NEW.f_idx, ${micro('NEW.f_latitude')}, ${micro('NEW.f_longitude')},
       ${siteColumns.map((col) => `NEW.${col}`).join(', ')},
       ${summaryColumns.map((col) => summaries[col as keyof typeof summaries]).join(', ')}${where}`,
    `UPDATE map_cells SET min_lat = min(min_lat, NEW.f_latitude), max_lat = max(max_lat, NEW.f_latitude),
       min_lng = min(min_lng, NEW.f_longitude), max_lng = max(max_lng, NEW.f_longitude)
     WHERE id = ${c} AND (min_lat > NEW.f_latitude OR max_lat < NEW.f_latitude
       OR min_lng > NEW.f_longitude OR max_lng < NEW.f_longitude)${and}`,
    `INSERT INTO map_cells (id, min_lat, max_lat, min_lng, max_lng)
     SELECT ${c}, NEW.f_latitude, NEW.f_latitude, NEW.f_longitude, NEW.f_longitude
     WHERE NOT EXISTS (SELECT 1 FROM map_cells WHERE id = ${c})${and}`,
    `INSERT INTO map_fts (rowid, text) SELECT NEW.f_idx, ${searchText('NEW')}${where}`,
  ];
}

/** Indexes the sites already there when the migration runs. */
function backfill(): string[] {
  const summaries = { ...roomSummary('s.f_idx'), ...unitSummary('s.f_idx') };
  return [
    `INSERT INTO map_sites (f_cell, f_idx, f_lat_e6, f_lng_e6, ${siteColumns.join(', ')}, ${summaryColumns.join(', ')})
     SELECT ${cell('s')}, s.f_idx, ${micro('s.f_latitude')}, ${micro('s.f_longitude')},
       ${siteColumns.map((col) => `s.${col}`).join(', ')},
       ${summaryColumns.map((col) => summaries[col as keyof typeof summaries]).join(', ')}
     FROM sites s WHERE ${visible('s')}`,
    `INSERT INTO map_cells (id, min_lat, max_lat, min_lng, max_lng)
     SELECT f_cell, min(f_latitude), max(f_latitude), min(f_longitude), max(f_longitude) FROM map_sites GROUP BY f_cell`,
    `INSERT INTO map_fts (rowid, text) SELECT s.f_idx, ${searchText('s')} FROM sites s WHERE ${visible('s')}`,
  ];
}

/** Statements that drop a site from the indexes (a grid cell keeps its extent: queries re-check positions). */
function unindexSite(idx: string): string[] {
  return [`DELETE FROM map_sites WHERE f_idx = ${idx}`, `DELETE FROM map_fts WHERE rowid = ${idx}`];
}

function setSummaries(summaries: Record<string, string>, idx: string): string {
  const sets = Object.entries(summaries).map(([col, expr]) => `${col} = ${expr}`);
  return `UPDATE map_sites SET ${sets.join(', ')} WHERE f_idx = ${idx}`;
}

async function trigger(db: Kysely<any>, head: string, statements: string[]) {
  await sql.raw(`CREATE TRIGGER ${head} BEGIN ${statements.map((s) => `${s};`).join('\n')} END`).execute(db);
}

export async function up(db: Kysely<any>): Promise<void> {
  await sql
    .raw(
      `CREATE TABLE map_sites (
        f_cell INTEGER NOT NULL,
        f_idx INTEGER NOT NULL,
        f_lat_e6 INTEGER NOT NULL,
        f_lng_e6 INTEGER NOT NULL,
        ${siteColumns.join(',\n        ')},
        ${summaryColumns.join(',\n        ')},
        PRIMARY KEY (f_cell, f_idx)
      ) WITHOUT ROWID`,
    )
    .execute(db);
  // Both carry what counting, clustering and (by cell) the pins read, so a search without
  // filters, or with a keyword only, never opens the wide rows.
  await sql`CREATE INDEX map_sites_idx ON map_sites (f_idx, f_latitude, f_longitude, f_reg_time)`.execute(db);
  await sql`
    CREATE INDEX map_sites_cell
    ON map_sites (f_cell, f_latitude, f_longitude, f_reg_time, f_site_type, f_complete, f_lat_e6, f_lng_e6)
  `.execute(db);
  await sql`CREATE VIRTUAL TABLE map_cells USING rtree(id, min_lat, max_lat, min_lng, max_lng)`.execute(db);
  // Lower-cased on the way in (SQLite's lower() folds ASCII only) and matched case-sensitively,
  // so the index and the offline search fold letters the same way.
  await sql`CREATE VIRTUAL TABLE map_fts USING fts5(text, tokenize = 'trigram case_sensitive 1')`.execute(db);
  await sql`CREATE VIRTUAL TABLE map_fts_terms USING fts5vocab(map_fts, 'row')`.execute(db);

  await trigger(db, `map_sites_insert AFTER INSERT ON sites WHEN ${visible('NEW')}`, indexSite(''));
  await trigger(db, 'map_sites_update AFTER UPDATE ON sites', [
    ...unindexSite('OLD.f_idx'),
    ...indexSite(visible('NEW')),
  ]);
  await trigger(db, 'map_sites_delete AFTER DELETE ON sites', unindexSite('OLD.f_idx'));

  for (const [event, row] of [
    ['INSERT', 'NEW'],
    ['UPDATE', 'NEW'],
    ['DELETE', 'OLD'],
  ] as const) {
    const statements = [setSummaries(roomSummary(`${row}.f_site_idx`), `${row}.f_site_idx`)];
    if (event === 'UPDATE') statements.push(setSummaries(roomSummary('OLD.f_site_idx'), 'OLD.f_site_idx'));
    await trigger(db, `map_rooms_${event.toLowerCase()} AFTER ${event} ON site_rooms`, statements);
  }

  // A new unit only widens its site's summaries: cheaper than recounting, and bulk loads add units one by one.
  const widen = [`f_toilet_mask = f_toilet_mask | ${bit('NEW.f_toilet')}`];
  for (const [kind, price, inquire] of unitPrices) {
    for (const agg of ['min', 'max']) {
      const col = `f_u_${kind}_${agg}`;
      widen.push(
        `${col} = CASE WHEN ${priced('NEW', price, inquire)} THEN ${agg}(coalesce(${col}, NEW.${price}), NEW.${price}) ELSE ${col} END`,
      );
    }
  }
  await trigger(db, 'map_units_insert AFTER INSERT ON hos', [
    `UPDATE map_sites SET ${widen.join(', ')} WHERE f_idx = NEW.f_site_idx`,
  ]);
  await trigger(db, 'map_units_update AFTER UPDATE ON hos', [
    setSummaries(unitSummary('NEW.f_site_idx'), 'NEW.f_site_idx'),
    setSummaries(unitSummary('OLD.f_site_idx'), 'OLD.f_site_idx'),
  ]);
  await trigger(db, 'map_units_delete AFTER DELETE ON hos', [
    setSummaries(unitSummary('OLD.f_site_idx'), 'OLD.f_site_idx'),
  ]);

  for (const statement of backfill()) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const name of [
    'map_sites_insert',
    'map_sites_update',
    'map_sites_delete',
    'map_rooms_insert',
    'map_rooms_update',
    'map_rooms_delete',
    'map_units_insert',
    'map_units_update',
    'map_units_delete',
  ]) {
    await sql.raw(`DROP TRIGGER IF EXISTS ${name}`).execute(db);
  }
  for (const table of ['map_fts_terms', 'map_fts', 'map_cells', 'map_sites']) {
    await sql.raw(`DROP TABLE IF EXISTS ${table}`).execute(db);
  }
}
