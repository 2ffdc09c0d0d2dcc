import { PassThrough, Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import { type UserTableType, XLSX_TYPE } from '../../sync/api/admin-export.api.ts';
import { seoulDate } from '../clock.ts';
import type { AuthedContext } from '../http/context.ts';
import { FileAnswer } from '../http/file-answer.ts';
import { EXPORT_CHUNK } from './admin-export.repository.ts';
import { type Sheet, userTableSheets } from './admin-export.sheets.ts';
import { insertAudit } from './members.repository.ts';

const TIME_FORMAT = 'yyyy-mm-dd hh:mm:ss';

/** Waits until the reader has taken what was written, or has gone away. */
function roomIn(out: PassThrough): Promise<void> {
  if (out.destroyed) return Promise.resolve();
  if (!out.writableNeedDrain) return new Promise((resolve) => setImmediate(resolve));
  return new Promise((resolve) => {
    out.once('drain', resolve);
    out.once('close', resolve);
  });
}

async function writeSheet<R>({
  sheet,
  db,
  out,
}: {
  sheet: Sheet<R>;
  db: AuthedContext['db'];
  out: PassThrough;
}) {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: out,
    useStyles: true,
    useSharedStrings: false,
  });
  const worksheet = workbook.addWorksheet(sheet.name, { views: [{ state: 'frozen', ySplit: 1 }] });
  worksheet.columns = sheet.columns.map((c) => ({
    width: c.width,
    ...(c.time ? { style: { numFmt: TIME_FORMAT } } : {}),
  }));
  const head = worksheet.addRow(sheet.columns.map((c) => c.header));
  head.font = { bold: true };
  head.commit();
  let after = 0;
  for (;;) {
    const rows = await sheet.chunk({ db, after });
    for (const row of rows) worksheet.addRow(sheet.columns.map((c) => c.value(row))).commit();
    const last = rows.at(-1);
    if (!last || rows.length < EXPORT_CHUNK || out.destroyed) break;
    after = sheet.key(last);
    await roomIn(out);
  }
  worksheet.commit();
  await workbook.commit();
}

/**
 * Spec §7 downloadUserTable: one table as an .xlsx, streamed while it is read. The export of
 * members' personal data is audit-logged before the first byte.
 */
export async function userTableWorkbook({ ctx, type }: { ctx: AuthedContext; type: UserTableType }) {
  const sheet = userTableSheets[type] as Sheet<unknown>;
  const now = ctx.clock.now();
  await insertAudit({
    db: ctx.db,
    adminIdx: ctx.auth.user.f_idx,
    action: 'user_table_exported',
    targetIdx: null,
    detail: { type },
    ip: ctx.ip,
    now,
  });
  const out = new PassThrough();
  writeSheet({ sheet, db: ctx.db, out }).catch((err: unknown) => {
    ctx.logger.error({ reqId: ctx.requestId, err, type }, 'user table export failed');
    out.destroy(err instanceof Error ? err : new Error(String(err)));
  });
  return new FileAnswer({
    fileName: `bunyangtalk-${sheet.fileStem}-${seoulDate(now).replaceAll('-', '')}.xlsx`,
    contentType: XLSX_TYPE,
    body: Readable.toWeb(out) as ReadableStream<Uint8Array>,
  });
}
