import { type FeeType, feeTypes } from '../../../sync/sites/rules.ts';

/**
 * Money fields and the amounts agents usually type in them. Prices are kept in 만원 and fees in
 * 백만원 (spec §3), so the same "500" is 500만원 in one field and 5억원 in the other: every field
 * shows its amount in words, and a save asks first when an amount is far outside its usual range.
 */
export type MoneyScale = 'manwon' | 'million';

/** What a field's number is in 만원 (the unit formatManwon reads). */
export function toManwon({ value, scale }: { value: number; scale: MoneyScale }): number {
  return scale === 'million' ? value * 100 : value;
}

export type AmountKind = 'price' | 'rent' | 'fee';

/** Usual amounts in 만원; outside them a save asks first (typing mistakes, the wrong unit). */
const usual: Record<AmountKind, { min: number; max: number }> = {
  // 100만원 to 200억원: from a small deposit to a large commercial unit.
  price: { min: 100, max: 2_000_000 },
  // A monthly rent from 10만원 to 2,000만원.
  rent: { min: 10, max: 2_000 },
  // A fee from 10만원 to 1억원 (typed in 백만원, so 1 to 100).
  fee: { min: 10, max: 10_000 },
};

/** True when a typed amount (in 만원) is far outside what agents usually type for its kind. */
export function isUnusualAmount({ manwon, kind }: { manwon: number; kind: AmountKind }): boolean {
  if (!Number.isFinite(manwon) || manwon <= 0) return false;
  const range = usual[kind];
  return manwon < range.min || manwon > range.max;
}

/** A typed amount outside its usual range: the field and the amount in 만원. */
export interface UnusualAmount {
  field: string;
  manwon: number;
}

/** A money field of a form: its name, the kind of amount and the unit it is typed in. */
export type Money = { field: string; kind: AmountKind; scale: MoneyScale };

/** A site's price ranges (만원) and fees (백만원); the unregistered report has the fees. */
export const siteMoney: readonly Money[] = [
  ...(
    [
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
    ] as const
  ).map((field) => ({ field, kind: 'price' as const, scale: 'manwon' as const })),
  { field: 'f_monthly_rent_min', kind: 'rent', scale: 'manwon' },
  { field: 'f_monthly_rent_max', kind: 'rent', scale: 'manwon' },
  ...feeTypes.map((fee: FeeType) => ({
    field: `f_fee_${fee.toLowerCase() as Lowercase<FeeType>}` as const,
    kind: 'fee' as const,
    scale: 'million' as const,
  })),
];

/** The amounts of a set of fields (a site, a unit, a report) that are far outside their usual range. */
export function unusualAmounts({
  values,
  money,
}: {
  values: object;
  money: readonly Money[];
}): UnusualAmount[] {
  const out: UnusualAmount[] = [];
  for (const { field, kind, scale } of money) {
    const value = (values as Record<string, unknown>)[field];
    if (typeof value !== 'number') continue;
    const manwon = toManwon({ value, scale });
    if (isUnusualAmount({ manwon, kind })) out.push({ field, manwon });
  }
  return out;
}

/** A unit's prices (spec §3 Unit), all in 만원. */
export const unitMoney: readonly Money[] = [
  ...(
    [
      'f_sale_price',
      'f_collateral_price',
      'f_charter_price',
      'f_investment_price',
      'f_monthly_rent_deposit',
    ] as const
  ).map((field) => ({ field, kind: 'price' as const, scale: 'manwon' as const })),
  { field: 'f_monthly_rent', kind: 'rent', scale: 'manwon' },
];
