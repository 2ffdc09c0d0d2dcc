/**
 * What an uploaded officetel price file is, read from its first bytes rather than its name
 * (a renamed file or a browser's guessed type says nothing). The admin screen checks it before
 * uploading and the server again before reading: one rule for both.
 */
export type OfficetelFileKind = 'xlsx' | 'csv' | 'xls' | 'binary';

export function officetelFileKind(bytes: Uint8Array): OfficetelFileKind {
  // An XLSX workbook is a ZIP archive: "PK\x03\x04".
  if (bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04) return 'xlsx';
  // The old Excel format (OLE compound file), which is not read: saved again as XLSX or CSV it is.
  if (bytes[0] === 0xd0 && bytes[1] === 0xcf && bytes[2] === 0x11 && bytes[3] === 0xe0) return 'xls';
  // Text (UTF-8 or the EUC-KR public files often use) never holds a NUL byte; pictures, PDFs and archives do.
  const head = bytes.subarray(0, 4096);
  return head.length > 0 && !head.includes(0) ? 'csv' : 'binary';
}

/** A row of the file that cannot be imported: its line (1 is the header), column and value. */
export interface OfficetelRowProblem {
  line: number;
  column: string;
  value: string;
}

/** Rows listed in a refusal; the count covers them all. */
export const OFFICETEL_PROBLEMS_LISTED = 50;
