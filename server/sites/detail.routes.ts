import { getSiteDetailCall, setCompleteHouseCall } from '../../sync/api/site-detail.api.ts';
import { inTransaction } from '../http/context.ts';
import { defineOperation } from '../http/operation.ts';
import { siteMessages } from './detail.messages.ts';
import { getSiteDetail, setCompleteHouse } from './detail.service.ts';

export const siteDetailOperations = [
  defineOperation(getSiteDetailCall, {
    access: { kind: 'member' },
    handler: ({ input, ctx }) =>
      inTransaction(ctx, (t) =>
        getSiteDetail({
          ctx: t,
          siteIdx: input.site_idx,
          logView: input.skip_log_recent_view !== 'Y' && input.save !== 'N',
        }),
      ),
  }),
  defineOperation(setCompleteHouseCall, {
    access: { kind: 'member', write: true },
    successMessage: siteMessages.completeSaved,
    handler: ({ input, ctx }) =>
      inTransaction(ctx, (t) =>
        setCompleteHouse({ ctx: t, siteIdx: input.site_idx, completed: input.ho_idx_list }),
      ),
  }),
];
