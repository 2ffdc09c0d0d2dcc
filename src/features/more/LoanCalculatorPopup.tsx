import { useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import {
  calculateLoan,
  checkLoanInput,
  LOAN_METHODS,
  type LoanInputProblem,
  type LoanMethod,
  type LoanResult,
} from '../../../sync/calc/loan.ts';
import { formatNumber, parseNumber } from '../../lib/format.ts';
import { useModal } from '../../ui/modal.tsx';
import { toast } from '../../ui/toast.tsx';
import { LoanSchedulePopup } from './LoanSchedulePopup.tsx';

function useLoanText() {
  const { t } = useLingui();
  const method: Record<LoanMethod, string> = {
    equalPayment: t`Equal principal and interest`,
    bullet: t`Bullet (principal at maturity)`,
    equalPrincipal: t`Equal principal`,
  };
  const problem: Record<LoanInputProblem, string> = {
    principalRequired: t`Please enter the loan amount.`,
    monthsRequired: t`Please enter the loan period in months.`,
    rateRequired: t`Please enter the annual interest rate.`,
    monthsTooLong: t`The loan period can be at most 999 months.`,
    rateTooHigh: t`The interest rate can be at most 100%.`,
  };
  return { method, problem };
}

/** Spec §2/§5 loan calculator: amount, period (months), annual rate and method; results and the schedule. */
export function LoanCalculatorPopup({ close }: { close: () => void }) {
  const { t } = useLingui();
  const modal = useModal();
  const text = useLoanText();
  const [principal, setPrincipal] = useState('');
  const [months, setMonths] = useState('');
  const [rate, setRate] = useState('');
  const [method, setMethod] = useState<LoanMethod>('equalPayment');
  const [result, setResult] = useState<LoanResult | null>(null);

  const calculate = () => {
    const input = {
      principal: parseNumber(principal),
      months: parseNumber(months),
      ratePercent: parseNumber(rate),
    };
    const problem = checkLoanInput(input);
    if (problem) {
      setResult(null);
      return toast(text.problem[problem]);
    }
    setResult(
      calculateLoan({
        principal: input.principal as number,
        months: input.months as number,
        ratePercent: input.ratePercent as number,
        method,
      }),
    );
  };

  const first = formatNumber(result?.firstPayment ?? 0);
  return (
    <form
      className="form"
      onSubmit={(e) => {
        e.preventDefault();
        calculate();
      }}
    >
      <h2 className="modal__title">{t`Loan calculator`}</h2>
      <div className="field">
        <label htmlFor="loan-principal">{t`Loan amount (won)`}</label>
        <input
          id="loan-principal"
          inputMode="numeric"
          value={principal}
          onChange={(e) => {
            const n = parseNumber(e.target.value);
            setPrincipal(n === null ? e.target.value.replace(/[^\d,]/g, '') : formatNumber(Math.trunc(n)));
          }}
        />
      </div>
      <div className="field-pair field-pair--even">
        <div className="field">
          <label htmlFor="loan-months">{t`Period (months)`}</label>
          <input
            id="loan-months"
            inputMode="numeric"
            value={months}
            onChange={(e) => setMonths(e.target.value)}
          />
        </div>
        <div className="field">
          <label htmlFor="loan-rate">{t`Annual rate (%)`}</label>
          <input id="loan-rate" inputMode="decimal" value={rate} onChange={(e) => setRate(e.target.value)} />
        </div>
      </div>
      <fieldset className="option-list">
        <legend>{t`Repayment method`}</legend>
        {LOAN_METHODS.map((m) => (
          <label key={m} className="choice">
            <input type="radio" name="loan-method" checked={method === m} onChange={() => setMethod(m)} />
            {text.method[m]}
          </label>
        ))}
      </fieldset>
      {result ? (
        <dl className="loan-result" aria-label={t`Result`}>
          <dt>{method === 'equalPayment' ? t`Monthly payment` : t`First month's payment`}</dt>
          <dd data-testid="loan-first">{t`${first} won`}</dd>
          <dt>{t`Total interest`}</dt>
          <dd>{t`${formatNumber(result.totalInterest)} won`}</dd>
          <dt>{t`Total repayment`}</dt>
          <dd>{t`${formatNumber(result.totalPayment)} won`}</dd>
        </dl>
      ) : null}
      <div className="modal__actions">
        <button type="button" className="button" onClick={close}>
          {t`Close`}
        </button>
        {result ? (
          <button
            type="button"
            className="button"
            onClick={() => modal.open((c) => <LoanSchedulePopup result={result} close={c} />)}
          >
            {t`Monthly schedule`}
          </button>
        ) : null}
        <button type="submit" className="button button--primary">
          {t`Calculate`}
        </button>
      </div>
    </form>
  );
}
