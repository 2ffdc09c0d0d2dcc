import { describe, expect, it } from 'vitest';
import { emptyRegistration } from '../../../sync/sites/registration.ts';
import { siteMoney, toManwon, unitMoney, unusualAmounts } from './amounts.ts';

describe('money typed in a registration', () => {
  it('reads a fee in 백만원 and a price in 만원', () => {
    expect(toManwon({ value: 500, scale: 'million' })).toBe(50_000);
    expect(toManwon({ value: 500, scale: 'manwon' })).toBe(500);
  });

  it('asks about a fee of 500 (5억원) but not about a sale price of 50,000 (5억원) or a fee of 3', () => {
    const site = {
      ...emptyRegistration({ kind: 'O', now: new Date() }),
      f_sale_price_min: 50_000,
      f_fee_t: 500,
      f_fee_i: 3,
    };
    expect(unusualAmounts({ values: site, money: siteMoney })).toEqual([
      { field: 'f_fee_t', manwon: 50_000 },
    ]);
  });

  it('asks about a monthly rent of 50,000만원 and a unit sold for 5만원, not about empty prices', () => {
    const unit = { f_sale_price: 5, f_monthly_rent: 50_000, f_charter_price: 0 };
    expect(unusualAmounts({ values: unit, money: unitMoney }).map((u) => u.field)).toEqual([
      'f_sale_price',
      'f_monthly_rent',
    ]);
  });
});
