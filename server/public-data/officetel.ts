import { Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import * as v from 'valibot';
import {
  OFFICETEL_PROBLEMS_LISTED,
  type OfficetelRowProblem,
  officetelFileKind,
} from '../../sync/public-data/officetel-file.ts';
import type { OfficetelPricesTable } from './public-data.tables.ts';

/** The columns of the import file, in the first row, in any order (README "Officetel prices"). */
export type OfficetelRow = v.InferOutput<typeof rowSchema>;

export const OFFICETEL_COLUMNS = [
  'pnu',
  'build_addr',
  'buildnum',
  'dong',
  'floor',
  'ho',
  'pbdate',
  'totarea',
  'sharea',
  'pbprice',
] as const;

const decimal = v.pipe(
  v.string(),
  v.transform((s) => Number(s.replace(/,/g, '').trim())),
  v.number(),
  v.minValue(0),
  v.maxValue(1_000_000_000_000),
);
const name = v.pipe(v.string(), v.trim(), v.maxLength(40));
const rowSchema = v.object({
  pnu: v.pipe(v.string(), v.trim(), v.regex(/^\d{10}[12]\d{8}$/, 'pnu must be 19 digits')),
  build_addr: v.pipe(v.string(), v.trim(), v.maxLength(200)),
  buildnum: name,
  dong: name,
  floor: name,
  ho: name,
  pbdate: v.pipe(v.string(), v.trim(), v.maxLength(20)),
  totarea: decimal,
  sharea: decimal,
  pbprice: v.pipe(decimal, v.integer()),
});

/** Text of a cell as the file wrote it (numbers, dates and rich text included). */
function cellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if (typeof value === 'object') {
    if ('richText' in value) return value.richText.map((r) => r.text).join('');
    if ('result' in value) return cellText(value.result as ExcelJS.CellValue);
    if ('text' in value) return String(value.text);
  }
  return String(value);
}

export class OfficetelFileError extends Error {
  constructor(
    readonly problem: string,
    /** Rows that cannot be imported (the first OFFICETEL_PROBLEMS_LISTED), with their count. */
    readonly rows?: { count: number; listed: OfficetelRowProblem[] },
  ) {
    super(problem);
  }
}

async function readXlsx({ workbook, bytes }: { workbook: ExcelJS.Workbook; bytes: Uint8Array }) {
  await workbook.xlsx.load(Buffer.from(bytes) as unknown as ArrayBuffer);
  return workbook.worksheets[0];
}

/** CSV text: UTF-8 (with or without its mark), else EUC-KR, the encoding public files often use. */
function csvText(bytes: Uint8Array): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes).replace(/^\uFEFF/, '');
  } catch {
    return new TextDecoder('euc-kr').decode(bytes);
  }
}

async function sheetOf({ workbook, bytes }: { workbook: ExcelJS.Workbook; bytes: Uint8Array }) {
  const kind = officetelFileKind(bytes);
  if (kind === 'xls') throw new OfficetelFileError('an old Excel (.xls) file: save it as .xlsx or CSV');
  if (kind === 'binary') throw new OfficetelFileError('not a CSV or XLSX file');
  if (kind === 'xlsx') {
    try {
      return await readXlsx({ workbook, bytes });
    } catch {
      throw new OfficetelFileError('a damaged XLSX file');
    }
  }
  // Every cell as written: exceljs would read a 19-digit PNU as a number and lose its last digits.
  return workbook.csv.read(Readable.from(csvText(bytes)), { map: (value: string) => value });
}

/**
 * The rows of an officetel price file (CSV or XLSX, told apart by its bytes). A file with rows
 * that cannot be imported is refused whole, listing each such row (line, column, value).
 */
export async function readOfficetelFile({
  bytes,
}: {
  bytes: Uint8Array;
  fileName?: string;
}): Promise<OfficetelRow[]> {
  const workbook = new ExcelJS.Workbook();
  const sheet = await sheetOf({ workbook, bytes });
  if (!sheet) throw new OfficetelFileError('the file has no sheet');
  const header = (sheet.getRow(1).values as ExcelJS.CellValue[]).map((c) => cellText(c).trim().toLowerCase());
  const at = Object.fromEntries(OFFICETEL_COLUMNS.map((c) => [c, header.indexOf(c)]));
  const missing = OFFICETEL_COLUMNS.filter((c) => (at[c] ?? -1) < 0);
  if (missing.length > 0) throw new OfficetelFileError(`missing columns: ${missing.join(', ')}`);
  const rows: OfficetelRow[] = [];
  const problems: OfficetelRowProblem[] = [];
  let problemCount = 0;
  for (let line = 2; line <= sheet.rowCount; line++) {
    const values = sheet.getRow(line).values as ExcelJS.CellValue[];
    const raw = Object.fromEntries(OFFICETEL_COLUMNS.map((c) => [c, cellText(values[at[c] ?? 0]).trim()]));
    if (Object.values(raw).every((x) => x === '')) continue;
    const parsed = v.safeParse(rowSchema, raw);
    if (parsed.success) {
      rows.push(parsed.output);
      continue;
    }
    problemCount++;
    const column = String(parsed.issues[0]?.path?.[0]?.key ?? '');
    if (problems.length < OFFICETEL_PROBLEMS_LISTED)
      problems.push({ line, column, value: (raw[column] ?? '').slice(0, 40) });
  }
  if (problemCount > 0) {
    const first = problems[0];
    throw new OfficetelFileError(`line ${first?.line}: ${first?.column} '${first?.value}'`, {
      count: problemCount,
      listed: problems,
    });
  }
  if (rows.length === 0) throw new OfficetelFileError('the file has no rows');
  return rows;
}

/** Spec §9: standard value = per-㎡ price × (exclusive + shared area), rounded. */
export function officetelValue(
  row: Pick<OfficetelPricesTable, 'f_pbprice' | 'f_totarea' | 'f_sharea'>,
): number {
  return Math.round(row.f_pbprice * (row.f_totarea + row.f_sharea));
}
