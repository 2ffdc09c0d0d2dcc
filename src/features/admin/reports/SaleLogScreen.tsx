import { useLingui } from '@lingui/react/macro';
import { useCallback, useState } from 'react';
import { getReportLogCall, getSaleReqUserListCall } from '../../../../sync/api/reports.api.ts';
import { api } from '../../../api/client.ts';
import { formatNumber } from '../../../lib/format.ts';
import { PagedTable } from '../../../ui/PagedTable.tsx';
import { useNumberedPages } from '../../../ui/useNumberedPages.ts';
import { seoulDay } from '../../notify/seoul-day.ts';
import { ReportCells, ReportHead } from './ReportCells.tsx';

type View = 0 | 1 | 2 | 'date' | 'log';

/**
 * Spec §2 admin sale request list (reports made today, yesterday, two days ago, or on a date
 * picked: spec §7 getSaleReqUserList {date}) and the old sale log (every report) as a view of
 * the same tab.
 */
export function SaleLogScreen() {
  const { t } = useLingui();
  const [view, setView] = useState<View>(0);
  const today = seoulDay(new Date());
  const [day, setDay] = useState(() => seoulDay(new Date(Date.now() - 3 * 86_400_000)));
  const [typed, setTyped] = useState('');
  const [keyword, setKeyword] = useState('');
  const pages = useNumberedPages(
    useCallback(
      (page: number) =>
        view === 'log'
          ? api(getReportLogCall, { keyword, page_num: page })
          : api(getSaleReqUserListCall, { date: view === 'date' ? day : view, page_num: page }),
      [view, keyword, day],
    ),
  );
  const views: Array<[View, string]> = [
    [0, t`Today`],
    [1, t`Yesterday`],
    [2, t`Two days ago`],
    ['date', t`Pick a date`],
    ['log', t`Old sale log`],
  ];
  return (
    <section>
      <div className="tabs" role="tablist">
        {views.map(([value, title]) => (
          <button
            key={String(value)}
            type="button"
            role="tab"
            aria-selected={view === value}
            onClick={() => setView(value)}
          >
            {title}
          </button>
        ))}
      </div>
      {view === 'date' ? (
        <div className="row">
          <label htmlFor="sale-log-day">{t`Reports of`}</label>
          <input
            id="sale-log-day"
            className="input"
            type="date"
            max={today}
            value={day}
            // A cleared or half-typed date keeps the last whole one.
            onChange={(e) => {
              if (/^\d{4}-\d{2}-\d{2}$/.test(e.target.value)) setDay(e.target.value);
            }}
          />
        </div>
      ) : null}
      {view === 'log' ? (
        <form
          className="row"
          onSubmit={(e) => {
            e.preventDefault();
            setKeyword(typed.trim());
          }}
        >
          <input
            className="input grow"
            type="search"
            placeholder={t`Site, reporter name or phone`}
            aria-label={t`Site, reporter name or phone`}
            value={typed}
            onChange={(e) => setTyped(e.target.value)}
          />
          <button type="submit" className="button">
            {t`Search`}
          </button>
        </form>
      ) : null}
      <p className="muted">{t`${formatNumber(pages.data?.total ?? 0)} reports`}</p>
      <PagedTable
        pages={pages}
        label={t`Sale requests`}
        head={<ReportHead />}
        rowKey={(r) => r.f_report_idx}
        row={(r) => (
          <tr>
            <ReportCells report={r} />
          </tr>
        )}
      />
    </section>
  );
}
