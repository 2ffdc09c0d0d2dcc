import type { DraftHo } from '../site-fields.ts';
import { parseList, type SiteDealPrices, TransType } from './rules.ts';

/**
 * What the site detail shows, computed the same way from the server's answer and from the
 * device's store (offline): who may do what, the unit grid and the price tables.
 */

export type YN = 'Y' | 'N';

/** What the caller may do on a site (spec §6); the server checks each again on its own call. */
export interface SitePermissions {
  /** Edit the site (owner, admin or a member of the site's group). */
  modify: boolean;
  /** Mark the site or its units sold out: the same people, on new-open sites only. */
  complete: boolean;
  /** Report wrong data: everyone, on new-open sites. */
  report: boolean;
  /** Hide, show, extend, delete: the owner (only the owner manages a site) or an admin. */
  manage: boolean;
  /** Admin-only actions and details (site id, restore, delete forever). */
  admin: boolean;
}

export function sitePermissions({
  site,
  userIdx,
  isAdmin,
  isGroupMember,
}: {
  site: { f_site_type: 'O' | 'G' | 'U'; f_user_idx: number };
  userIdx: number;
  isAdmin: boolean;
  isGroupMember: boolean;
}): SitePermissions {
  const owner = site.f_user_idx === userIdx;
  const modify = owner || isAdmin || isGroupMember;
  return {
    modify,
    complete: modify && site.f_site_type === 'O',
    report: site.f_site_type === 'O',
    manage: owner || isAdmin,
    admin: isAdmin,
  };
}

/** The unit fields the grid and the price tables read (a unit: sync/site-fields.ts hoSchema), with its ids. */
export type GridUnit = { f_idx: number; f_dong_idx: number } & Pick<
  DraftHo,
  | 'f_floor'
  | 'f_ho'
  | 'f_room'
  | 'f_exclusive_size'
  | 'f_real_size'
  | 'f_complete'
  | 'f_trans_type'
  | 'f_sale_price'
  | 'f_collateral_price'
  | 'f_charter_price'
  | 'f_investment_price'
  | 'f_monthly_rent_deposit'
  | 'f_monthly_rent'
  | 'f_inquire_price'
  | 'f_inquire_charter'
  | 'f_inquire_investment'
  | 'f_inquire_month'
>;

export interface GridDong {
  f_idx: number;
  f_dong: string;
  f_floor_count: number;
  f_units_per_floor: number;
}

export interface UnitGridFloor<U> {
  floor: number;
  units: U[];
}

export interface UnitGridDong<U, D extends GridDong = GridDong> {
  dong: D;
  /** Top floor first, as a building is drawn. */
  floors: UnitGridFloor<U>[];
  total: number;
  completed: number;
}

/** Units by building and floor (spec §2: unit grid by dong and floor). */
export function unitGrid<
  U extends Pick<GridUnit, 'f_dong_idx' | 'f_floor' | 'f_ho' | 'f_complete'>,
  D extends GridDong,
>({ dongs, units }: { dongs: readonly D[]; units: readonly U[] }): UnitGridDong<U, D>[] {
  return dongs.map((dong) => {
    const mine = units.filter((u) => u.f_dong_idx === dong.f_idx);
    const byFloor = new Map<number, U[]>();
    for (const u of mine) {
      const list = byFloor.get(u.f_floor);
      if (list) list.push(u);
      else byFloor.set(u.f_floor, [u]);
    }
    const floors = [...byFloor.entries()]
      .sort(([a], [b]) => b - a)
      .map(([floor, list]) => ({
        floor,
        units: [...list].sort((a, b) => a.f_ho.localeCompare(b.f_ho, 'ko', { numeric: true })),
      }));
    return {
      dong,
      floors,
      total: mine.length,
      completed: mine.filter((u) => u.f_complete === 'Y').length,
    };
  });
}

/** Transaction types 0 sale/collateral, 1 charter, 2 investment, 3 monthly (spec §3). */
export type TransCode = 0 | 1 | 2 | 3;

export interface PriceRange {
  type: TransCode;
  /** 만원; 0 when every unit of the row asks to inquire. */
  min: number;
  max: number;
  /** Monthly rent range beside the deposit (type 3 only). */
  rentMin?: number;
  rentMax?: number;
  /** Some units of the row show their price on inquiry only. */
  inquire: boolean;
}

export interface UnitPriceRow {
  /** Exclusive area in ㎡ (the row's unit type). */
  exclusiveSize: number;
  realSize: number;
  room: number;
  /** Units of this type still on sale (completed ones are excluded from the prices). */
  available: number;
  total: number;
  prices: PriceRange[];
}

function unitPrice({ unit: u, type }: { unit: GridUnit; type: TransCode }): {
  price: number;
  rent: number;
  inquire: boolean;
} {
  switch (type) {
    case 0:
      return { price: u.f_sale_price, rent: 0, inquire: u.f_inquire_price === 'Y' };
    case 1:
      return { price: u.f_charter_price, rent: 0, inquire: u.f_inquire_charter === 'Y' };
    case 2:
      return { price: u.f_investment_price, rent: 0, inquire: u.f_inquire_investment === 'Y' };
    case 3:
      return { price: u.f_monthly_rent_deposit, rent: u.f_monthly_rent, inquire: u.f_inquire_month === 'Y' };
  }
}

function range(values: number[]): [number, number] {
  return values.length === 0 ? [0, 0] : [Math.min(...values), Math.max(...values)];
}

/**
 * Unit prices by unit type (exclusive area and rooms), per transaction type. Completed units
 * count in `total` but never in a price or in `available` (spec §4: completed units are
 * masked and excluded from price tables).
 */
export function unitPriceRows(units: readonly GridUnit[]): UnitPriceRow[] {
  const groups = new Map<string, GridUnit[]>();
  for (const u of units) {
    const key = `${Math.round(u.f_exclusive_size * 100)}:${u.f_room}`;
    const list = groups.get(key);
    if (list) list.push(u);
    else groups.set(key, [u]);
  }
  return [...groups.values()]
    .map((list) => {
      const first = list[0] as GridUnit;
      const open = list.filter((u) => u.f_complete !== 'Y');
      const prices: PriceRange[] = [];
      for (const type of [0, 1, 2, 3] as const) {
        const offering = open.filter((u) => parseList(u.f_trans_type).map(Number).includes(type));
        if (offering.length === 0) continue;
        const quoted = offering
          .map((u) => unitPrice({ unit: u, type }))
          .filter((p) => !p.inquire && p.price > 0);
        const [min, max] = range(quoted.map((p) => p.price));
        const [rentMin, rentMax] = range(quoted.map((p) => p.rent));
        prices.push({
          type,
          min,
          max,
          ...(type === TransType.monthly ? { rentMin, rentMax } : {}),
          inquire: quoted.length < offering.length,
        });
      }
      return {
        exclusiveSize: first.f_exclusive_size,
        realSize: first.f_real_size,
        room: first.f_room,
        available: open.length,
        total: list.length,
        prices,
      };
    })
    .sort((a, b) => a.exclusiveSize - b.exclusiveSize || a.room - b.room);
}

/** The site-level price fields (spec §3 Site). */
export interface SitePriceFields extends SiteDealPrices {
  f_complete: YN;
}

export interface SitePriceRow {
  type: TransCode;
  min: number;
  max: number;
  /** Collateral beside the sale price (type 0), monthly rent beside the deposit (type 3). */
  secondMin: number;
  secondMax: number;
  inquire: boolean;
}

/** The site's own price ranges, one row per transaction type it offers; none once it is completed. */
export function sitePriceRows(site: SitePriceFields): SitePriceRow[] {
  if (site.f_complete === 'Y') return [];
  const types = new Set(parseList(site.f_transaction_type).map(Number));
  const rows: SitePriceRow[] = [];
  const add = (row: SitePriceRow) => {
    if (types.has(row.type)) rows.push(row);
  };
  add({
    type: 0,
    min: site.f_sale_price_min,
    max: site.f_sale_price_max,
    secondMin: site.f_collateral_price_min,
    secondMax: site.f_collateral_price_max,
    inquire: site.f_site_inquire_sale === 'Y',
  });
  add({
    type: 1,
    min: site.f_charter_price_min,
    max: site.f_charter_price_max,
    secondMin: 0,
    secondMax: 0,
    inquire: site.f_site_inquire_charter === 'Y',
  });
  add({
    type: 2,
    min: site.f_invest_price_min,
    max: site.f_invest_price_max,
    secondMin: 0,
    secondMax: 0,
    inquire: site.f_site_inquire_invest === 'Y',
  });
  add({
    type: 3,
    min: site.f_monthly_deposit_min,
    max: site.f_monthly_deposit_max,
    secondMin: site.f_monthly_rent_min,
    secondMax: site.f_monthly_rent_max,
    inquire: site.f_site_inquire_monthly === 'Y',
  });
  return rows;
}
