import { describe, expect, it } from 'vitest';
import { type GridUnit, sitePermissions, sitePriceRows, unitGrid, unitPriceRows } from './detail.ts';
import { nearExpiry } from './expiry.ts';

function unit(overrides: Partial<GridUnit>): GridUnit {
  return {
    f_idx: 1,
    f_dong_idx: 10,
    f_floor: 1,
    f_ho: '101',
    f_room: 3,
    f_exclusive_size: 84,
    f_real_size: 112,
    f_complete: 'N',
    f_trans_type: '0',
    f_sale_price: 50000,
    f_collateral_price: 0,
    f_charter_price: 0,
    f_investment_price: 0,
    f_monthly_rent_deposit: 0,
    f_monthly_rent: 0,
    f_inquire_price: 'N',
    f_inquire_charter: 'N',
    f_inquire_investment: 'N',
    f_inquire_month: 'N',
    ...overrides,
  };
}

describe('site permissions', () => {
  const site = { f_site_type: 'O' as const, f_user_idx: 1 };
  it('lets the owner, an admin or a group member modify and complete a new-open site', () => {
    for (const who of [
      { userIdx: 1, isAdmin: false, isGroupMember: false },
      { userIdx: 2, isAdmin: true, isGroupMember: false },
      { userIdx: 3, isAdmin: false, isGroupMember: true },
    ]) {
      expect(sitePermissions({ site, ...who })).toMatchObject({ modify: true, complete: true });
    }
    expect(sitePermissions({ site, userIdx: 4, isAdmin: false, isGroupMember: false })).toEqual({
      modify: false,
      complete: false,
      report: true,
      manage: false,
      admin: false,
    });
  });

  it('keeps managing to the owner and admins, and completion and reports to new-open sites', () => {
    expect(sitePermissions({ site, userIdx: 3, isAdmin: false, isGroupMember: true }).manage).toBe(false);
    const general = sitePermissions({
      site: { f_site_type: 'G', f_user_idx: 1 },
      userIdx: 1,
      isAdmin: false,
      isGroupMember: false,
    });
    expect(general).toMatchObject({ modify: true, complete: false, report: false, manage: true });
  });
});

describe('the unit grid', () => {
  it('draws each building top floor first with its units in number order', () => {
    const dongs = [
      { f_idx: 10, f_dong: '101동', f_floor_count: 2, f_units_per_floor: 2 },
      { f_idx: 11, f_dong: '102동', f_floor_count: 1, f_units_per_floor: 1 },
    ];
    const units = [
      unit({ f_idx: 1, f_floor: 1, f_ho: '102' }),
      unit({ f_idx: 2, f_floor: 2, f_ho: '201', f_complete: 'Y' }),
      unit({ f_idx: 3, f_floor: 1, f_ho: '101' }),
      unit({ f_idx: 4, f_floor: 2, f_ho: '210' }),
      unit({ f_idx: 5, f_floor: 2, f_ho: '202' }),
    ];
    const grid = unitGrid({ dongs, units });
    expect(grid[0]?.floors.map((f) => [f.floor, f.units.map((u) => u.f_ho)])).toEqual([
      [2, ['201', '202', '210']],
      [1, ['101', '102']],
    ]);
    expect(grid[0]).toMatchObject({ total: 5, completed: 1 });
    expect(grid[1]).toMatchObject({ floors: [], total: 0 });
  });
});

describe('price tables', () => {
  it('leaves completed units out of the prices and the available count', () => {
    const rows = unitPriceRows([
      unit({ f_idx: 1, f_sale_price: 50000 }),
      unit({ f_idx: 2, f_sale_price: 55000 }),
      unit({ f_idx: 3, f_sale_price: 99000, f_complete: 'Y' }),
      unit({ f_idx: 4, f_exclusive_size: 59, f_room: 2, f_sale_price: 40000, f_complete: 'Y' }),
    ]);
    expect(rows).toEqual([
      { exclusiveSize: 59, realSize: 112, room: 2, available: 0, total: 1, prices: [] },
      {
        exclusiveSize: 84,
        realSize: 112,
        room: 3,
        available: 2,
        total: 3,
        prices: [{ type: 0, min: 50000, max: 55000, inquire: false }],
      },
    ]);
  });

  it('shows each transaction type a unit offers, with monthly rent beside the deposit, and inquiries flagged', () => {
    const rows = unitPriceRows([
      unit({
        f_idx: 1,
        f_trans_type: '1,3',
        f_charter_price: 30000,
        f_monthly_rent_deposit: 1000,
        f_monthly_rent: 80,
      }),
      unit({ f_idx: 2, f_trans_type: '1', f_inquire_charter: 'Y', f_charter_price: 0 }),
    ]);
    expect(rows[0]?.prices).toEqual([
      { type: 1, min: 30000, max: 30000, inquire: true },
      { type: 3, min: 1000, max: 1000, rentMin: 80, rentMax: 80, inquire: false },
    ]);
  });

  it('lists the site’s own ranges per transaction type, and none once the site is completed', () => {
    const site = {
      f_transaction_type: '0,3',
      f_complete: 'N' as const,
      f_sale_price_min: 30000,
      f_sale_price_max: 35000,
      f_collateral_price_min: 20000,
      f_collateral_price_max: 21000,
      f_charter_price_min: 0,
      f_charter_price_max: 0,
      f_invest_price_min: 0,
      f_invest_price_max: 0,
      f_monthly_deposit_min: 1000,
      f_monthly_deposit_max: 2000,
      f_monthly_rent_min: 50,
      f_monthly_rent_max: 70,
      f_site_inquire_sale: 'N' as const,
      f_site_inquire_charter: 'N' as const,
      f_site_inquire_invest: 'N' as const,
      f_site_inquire_monthly: 'Y' as const,
    };
    expect(sitePriceRows(site)).toEqual([
      { type: 0, min: 30000, max: 35000, secondMin: 20000, secondMax: 21000, inquire: false },
      { type: 3, min: 1000, max: 2000, secondMin: 50, secondMax: 70, inquire: true },
    ]);
    expect(sitePriceRows({ ...site, f_complete: 'Y' })).toEqual([]);
  });
});

describe('the expiry warning', () => {
  it('starts at 5 days left (red below 6) and never shows without a count', () => {
    expect([6, 5, 1, 0, null, undefined].map(nearExpiry)).toEqual([false, true, true, true, false, false]);
  });
});
