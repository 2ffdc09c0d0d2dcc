import { AdminTab } from '../../sync/admin-tabs.ts';
import {
  expandGeneralSiteExpireDaysCall,
  findSiteByStatusCall,
  removeSiteCall,
  removeSiteForeverCall,
  restoreAndHiddenSiteCall,
  updateGeneralSiteCall,
} from '../../sync/api/site-visibility.api.ts';
import { inTransaction } from '../http/context.ts';
import { defineOperation } from '../http/operation.ts';
import { visibilityMessages } from './detail.messages.ts';
import {
  extendGeneralSite,
  findSitesByState,
  removeSite,
  removeSiteForever,
  restoreSite,
  updateAllGeneralSites,
} from './visibility.service.ts';

const siteTab = { kind: 'admin', tab: AdminTab.site } as const;

export const siteVisibilityOperations = [
  defineOperation(expandGeneralSiteExpireDaysCall, {
    access: { kind: 'member', write: true },
    successMessage: visibilityMessages.extended,
    handler: ({ input, ctx }) =>
      inTransaction(ctx, (t) => extendGeneralSite({ ctx: t, siteIdx: input.site_idx })),
  }),
  defineOperation(updateGeneralSiteCall, {
    access: { kind: 'member', write: true },
    successMessage: visibilityMessages.updatedAll,
    handler: ({ input, ctx }) =>
      inTransaction(ctx, (t) => updateAllGeneralSites({ ctx: t, groupIdx: input.group_idx })),
  }),
  defineOperation(removeSiteCall, {
    access: { kind: 'member', write: true },
    successMessage: visibilityMessages.deleted,
    handler: ({ input, ctx }) => inTransaction(ctx, (t) => removeSite({ ctx: t, siteIdx: input.site_idx })),
  }),
  defineOperation(removeSiteForeverCall, {
    access: siteTab,
    successMessage: visibilityMessages.deletedForever,
    handler: ({ input, ctx }) =>
      inTransaction(ctx, (t) => removeSiteForever({ ctx: t, siteIdx: input.site_idx })),
  }),
  defineOperation(restoreAndHiddenSiteCall, {
    access: siteTab,
    successMessage: (out) =>
      out.hidden === 'Y' ? visibilityMessages.restoredHidden : visibilityMessages.restored,
    handler: ({ input, ctx }) =>
      inTransaction(ctx, (t) => restoreSite({ ctx: t, siteIdx: input.site_idx, hidden: input.hidden })),
  }),
  defineOperation(findSiteByStatusCall, {
    access: siteTab,
    handler: ({ input, ctx }) =>
      findSitesByState({ ctx, type: input.type, date: input.date, page: input.page_num }),
  }),
];
