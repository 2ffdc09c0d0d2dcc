import { reportHoCall, reportSiteCall } from '../../sync/api/reports.api.ts';
import { applied, defineServerMutator } from '../http/mutation.ts';
import { reportMessages } from './reports.messages.ts';
import { report } from './reports.service.ts';

/**
 * The server effect of the report operations that may run offline (sync/reports/reports.mutators.ts)
 * and the spec §7 calls that run them online: the same checks and the same -11 either way.
 */

/** Reporting writes: a write-limited (WL) member may not. */
const writer = { kind: 'member', write: true } as const;

export const reportMutators = {
  reportSite: defineServerMutator('reportSite', {
    access: writer,
    rpc: [{ call: reportSiteCall, successMessage: reportMessages.reported }],
    effect: async ({ ctx, args }) => applied(await report({ ctx, args })),
  }),
  reportHo_app: defineServerMutator('reportHo_app', {
    access: writer,
    rpc: [{ call: reportHoCall, successMessage: reportMessages.reported }],
    effect: async ({ ctx, args }) => applied(await report({ ctx, args })),
  }),
};
