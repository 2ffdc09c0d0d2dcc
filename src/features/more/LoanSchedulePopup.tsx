import { useLingui } from '@lingui/react/macro';
import type { LoanResult } from '../../../sync/calc/loan.ts';
import { formatNumber } from '../../lib/format.ts';

/** Spec §2 the monthly schedule of a calculated loan: every month, to the won. */
export function LoanSchedulePopup({ result, close }: { result: LoanResult; close: () => void }) {
  const { t } = useLingui();
  return (
    <div>
      <h2 className="modal__title">{t`Monthly schedule`}</h2>
      <div className="table-scroll">
        <table className="loan-table">
          <thead>
            <tr>
              <th scope="col">{t`Month`}</th>
              <th scope="col">{t`Payment`}</th>
              <th scope="col">{t`Principal`}</th>
              <th scope="col">{t`Interest`}</th>
              <th scope="col">{t`Balance`}</th>
            </tr>
          </thead>
          <tbody>
            {result.rows.map((r) => (
              <tr key={r.month}>
                <td>{r.month}</td>
                <td className="num">{formatNumber(r.payment)}</td>
                <td className="num">{formatNumber(r.principal)}</td>
                <td className="num">{formatNumber(r.interest)}</td>
                <td className="num">{formatNumber(r.balance)}</td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr>
              <th scope="row">{t`Total`}</th>
              <td className="num">{formatNumber(result.totalPayment)}</td>
              <td className="num">{formatNumber(result.totalPayment - result.totalInterest)}</td>
              <td className="num">{formatNumber(result.totalInterest)}</td>
              <td />
            </tr>
          </tfoot>
        </table>
      </div>
      <div className="modal__actions">
        <button type="button" className="button" onClick={close}>
          {t`Close`}
        </button>
      </div>
    </div>
  );
}
