import { AdminTab } from '../../sync/admin-tabs.ts';
import {
  findTransferMemberCall,
  getSiteTransfersCall,
  transferSiteCall,
} from '../../sync/api/transfer.api.ts';
import { inTransaction } from '../http/context.ts';
import { defineOperation } from '../http/operation.ts';
import { transferMessages } from './transfer.messages.ts';
import { findTransferMember, siteTransfers, transferSite } from './transfer.service.ts';

/** Spec §4/§5 Transfer: online only. Rules in transfer.service.ts. */
export const transferOperations = [
  defineOperation(findTransferMemberCall, {
    access: { kind: 'member' },
    handler: ({ input, ctx }) =>
      inTransaction(ctx, async (t) =>
        findTransferMember({ ctx: t, phone: input.phone, superAdminPhone: ctx.config.superAdminPhone }),
      ),
  }),
  defineOperation(transferSiteCall, {
    access: { kind: 'member', write: true },
    successMessage: transferMessages.transferred,
    handler: ({ input, ctx }) =>
      inTransaction(ctx, async (t) =>
        transferSite({
          ctx: t,
          siteIdx: input.site_idx,
          destIdx: input.dest_member_idx,
          superAdminPhone: ctx.config.superAdminPhone,
        }),
      ),
  }),
  // The site tab is open to every admin (sync/admin-tabs.ts): every admin sees a site's transfers.
  defineOperation(getSiteTransfersCall, {
    access: { kind: 'admin', tab: AdminTab.site },
    handler: ({ input, ctx }) =>
      inTransaction(ctx, (t) => siteTransfers({ ctx: t, siteIdx: input.site_idx, page: input.page_num })),
  }),
];
