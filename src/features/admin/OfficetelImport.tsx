import { Trans, useLingui } from '@lingui/react/macro';
import { type FormEvent, useId, useState } from 'react';
import { importOfficetelPricesCall } from '../../../sync/api/public-data.api.ts';
import { type OfficetelRowProblem, officetelFileKind } from '../../../sync/public-data/officetel-file.ts';
import { ApiError, api } from '../../api/client.ts';
import { useCallFailure } from '../../api/useCall.ts';
import { formatNumber } from '../../lib/format.ts';

type Outcome =
  | { kind: 'imported'; imported: number; year: string }
  | { kind: 'refused'; message: string; rowCount: number; rows: OfficetelRowProblem[] };

/** The rows a refusal lists, when the server read the file and found rows it cannot import. */
function rowsOf(data: unknown): { rowCount: number; rows: OfficetelRowProblem[] } {
  const d = data as { row_count?: unknown; rows?: unknown } | null;
  return Array.isArray(d?.rows)
    ? { rowCount: Number(d.row_count) || d.rows.length, rows: d.rows as OfficetelRowProblem[] }
    : { rowCount: 0, rows: [] };
}

/**
 * The yearly officetel standard price file (spec §9; no public API serves it): an admin of the
 * db tab picks the CSV or XLSX and its year. The file is checked by its first bytes before it
 * is sent (the server checks again); a file with unreadable rows is refused whole and each row
 * is listed with its line, column and value.
 */
export function OfficetelImport() {
  const { t } = useLingui();
  const fail = useCallFailure();
  const yearId = useId();
  const [year, setYear] = useState(() => String(new Date().getFullYear()));
  const [file, setFile] = useState<File | null>(null);
  const [fileProblem, setFileProblem] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const yearOk = /^\d{4}$/.test(year);
  const fileLine = (chosen: File) => {
    const name = chosen.name;
    const size = formatNumber(Math.ceil(chosen.size / 1024));
    return t`${name} · ${size} KB`;
  };

  const choose = async (picked: File | undefined) => {
    setOutcome(null);
    setFile(null);
    setFileProblem(null);
    if (!picked) return;
    const kind = officetelFileKind(new Uint8Array(await picked.slice(0, 4096).arrayBuffer()));
    if (kind === 'xls')
      setFileProblem(t`This is an old Excel (.xls) file. Save it as .xlsx or CSV and choose it again.`);
    else if (kind === 'binary') setFileProblem(t`This is not a CSV or XLSX file.`);
    else setFile(picked);
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!file || !yearOk) return;
    setPending(true);
    try {
      const done = await api(importOfficetelPricesCall, { file, year });
      setOutcome({ kind: 'imported', ...done });
    } catch (err) {
      if (err instanceof ApiError) setOutcome({ kind: 'refused', message: err.message, ...rowsOf(err.data) });
      else fail(err);
    } finally {
      setPending(false);
    }
  };

  return (
    <form className="card officetel-import" onSubmit={(e) => void submit(e)} data-testid="officetel-import">
      <h2 className="section-title">
        <Trans>Officetel standard prices</Trans>
      </h2>
      <p className="muted">
        <Trans>
          Import the yearly published file (CSV or XLSX). The first row names the columns: pnu, build_addr,
          buildnum, dong, floor, ho, pbdate, totarea, sharea, pbprice. Importing a year again replaces it.
        </Trans>
      </p>
      <div className="field">
        <label htmlFor={yearId}>
          <Trans>Year</Trans>
        </label>
        <input
          id={yearId}
          inputMode="numeric"
          maxLength={4}
          value={year}
          aria-invalid={!yearOk}
          onChange={(e) => setYear(e.target.value.replace(/\D/g, ''))}
        />
      </div>
      <div className="row wrap">
        <label className="button">
          <Trans>Choose file</Trans>
          <input
            type="file"
            accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
            className="sr-only"
            data-testid="officetel-file"
            onChange={(e) => {
              void choose(e.target.files?.[0]);
              e.target.value = '';
            }}
          />
        </label>
        <span className="muted" data-testid="officetel-file-name">
          {file ? fileLine(file) : t`No file chosen`}
        </span>
      </div>
      {fileProblem ? (
        <p className="field__error" role="alert">
          {fileProblem}
        </p>
      ) : null}
      <button type="submit" className="button button--primary" disabled={!file || !yearOk || pending}>
        {pending ? t`Importing…` : t`Import`}
      </button>
      <ImportOutcome outcome={outcome} />
    </form>
  );
}

function ImportOutcome({ outcome }: { outcome: Outcome | null }) {
  const { t } = useLingui();
  if (!outcome) return null;
  if (outcome.kind === 'imported') {
    const rows = formatNumber(outcome.imported);
    const year = outcome.year;
    return (
      <p className="banner banner--info" role="status" data-testid="officetel-imported">
        <Trans>
          Imported {rows} rows for {year}.
        </Trans>
      </p>
    );
  }
  const shown = outcome.rows.length;
  const count = formatNumber(outcome.rowCount);
  return (
    <div className="banner banner--warn" role="alert" data-testid="officetel-refused">
      <p>{outcome.message}</p>
      {shown > 0 ? (
        <table className="table">
          <caption className="sr-only">{t`Rows that cannot be read`}</caption>
          <thead>
            <tr>
              <th scope="col">{t`Line`}</th>
              <th scope="col">{t`Column`}</th>
              <th scope="col">{t`Value in the file`}</th>
            </tr>
          </thead>
          <tbody>
            {outcome.rows.map((r) => (
              <tr key={r.line}>
                <td>{r.line}</td>
                <td>{r.column}</td>
                <td>{r.value === '' ? t`(empty)` : r.value}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
      {outcome.rowCount > shown ? (
        <p className="muted">
          <Trans>
            The first {shown} of {count} rows are listed.
          </Trans>
        </p>
      ) : null}
    </div>
  );
}

export default OfficetelImport;
