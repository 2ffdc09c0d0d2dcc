import { type Kysely, sql } from 'kysely';

// Frozen once landed. PostgreSQL baseline, part 6 of 6: map search (SQLite 0005) and the inlay
// file index (0012), kept in step by triggers of the same names, whoever writes the rows.
// - map_sites: the same narrow row per site the map may show, with the same summaries.
// - SQLite's R*Tree of grid cells (map_cells) is a GiST index on each row's position here
//   (map_sites_position), and its FTS5 trigram index (map_fts, map_fts_terms) is pg_trgm's GIN
//   index on f_search, the same search text (name and addresses, spaces removed, ASCII
//   lower-cased, '|' between and '||' at the end) that map_fts holds.
// The expressions must equal sync/map/filter.ts (gridCell, siteSearchText, deriveSummary).

const text = 'TEXT COLLATE "C"';
const siteColumns: Array<[string, string]> = [
  ['f_site_type', text],
  ['f_latitude', 'DOUBLE PRECISION'],
  ['f_longitude', 'DOUBLE PRECISION'],
  ['f_maemul_type', text],
  ['f_transaction_type', text],
  ...[
    'sale_price',
    'collateral_price',
    'charter_price',
    'invest_price',
    'monthly_deposit',
    'monthly_rent',
  ].flatMap(
    (p): Array<[string, string]> => [
      [`f_${p}_min`, 'BIGINT'],
      [`f_${p}_max`, 'BIGINT'],
    ],
  ),
  ...['f_safe_charter', 'f_smb'].map((c): [string, string] => [c, text]),
  ...['sale', 'charter', 'invest', 'monthly'].map((k): [string, string] => [`f_site_inquire_${k}`, text]),
  ['f_room_num', 'BIGINT'],
  ['f_toilet_num', 'BIGINT'],
  ...['f_elevator', 'f_duplex', 'f_teras', 'f_fee_type'].map((c): [string, string] => [c, text]),
  ...['t', 'c', 'i', 's', 'o'].map((k): [string, string] => [`f_fee_${k}`, 'BIGINT']),
  ...['t', 'c', 'i', 's', 'o'].map((k): [string, string] => [`f_fee_site_inquire_${k}`, text]),
  ...['f_complete', 'f_open_date', 'f_reg_time'].map((c): [string, string] => [c, text]),
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
const priced = (row: string, price: string, inquire: string) =>
  `${row}.f_complete = 'N' AND ${row}.${inquire} = 'N' AND ${row}.${price} >= 1`;

const roomSummary = (site: string): Record<string, string> => ({
  f_room_mask: `(SELECT coalesce(sum(DISTINCT ${bit('r.f_room')}), 0) FROM site_rooms r WHERE r.f_site_idx = ${site})`,
  f_excl_min: `(SELECT min(r.f_exclusive_pyong) FROM site_rooms r WHERE r.f_site_idx = ${site})`,
  f_excl_max: `(SELECT max(r.f_exclusive_pyong) FROM site_rooms r WHERE r.f_site_idx = ${site})`,
  f_real_min: `(SELECT min(r.f_real_pyong) FROM site_rooms r WHERE r.f_site_idx = ${site})`,
  f_real_max: `(SELECT max(r.f_real_pyong) FROM site_rooms r WHERE r.f_site_idx = ${site})`,
});

const unitSummary = (site: string): Record<string, string> => {
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

const summaryTypes: Array<[string, string]> = [
  ['f_room_mask', 'BIGINT'],
  ...['f_excl_min', 'f_excl_max', 'f_real_min', 'f_real_max'].map((c): [string, string] => [
    c,
    'DOUBLE PRECISION',
  ]),
  ...Object.keys(unitSummary('x')).map((c): [string, string] => [c, 'BIGINT']),
];

const cell = (row: string) =>
  `(floor((${row}.f_latitude + 90) / 0.01::float8)::bigint * 36000 + floor((${row}.f_longitude + 180) / 0.01::float8)::bigint)`;
// Whole micro-degrees, summed per cell to place clusters: integer sums come out the same in any order.
const micro = (col: string) => `floor(${col} * 1000000 + 0.5)::bigint`;
const visible = (row: string) =>
  `${row}.f_status = 'N' AND ${row}.f_hidden = 'N' AND ${row}.f_site_type IN ('O', 'G') AND ${row}.f_latitude IS NOT NULL AND ${row}.f_longitude IS NOT NULL`;
// lower() folds ASCII only under COLLATE "C", as SQLite's does.
const searchText = (row: string) =>
  `lower((replace(${row}.f_name, ' ', '') || '|' || replace(${row}.f_address1, ' ', '') || '|' || replace(${row}.f_address2, ' ', '') || '||') COLLATE "C")`;

const summaryColumns = summaryTypes.map(([c]) => c);

/** Indexes the NEW site row when `when` (if any) holds. */
function indexSite(when: string): string {
  const summaries = { ...roomSummary('NEW.f_idx'), ...unitSummary('NEW.f_idx') };
  return `INSERT INTO map_sites (f_cell, f_idx, f_lat_e6, f_lng_e6, ${siteColumns.map(([c]) => c).join(', ')}, ${summaryColumns.join(', ')}, f_search)
     SELECT ${cell('NEW')}, NEW.f_idx, ${micro('NEW.f_latitude')}, ${micro('NEW.f_longitude')},
       ${siteColumns.map(([c]) => `NEW.${c}`).join(', ')},
       ${summaryColumns.map((c) => summaries[c]).join(', ')}, ${searchText('NEW')}${when ? ` WHERE ${when}` : ''};`;
}

function setSummaries(summaries: Record<string, string>, idx: string): string {
  const sets = Object.entries(summaries).map(([col, expr]) => `${col} = ${expr}`);
  return `UPDATE map_sites SET ${sets.join(', ')} WHERE f_idx = ${idx};`;
}

/** A trigger and its function, both called `name`; `on` is what follows AFTER. */
function trigger(name: string, on: string, body: string, when = ''): string[] {
  return [
    `CREATE FUNCTION ${name}() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
    ${body}
    RETURN NULL;
    END $$`,
    `CREATE TRIGGER ${name} AFTER ${on} FOR EACH ROW${when ? ` WHEN (${when})` : ''} EXECUTE FUNCTION ${name}()`,
  ];
}

// A new unit only widens its site's summaries: cheaper than recounting, and bulk loads add units one by one.
const widen = [`f_toilet_mask = f_toilet_mask | ${bit('NEW.f_toilet')}`];
for (const [kind, price, inquire] of unitPrices) {
  for (const [agg, fn] of [
    ['min', 'LEAST'],
    ['max', 'GREATEST'],
  ]) {
    const col = `f_u_${kind}_${agg}`;
    widen.push(
      `${col} = CASE WHEN ${priced('NEW', price, inquire)} THEN ${fn}(coalesce(${col}, NEW.${price}), NEW.${price}) ELSE ${col} END`,
    );
  }
}

/** The strings of a JSON document (array elements, object values, or the string itself), as SQLite's json_each. */
const jsonStrings = `CREATE FUNCTION json_strings(doc text) RETURNS SETOF text LANGUAGE plpgsql IMMUTABLE AS $$
    DECLARE parsed jsonb;
    BEGIN
      BEGIN
        parsed := doc::jsonb;
      EXCEPTION WHEN invalid_text_representation OR untranslatable_character THEN
        RETURN;
      END;
      CASE jsonb_typeof(parsed)
        WHEN 'array' THEN
          RETURN QUERY SELECT e #>> '{}' FROM jsonb_array_elements(parsed) e WHERE jsonb_typeof(e) = 'string';
        WHEN 'object' THEN
          RETURN QUERY SELECT e.value #>> '{}' FROM jsonb_each(parsed) e WHERE jsonb_typeof(e.value) = 'string';
        WHEN 'string' THEN
          RETURN NEXT parsed #>> '{}';
        ELSE
          RETURN;
      END CASE;
    END $$`;

const fillInlay = `INSERT INTO site_inlay_files (url, f_site_idx)
    SELECT url, NEW.f_idx FROM json_strings(NEW.f_inlay_image_url) AS url ON CONFLICT DO NOTHING;`;

const statements: string[] = [
  // pg_trgm reads letters by the database's character type: under C, Korean has no trigrams.
  `DO $$ BEGIN
    IF (SELECT datctype FROM pg_database WHERE datname = current_database()) IN ('C', 'POSIX') THEN
      RAISE EXCEPTION 'this database classifies characters as C: Korean keyword search needs a UTF-8 LC_CTYPE (CREATE DATABASE ... LC_CTYPE ''C.UTF-8'' TEMPLATE template0)';
    END IF;
  END $$`,
  // Trusted since PostgreSQL 13: the database's owner may create it.
  'CREATE EXTENSION IF NOT EXISTS pg_trgm',
  `CREATE TABLE map_sites (
    f_cell BIGINT NOT NULL,
    f_idx BIGINT NOT NULL,
    f_lat_e6 BIGINT NOT NULL,
    f_lng_e6 BIGINT NOT NULL,
    ${[...siteColumns, ...summaryTypes].map(([c, type]) => `${c} ${type}`).join(',\n    ')},
    f_search ${text} NOT NULL,
    PRIMARY KEY (f_cell, f_idx)
  )`,
  'CREATE INDEX map_sites_idx ON map_sites (f_idx, f_latitude, f_longitude, f_reg_time)',
  `CREATE INDEX map_sites_cell
    ON map_sites (f_cell, f_latitude, f_longitude, f_reg_time, f_site_type, f_complete, f_lat_e6, f_lng_e6)`,
  'CREATE INDEX map_sites_position ON map_sites USING gist (point(f_longitude, f_latitude))',
  'CREATE INDEX map_sites_search ON map_sites USING gin (f_search gin_trgm_ops)',
  ...trigger('map_sites_insert', 'INSERT ON sites', indexSite(''), visible('NEW')),
  ...trigger(
    'map_sites_update',
    'UPDATE ON sites',
    `DELETE FROM map_sites WHERE f_idx = OLD.f_idx;
    ${indexSite(visible('NEW'))}`,
  ),
  ...trigger('map_sites_delete', 'DELETE ON sites', 'DELETE FROM map_sites WHERE f_idx = OLD.f_idx;'),
  ...trigger(
    'map_rooms_insert',
    'INSERT ON site_rooms',
    setSummaries(roomSummary('NEW.f_site_idx'), 'NEW.f_site_idx'),
  ),
  ...trigger(
    'map_rooms_update',
    'UPDATE ON site_rooms',
    `${setSummaries(roomSummary('NEW.f_site_idx'), 'NEW.f_site_idx')}
    ${setSummaries(roomSummary('OLD.f_site_idx'), 'OLD.f_site_idx')}`,
  ),
  ...trigger(
    'map_rooms_delete',
    'DELETE ON site_rooms',
    setSummaries(roomSummary('OLD.f_site_idx'), 'OLD.f_site_idx'),
  ),
  ...trigger(
    'map_units_insert',
    'INSERT ON hos',
    `UPDATE map_sites SET ${widen.join(', ')} WHERE f_idx = NEW.f_site_idx;`,
  ),
  ...trigger(
    'map_units_update',
    'UPDATE ON hos',
    `${setSummaries(unitSummary('NEW.f_site_idx'), 'NEW.f_site_idx')}
    ${setSummaries(unitSummary('OLD.f_site_idx'), 'OLD.f_site_idx')}`,
  ),
  ...trigger(
    'map_units_delete',
    'DELETE ON hos',
    setSummaries(unitSummary('OLD.f_site_idx'), 'OLD.f_site_idx'),
  ),
  jsonStrings,
  ...trigger('site_inlay_files_insert', 'INSERT ON sites', fillInlay),
  ...trigger(
    'site_inlay_files_update',
    'UPDATE OF f_inlay_image_url ON sites',
    `DELETE FROM site_inlay_files WHERE f_site_idx = NEW.f_idx;
    ${fillInlay}`,
  ),
];

export async function up(db: Kysely<any>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}
