import {
  getLikeSiteListCall,
  getMySiteListCall,
  getRecentViewSiteListCall,
  getSiteOfGroupCall,
} from '../../sync/api/site-lists.api.ts';
import { defineOperation } from '../http/operation.ts';
import { groupSites, likedSites, mySites, recentSites } from './lists.service.ts';

export const siteListOperations = [
  defineOperation(getMySiteListCall, {
    access: { kind: 'member' },
    handler: ({ input, ctx }) =>
      mySites({
        ctx,
        siteType: input.site_type,
        page: input.page_num,
        keyword: input.search_key,
        onlyNearExpireCount: input.only_near_expire_sales_count === 'Y',
      }),
  }),
  defineOperation(getRecentViewSiteListCall, {
    access: { kind: 'member' },
    handler: ({ input, ctx }) => recentSites({ ctx, page: input.page_num }),
  }),
  defineOperation(getLikeSiteListCall, {
    access: { kind: 'member' },
    handler: ({ input, ctx }) => likedSites({ ctx, page: input.page_num }),
  }),
  defineOperation(getSiteOfGroupCall, {
    access: { kind: 'member' },
    handler: ({ input, ctx }) =>
      groupSites({
        ctx,
        groupIdx: input.group_idx,
        keyword: input.search_key,
        onlyNewOpen: input.is_only_new_open_site === 'Y',
        page: input.page_num,
      }),
  }),
];
