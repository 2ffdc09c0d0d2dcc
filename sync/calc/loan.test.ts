import { describe, expect, it } from 'vitest';
import { calculateLoan, checkLoanInput, monthlyRate } from './loan.ts';

// Expected figures were worked out apart from this module: the closed forms below, and a
// month-by-month schedule computed with exact decimal arithmetic (Python's Decimal,
// ROUND_HALF_UP) for 100,000,000 won at 4.5% over 360 months.
const P = 100_000_000;
const N = 360;
const RATE = 4.5;

describe('the monthly rate', () => {
  it('is the annual rate divided by 12 and by 100', () => {
    expect(monthlyRate(4.5)).toBeCloseTo(0.00375, 12);
    expect(monthlyRate(12)).toBeCloseTo(0.01, 12);
  });
});

describe('equal principal and interest', () => {
  const result = calculateLoan({ principal: P, months: N, ratePercent: RATE, method: 'equalPayment' });

  it('pays the annuity payment P·r/(1-(1+r)^-n), rounded to the won, every month but the last', () => {
    const r = 0.045 / 12;
    const annuity = Math.round((P * r) / (1 - (1 + r) ** -N));
    expect(annuity).toBe(506_685);
    expect(result.firstPayment).toBe(506_685);
    expect(result.rows.slice(0, -1).every((row) => row.payment === 506_685)).toBe(true);
  });

  it('splits the first two months into interest on the balance and principal, to the won', () => {
    // Month 1: 100,000,000 × 0.00375 = 375,000 interest; 506,685 − 375,000 = 131,685 principal.
    expect(result.rows[0]).toEqual({
      month: 1,
      payment: 506_685,
      principal: 131_685,
      interest: 375_000,
      balance: 99_868_315,
    });
    // Month 2: 99,868,315 × 0.00375 = 374,506.18 → 374,506.
    expect(result.rows[1]).toEqual({
      month: 2,
      payment: 506_685,
      principal: 132_179,
      interest: 374_506,
      balance: 99_736_136,
    });
  });

  it('repays what is left in the last month and totals 82,406,841 won of interest', () => {
    expect(result.rows).toHaveLength(N);
    expect(result.rows[N - 1]).toEqual({
      month: 360,
      payment: 506_926,
      principal: 505_032,
      interest: 1_894,
      balance: 0,
    });
    expect(result.totalInterest).toBe(82_406_841);
    expect(result.totalPayment).toBe(182_406_841);
  });
});

describe('bullet repayment', () => {
  it('charges P·r of interest each month and the whole principal with the last payment', () => {
    const result = calculateLoan({ principal: P, months: N, ratePercent: RATE, method: 'bullet' });
    expect(result.rows[0]).toEqual({
      month: 1,
      payment: 375_000,
      principal: 0,
      interest: 375_000,
      balance: P,
    });
    expect(result.rows[N - 1]).toEqual({
      month: 360,
      payment: 100_375_000,
      principal: P,
      interest: 375_000,
      balance: 0,
    });
    expect(result.totalInterest).toBe(375_000 * 360);
    expect(result.totalPayment).toBe(235_000_000);
  });

  it('over one year costs 4,500,000 won of interest on 100,000,000 won at 4.5%', () => {
    const result = calculateLoan({ principal: P, months: 12, ratePercent: RATE, method: 'bullet' });
    expect(result.totalInterest).toBe(P * 0.045);
    expect(result.rows.map((r) => r.payment)).toEqual([...Array(11).fill(375_000), 100_375_000]);
  });

  it('rounds a fractional monthly interest to the won', () => {
    // 12,345,678 × 3.7% / 12 = 38,065.84 → 38,066.
    const result = calculateLoan({ principal: 12_345_678, months: 24, ratePercent: 3.7, method: 'bullet' });
    expect(result.rows[0]?.interest).toBe(38_066);
    expect(result.totalInterest).toBe(38_066 * 24);
  });
});

describe('equal principal', () => {
  const result = calculateLoan({ principal: P, months: N, ratePercent: RATE, method: 'equalPrincipal' });

  it('repays P/n = 277,778 won of principal a month with interest on the falling balance', () => {
    expect(result.rows[0]).toEqual({
      month: 1,
      payment: 652_778,
      principal: 277_778,
      interest: 375_000,
      balance: 99_722_222,
    });
    // Month 2: 99,722,222 × 0.00375 = 373,958.33 → 373,958.
    expect(result.rows[1]).toEqual({
      month: 2,
      payment: 651_736,
      principal: 277_778,
      interest: 373_958,
      balance: 99_444_444,
    });
  });

  it('ends with the remainder and about P·r·(n+1)/2 of interest, exactly 67,687,447 won after rounding', () => {
    expect(result.rows[N - 1]).toEqual({
      month: 360,
      payment: 278_739,
      principal: 277_698,
      interest: 1_041,
      balance: 0,
    });
    const closedForm = (P * 0.00375 * (N + 1)) / 2;
    expect(Math.abs(result.totalInterest - closedForm)).toBeLessThan(N);
    expect(result.totalInterest).toBe(67_687_447);
    expect(result.rows.reduce((s, r) => s + r.principal, 0)).toBe(P);
  });
});

describe('with no interest', () => {
  it('divides the principal evenly', () => {
    const result = calculateLoan({
      principal: 1_200_000,
      months: 12,
      ratePercent: 0,
      method: 'equalPayment',
    });
    expect(result.rows.every((r) => r.payment === 100_000 && r.interest === 0)).toBe(true);
  });
});

describe('input rules', () => {
  it('needs principal, period and rate', () => {
    expect(checkLoanInput({ principal: null, months: 12, ratePercent: 3 })).toBe('principalRequired');
    expect(checkLoanInput({ principal: 1000, months: null, ratePercent: 3 })).toBe('monthsRequired');
    expect(checkLoanInput({ principal: 1000, months: 12, ratePercent: null })).toBe('rateRequired');
  });

  it('allows at most 999 months and a 100% rate', () => {
    expect(checkLoanInput({ principal: 1000, months: 999, ratePercent: 100 })).toBeNull();
    expect(checkLoanInput({ principal: 1000, months: 1000, ratePercent: 3 })).toBe('monthsTooLong');
    expect(checkLoanInput({ principal: 1000, months: 12, ratePercent: 100.1 })).toBe('rateTooHigh');
  });

  it('refuses to calculate what the rules refuse', () => {
    expect(() => calculateLoan({ principal: 1000, months: 1000, ratePercent: 3, method: 'bullet' })).toThrow(
      RangeError,
    );
  });
});
