import type SQLite from 'better-sqlite3';
import { pnuOf } from '../../sync/api/address.api.ts';
import { createRng } from '../seed/random.ts';

/** The years the demo's officetel prices cover (the yearly file an admin would import). */
export const DEMO_OFFICETEL_YEARS = [
  { year: '2024', pbdate: '2023-12-29', factor: 1 / 1.04 },
  { year: '2025', pbdate: '2024-12-31', factor: 1 },
] as const;

interface OfficetelSite {
  f_idx: number;
  f_address1: string;
  f_bjd_code: string;
  f_land_type: number | null;
  f_main_no: number;
  f_sub_no: number | null;
}

interface Unit {
  dong: string;
  floor: string;
  ho: string;
  exclusive: number;
}

/** A new-open site's own units (their dong, floor and ho names), so the levels match its unit grid. */
function unitsOfSite({ sqlite, siteIdx }: { sqlite: SQLite.Database; siteIdx: number }): Unit[] {
  return (
    sqlite
      .prepare(
        `SELECT d.f_dong AS dong, h.f_floor AS floor, h.f_ho AS ho, h.f_exclusive_size AS exclusive
         FROM hos h JOIN dongs d ON d.f_idx = h.f_dong_idx WHERE h.f_site_idx = ? ORDER BY h.f_idx`,
      )
      .all(siteIdx) as Array<{ dong: string; floor: number; ho: string; exclusive: number }>
  ).map((u) => ({ ...u, floor: String(u.floor) }));
}

/** A general site has no unit grid: one building without a dong name, as officetels often are. */
function madeUpUnits(rng: ReturnType<typeof createRng>): Unit[] {
  const units: Unit[] = [];
  const floors = rng.int(4, 10);
  const perFloor = rng.int(2, 4);
  for (let floor = 2; floor <= floors; floor++) {
    for (let n = 1; n <= perFloor; n++)
      units.push({
        dong: '',
        floor: String(floor),
        ho: `${floor}0${n}`,
        exclusive: rng.int(18, 42) + rng.int(0, 99) / 100,
      });
  }
  return units;
}

/**
 * Officetel standard prices for the demo sites that are officetels (property type 1), two
 * years of them, so the inquiry popup's officetel levels and price history work out of the box.
 * Real deployments import the published file on the admin db screen instead.
 */
export function seedOfficetelPrices({ sqlite }: { sqlite: SQLite.Database }): number {
  const sites = sqlite
    .prepare(
      `SELECT f_idx, f_address1, f_bjd_code, f_land_type, f_main_no, f_sub_no FROM sites
       WHERE (',' || f_maemul_type || ',') LIKE '%,1,%' AND f_bjd_code IS NOT NULL AND f_main_no > 0
       ORDER BY f_idx`,
    )
    .all() as OfficetelSite[];
  const insert = sqlite.prepare(
    `INSERT INTO officetel_prices (f_year, f_pnu, f_build_addr, f_buildnum, f_dong, f_floor, f_ho, f_pbdate,
      f_totarea, f_sharea, f_pbprice) VALUES (?, ?, ?, '1', ?, ?, ?, ?, ?, ?, ?)`,
  );
  let rows = 0;
  sqlite.transaction(() => {
    for (const site of sites) {
      const rng = createRng(0x0ff1ce + site.f_idx);
      const pnu = pnuOf({
        b_code: site.f_bjd_code,
        land_type: site.f_land_type === 2 ? 2 : 1,
        main_address_no: site.f_main_no,
        sub_address_no: site.f_sub_no ?? 0,
      });
      // A site placed by area only (no lot number) is no parcel of the price file.
      if (!pnu) continue;
      const own = unitsOfSite({ sqlite, siteIdx: site.f_idx });
      const units = own.length > 0 ? own : madeUpUnits(rng);
      // Won per ㎡: Seoul officetels cost about twice Gyeonggi's.
      const perM2 = site.f_bjd_code.startsWith('11')
        ? rng.int(4_500, 7_000) * 1000
        : rng.int(2_200, 3_500) * 1000;
      for (const unit of units) {
        const exclusive = unit.exclusive > 0 ? unit.exclusive : rng.int(18, 42);
        const shared = Math.round(exclusive * (0.35 + rng.next() * 0.2) * 100) / 100;
        // Higher floors are priced a little higher, as the published file does.
        const floorFactor = 1 + Math.min(Number(unit.floor) || 1, 30) * 0.004;
        for (const { year, pbdate, factor } of DEMO_OFFICETEL_YEARS) {
          const price = Math.round((perM2 * floorFactor * factor) / 1000) * 1000;
          insert.run(
            year,
            pnu,
            site.f_address1,
            unit.dong,
            unit.floor,
            unit.ho,
            pbdate,
            exclusive,
            shared,
            price,
          );
          rows++;
        }
      }
    }
  })();
  return rows;
}
