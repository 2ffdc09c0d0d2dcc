import { Trans, useLingui } from '@lingui/react/macro';
import { lazy, Suspense, useMemo } from 'react';
import type { LookupAnswer } from '../../../sync/public-data/public-data.ts';
import { LookupSourceNote } from './LookupStatus.tsx';
import { tableWon } from './price-format.ts';

// uPlot loads with the first price history opened, never with the site detail or the entry.
const PriceChart = lazy(() => import('./PriceChart.tsx'));

export interface PriceYear {
  year: string;
  won: number;
}

/**
 * One of the four price-history popups (land, apartment/villa, officetel, detached house):
 * the chart and, beside it, the same years as a table (newest first).
 */
export function PriceHistoryPopup({
  title,
  valueLabel,
  rows,
  answer,
  fromDevice,
  close,
}: {
  title: string;
  valueLabel: string;
  rows: PriceYear[];
  answer: LookupAnswer<unknown>;
  fromDevice: boolean;
  close: () => void;
}) {
  const { t } = useLingui();
  const years = useMemo(() => rows.map((r) => Number(r.year)), [rows]);
  const values = useMemo(() => rows.map((r) => r.won), [rows]);
  return (
    <div className="price-history" data-testid="price-history">
      <h2 className="modal__title">{title}</h2>
      <LookupSourceNote answer={answer} fromDevice={fromDevice} />
      {rows.length > 0 ? (
        <Suspense fallback={<div className="price-chart" />}>
          <PriceChart years={years} values={values} />
        </Suspense>
      ) : null}
      <div className="table-scroll">
        <table className="table" data-testid="price-history-table">
          <caption className="sr-only">{title}</caption>
          <thead>
            <tr>
              <th scope="col">{t`Year`}</th>
              <th scope="col">{valueLabel}</th>
            </tr>
          </thead>
          <tbody>
            {[...rows].reverse().map((r) => (
              <tr key={r.year}>
                <th scope="row">{r.year}</th>
                <td className="num">{tableWon(r.won)}</td>
              </tr>
            ))}
            {rows.length === 0 ? (
              <tr>
                <td colSpan={2}>
                  <Trans>No information found.</Trans>
                </td>
              </tr>
            ) : null}
          </tbody>
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
