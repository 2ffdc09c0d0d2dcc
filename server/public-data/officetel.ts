import { Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import * as v from 'valibot';
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
  constructor(readonly problem: string) {
    super(problem);
  }
}

async function readXlsx({ workbook, bytes }: { workbook: ExcelJS.Workbook; bytes: Uint8Array }) {
  await workbook.xlsx.load(Buffer.from(bytes) as unknown as ArrayBuffer);
  return workbook.worksheets[0];
}

/** The rows of an officetel price file (CSV or XLSX), or the first problem with its line. */
export async function readOfficetelFile({
  bytes,
  fileName,
}: {
  bytes: Uint8Array;
  fileName: string;
}): Promise<OfficetelRow[]> {
  const workbook = new ExcelJS.Workbook();
  const sheet = /\.xlsx$/i.test(fileName)
    ? await readXlsx({ workbook, bytes })
    : // Every cell as written: exceljs would read a 19-digit PNU as a number and lose its last digits.
      await workbook.csv.read(
        Readable.from(
          Buffer.from(bytes)
            .toString('utf8')
            .replace(/^\uFEFF/, ''),
        ),
        {
          map: (value: string) => value,
        },
      );
  if (!sheet) throw new OfficetelFileError('the file has no sheet');
  const header = (sheet.getRow(1).values as ExcelJS.CellValue[]).map((c) => cellText(c).trim().toLowerCase());
  const at = Object.fromEntries(OFFICETEL_COLUMNS.map((c) => [c, header.indexOf(c)]));
  const missing = OFFICETEL_COLUMNS.filter((c) => (at[c] ?? -1) < 0);
  if (missing.length > 0) throw new OfficetelFileError(`missing columns: ${missing.join(', ')}`);
  const rows: OfficetelRow[] = [];
  for (let line = 2; line <= sheet.rowCount; line++) {
    const values = sheet.getRow(line).values as ExcelJS.CellValue[];
    const raw = Object.fromEntries(OFFICETEL_COLUMNS.map((c) => [c, cellText(values[at[c] ?? 0]).trim()]));
    if (Object.values(raw).every((x) => x === '')) continue;
    const parsed = v.safeParse(rowSchema, raw);
    if (!parsed.success) {
      const issue = parsed.issues[0];
      throw new OfficetelFileError(
        `line ${line}: ${issue?.path?.[0]?.key as string} ${issue?.message ?? ''}`,
      );
    }
    rows.push(parsed.output);
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
