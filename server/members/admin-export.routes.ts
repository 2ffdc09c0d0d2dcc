import { AdminTab } from '../../sync/admin-tabs.ts';
import { downloadUserTableCall } from '../../sync/api/admin-export.api.ts';
import { defineOperation } from '../http/operation.ts';
import { userTableWorkbook } from './admin-export.ts';

export const adminExportOperations = [
  defineOperation(downloadUserTableCall, {
    access: { kind: 'admin', tab: AdminTab.db },
    handler: ({ input, ctx }) => userTableWorkbook({ ctx, type: input.type }),
  }),
];
