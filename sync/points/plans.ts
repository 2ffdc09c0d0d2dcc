/**
 * Usage plans and charge options of spec §9, shared by the server (which charges them)
 * and the client (which shows them). The client never sends a price: it names a plan by
 * its (period, made, push) triple as buyPeriod does, and the server looks the price up here.
 */

export type PlanKind = 'days' | 'made' | 'push' | 'madePush';

export interface UsagePlan {
  id: string;
  kind: PlanKind;
  /** Days added to the usage date (0: none). */
  days: number;
  /** buyPeriod's `period`: days / 30, rounded (365 days is 12). */
  period: number;
  /** made+ alerts added. */
  made: number;
  /** push alerts added. */
  push: number;
  /** Price in points. The 30-day plan's price follows the one_month_ticket_point setting. */
  points: number;
  /** Discount against buying 30-day plans, percent (0: none). */
  discount: number;
  /** Extra alerts against the smallest pack, percent: none, 30% extra, 50% extra. */
  extra: 0 | 30 | 50;
}

const plan = (p: Omit<UsagePlan, 'period'>): UsagePlan => ({ ...p, period: Math.round(p.days / 30) });

/** The 13 plans, in the order the usage extension popup lists them. */
export const USAGE_PLANS: readonly UsagePlan[] = [
  plan({ id: 'd30', kind: 'days', days: 30, made: 0, push: 0, points: 12000, discount: 0, extra: 0 }),
  plan({ id: 'd90', kind: 'days', days: 90, made: 0, push: 0, points: 30000, discount: 17, extra: 0 }),
  plan({ id: 'd180', kind: 'days', days: 180, made: 0, push: 0, points: 55000, discount: 24, extra: 0 }),
  plan({ id: 'd365', kind: 'days', days: 365, made: 0, push: 0, points: 99000, discount: 31, extra: 0 }),
  plan({ id: 'm5', kind: 'made', days: 0, made: 5, push: 0, points: 10000, discount: 0, extra: 0 }),
  plan({ id: 'm13', kind: 'made', days: 0, made: 13, push: 0, points: 20000, discount: 0, extra: 30 }),
  plan({ id: 'm30', kind: 'made', days: 0, made: 30, push: 0, points: 40000, discount: 0, extra: 50 }),
  plan({ id: 'p5', kind: 'push', days: 0, made: 0, push: 5, points: 10000, discount: 0, extra: 0 }),
  plan({ id: 'p13', kind: 'push', days: 0, made: 0, push: 13, points: 20000, discount: 0, extra: 30 }),
  plan({ id: 'p30', kind: 'push', days: 0, made: 0, push: 30, points: 40000, discount: 0, extra: 50 }),
  plan({ id: 'mp5', kind: 'madePush', days: 0, made: 5, push: 5, points: 20000, discount: 0, extra: 0 }),
  plan({ id: 'mp13', kind: 'madePush', days: 30, made: 13, push: 13, points: 40000, discount: 0, extra: 30 }),
  plan({ id: 'mp30', kind: 'madePush', days: 30, made: 30, push: 30, points: 80000, discount: 0, extra: 50 }),
];

/** The plan buyPeriod names by its (period, made, push) triple; undefined when there is none. */
export function findPlan({
  period,
  made,
  push,
}: {
  period: number;
  made: number;
  push: number;
}): UsagePlan | undefined {
  return USAGE_PLANS.find((p) => p.period === period && p.made === made && p.push === push);
}

/** The plans with today's prices: the 30-day plan costs the one_month_ticket_point setting. */
export function pricedPlans({ oneMonthTicketPoint }: { oneMonthTicketPoint: number }): UsagePlan[] {
  return USAGE_PLANS.map((p) =>
    p.id === 'd30' && oneMonthTicketPoint > 0 ? { ...p, points: oneMonthTicketPoint } : { ...p },
  );
}

export interface ChargeOption {
  /** Points credited. */
  points: number;
  /** Won paid by card, VAT (10%) included. */
  price: number;
  /** Points beyond the price net of VAT: 10% for charges of 50,000 won or more. */
  bonus: number;
}

/**
 * Spec §9 charge options (points ← won). Up to 30,000 points the price is the points plus
 * 10% VAT; from 50,000 won (net) the 10% bonus makes the points equal the price paid.
 */
export const CHARGE_OPTIONS: readonly ChargeOption[] = [
  { points: 5000, price: 5500, bonus: 0 },
  { points: 10000, price: 11000, bonus: 0 },
  { points: 20000, price: 22000, bonus: 0 },
  { points: 30000, price: 33000, bonus: 0 },
  { points: 55000, price: 55000, bonus: 5000 },
  { points: 110000, price: 110000, bonus: 10000 },
];

export function findChargeOption(points: number): ChargeOption | undefined {
  return CHARGE_OPTIONS.find((o) => o.points === points);
}

export const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Spec §2 More: the whole days left on the usage ticket, counting a started day as one;
 * 0 when it has run out or was never bought.
 */
export function daysLeft({ usageDate, now }: { usageDate: string | null; now: Date }): number {
  if (!usageDate) return 0;
  const ms = new Date(usageDate).getTime() - now.getTime();
  return ms > 0 ? Math.ceil(ms / DAY_MS) : 0;
}

/** The usage date after adding days: from the current date while it lasts, else from now. */
export function extendUsageDate({
  usageDate,
  days,
  now,
}: {
  usageDate: string | null;
  days: number;
  now: Date;
}): string {
  const current = usageDate ? new Date(usageDate).getTime() : 0;
  const base = days > 0 ? Math.max(current, now.getTime()) : current || now.getTime();
  return new Date(base + days * DAY_MS).toISOString();
}
