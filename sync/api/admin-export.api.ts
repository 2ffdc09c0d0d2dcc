import * as v from 'valibot';
import type { adminExportResponses } from './admin-export.responses.ts';
import { type Answer, defineCall } from './contract.ts';

/** The tables an admin of the db tab can download (spec §7 downloadUserTable {type}). */
export const userTableTypes = ['members', 'point_log', 'login_log'] as const;
export type UserTableType = (typeof userTableTypes)[number];

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** Answers the workbook itself (not the envelope); its name is in Content-Disposition. */
export const downloadUserTableCall = defineCall<Answer<typeof adminExportResponses, 'downloadUserTable'>>()({
  operationId: 'downloadUserTable',
  method: 'post',
  path: '/admin/downloadUserTable',
  summary:
    'One table as an .xlsx workbook (members, point log, login log), Korean headers, phones formatted, Seoul times',
  tag: 'admin',
  input: v.object({ type: v.picklist(userTableTypes, 'type must be members, point_log or login_log') }),
  download: { contentType: XLSX_TYPE },
});
