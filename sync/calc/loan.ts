/**
 * The loan calculator of spec §5/§9: three repayment methods, monthly rate = annual / 12 / 100,
 * every amount rounded to the won. Pure, so the same numbers come out wherever it runs.
 *
 * Rounding rule (what Korean bank calculators show): each month's interest is the balance
 * times the monthly rate, rounded to the won; the level payment (equal principal and
 * interest) and the level principal (equal principal) are rounded to the won; the last
 * month repays whatever principal is left, so the principal column sums to the loan exactly.
 */

export type LoanMethod = 'equalPayment' | 'bullet' | 'equalPrincipal';

export const LOAN_METHODS: readonly LoanMethod[] = ['equalPayment', 'bullet', 'equalPrincipal'];

export const LOAN_LIMITS = { maxMonths: 999, maxRatePercent: 100 } as const;

export interface LoanRow {
  month: number;
  payment: number;
  principal: number;
  interest: number;
  /** Principal left after this month's payment. */
  balance: number;
}

export interface LoanResult {
  monthlyRate: number;
  rows: LoanRow[];
  /** The first month's payment (every month's, for equal payment; the bullet's last month differs). */
  firstPayment: number;
  totalPayment: number;
  totalInterest: number;
}

export type LoanInputProblem =
  | 'principalRequired'
  | 'monthsRequired'
  | 'rateRequired'
  | 'monthsTooLong'
  | 'rateTooHigh';

/** Spec §5: principal, period and rate required; period at most 999 months, rate at most 100%. */
export function checkLoanInput({
  principal,
  months,
  ratePercent,
}: {
  principal: number | null;
  months: number | null;
  ratePercent: number | null;
}): LoanInputProblem | null {
  if (principal === null || !Number.isFinite(principal) || principal <= 0) return 'principalRequired';
  if (months === null || !Number.isInteger(months) || months <= 0) return 'monthsRequired';
  if (ratePercent === null || !Number.isFinite(ratePercent) || ratePercent < 0) return 'rateRequired';
  if (months > LOAN_LIMITS.maxMonths) return 'monthsTooLong';
  if (ratePercent > LOAN_LIMITS.maxRatePercent) return 'rateTooHigh';
  return null;
}

export function monthlyRate(ratePercent: number): number {
  return ratePercent / 12 / 100;
}

/** The level monthly payment of an annuity, unrounded. */
function levelPayment({ principal, months, rate }: { principal: number; months: number; rate: number }) {
  if (rate === 0) return principal / months;
  const growth = (1 + rate) ** months;
  return (principal * rate * growth) / (growth - 1);
}

export function calculateLoan({
  principal,
  months,
  ratePercent,
  method,
}: {
  principal: number;
  months: number;
  ratePercent: number;
  method: LoanMethod;
}): LoanResult {
  const problem = checkLoanInput({ principal, months, ratePercent });
  if (problem) throw new RangeError(problem);
  const loan = Math.round(principal);
  const rate = monthlyRate(ratePercent);
  const payment = Math.round(levelPayment({ principal: loan, months, rate }));
  const levelPrincipal = Math.round(loan / months);
  const rows: LoanRow[] = [];
  let balance = loan;
  for (let month = 1; month <= months; month++) {
    const interest = Math.round(balance * rate);
    const last = month === months;
    let repaid: number;
    if (method === 'bullet') repaid = last ? balance : 0;
    else if (method === 'equalPrincipal') repaid = last ? balance : Math.min(levelPrincipal, balance);
    else repaid = last ? balance : Math.min(Math.max(payment - interest, 0), balance);
    balance -= repaid;
    rows.push({ month, payment: repaid + interest, principal: repaid, interest, balance });
  }
  const totalInterest = rows.reduce((sum, r) => sum + r.interest, 0);
  return {
    monthlyRate: rate,
    rows,
    firstPayment: rows[0]?.payment ?? 0,
    totalPayment: loan + totalInterest,
    totalInterest,
  };
}
