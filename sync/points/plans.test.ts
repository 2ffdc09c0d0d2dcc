import { describe, expect, it } from 'vitest';
import {
  CHARGE_OPTIONS,
  daysLeft,
  extendUsageDate,
  findChargeOption,
  findPlan,
  pricedPlans,
  USAGE_PLANS,
} from './plans.ts';

describe('usage plans', () => {
  it('are the 13 plans of the spec, each named by a distinct (period, made, push)', () => {
    expect(USAGE_PLANS).toHaveLength(13);
    const keys = new Set(USAGE_PLANS.map((p) => `${p.period}/${p.made}/${p.push}`));
    expect(keys.size).toBe(13);
    expect(USAGE_PLANS.map((p) => [p.days, p.made, p.push, p.points])).toEqual([
      [30, 0, 0, 12000],
      [90, 0, 0, 30000],
      [180, 0, 0, 55000],
      [365, 0, 0, 99000],
      [0, 5, 0, 10000],
      [0, 13, 0, 20000],
      [0, 30, 0, 40000],
      [0, 0, 5, 10000],
      [0, 0, 13, 20000],
      [0, 0, 30, 40000],
      [0, 5, 5, 20000],
      [30, 13, 13, 40000],
      [30, 30, 30, 80000],
    ]);
  });

  it('show the discount against monthly tickets that the prices give', () => {
    for (const p of USAGE_PLANS.filter((x) => x.kind === 'days' && x.days > 30)) {
      const monthly = Math.round(p.days / 30) * 12000;
      expect(Math.round((1 - p.points / monthly) * 100)).toBe(p.discount);
    }
  });

  it('are found by buyPeriod’s period (days / 30), made and push', () => {
    expect(findPlan({ period: 1, made: 0, push: 0 })?.id).toBe('d30');
    expect(findPlan({ period: 12, made: 0, push: 0 })?.days).toBe(365);
    expect(findPlan({ period: 1, made: 13, push: 13 })?.points).toBe(40000);
    expect(findPlan({ period: 2, made: 0, push: 0 })).toBeUndefined();
  });

  it('price the 30-day plan from the one-month ticket setting', () => {
    expect(pricedPlans({ oneMonthTicketPoint: 15000 })[0]?.points).toBe(15000);
    expect(pricedPlans({ oneMonthTicketPoint: 15000 })[1]?.points).toBe(30000);
  });
});

describe('charge options', () => {
  it('cost the points plus 10% VAT, with a 10% bonus from 50,000 won net', () => {
    for (const o of CHARGE_OPTIONS) {
      const net = Math.round(o.price / 1.1);
      expect(o.points).toBe(net + o.bonus);
      expect(o.bonus).toBe(net >= 50000 ? net / 10 : 0);
    }
    expect(findChargeOption(20000)?.price).toBe(22000);
    expect(findChargeOption(12345)).toBeUndefined();
  });
});

describe('days left', () => {
  const now = new Date('2026-11-21T03:00:00.000Z');
  it('counts a started day as one and never goes below zero', () => {
    expect(daysLeft({ usageDate: '2026-12-21T03:00:00.000Z', now })).toBe(30);
    expect(daysLeft({ usageDate: '2026-11-21T04:00:00.000Z', now })).toBe(1);
    expect(daysLeft({ usageDate: '2026-11-20T03:00:00.000Z', now })).toBe(0);
    expect(daysLeft({ usageDate: null, now })).toBe(0);
  });

  it('extends from the current usage date while it lasts, else from now', () => {
    expect(extendUsageDate({ usageDate: '2026-12-01T00:00:00.000Z', days: 30, now })).toBe(
      '2026-12-31T00:00:00.000Z',
    );
    expect(extendUsageDate({ usageDate: '2026-11-01T00:00:00.000Z', days: 30, now })).toBe(
      '2026-12-21T03:00:00.000Z',
    );
    expect(extendUsageDate({ usageDate: null, days: 30, now })).toBe('2026-12-21T03:00:00.000Z');
    expect(extendUsageDate({ usageDate: '2026-12-01T00:00:00.000Z', days: -5, now })).toBe(
      '2026-11-26T00:00:00.000Z',
    );
  });
});
