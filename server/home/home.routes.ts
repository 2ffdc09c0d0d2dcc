import { AdminTab } from '../../sync/admin-tabs.ts';
import { getHomeDataCall } from '../../sync/api/home.api.ts';
import {
  getHomeSettingCall,
  updateAdsConnectCall,
  updateAdsImageCall,
  updateAdsPeriodCall,
  updateAppInfoCall,
  updateHomeSettingCall,
} from '../../sync/api/home-admin.api.ts';
import { interestSiteListCall } from '../../sync/api/monthly.api.ts';
import { inTransaction } from '../http/context.ts';
import { defineOperation } from '../http/operation.ts';
import { homeMessages } from './home.messages.ts';
import { homeData, interestSiteList } from './home.service.ts';
import { changeAd, changeAppSetting, changeHomeSetting, homeSettingForAdmin } from './home-admin.service.ts';

const adsTab = { kind: 'admin', tab: AdminTab.ads } as const;

export const homeOperations = [
  defineOperation(getHomeDataCall, {
    access: { kind: 'session' },
    handler: ({ ctx }) => homeData({ ctx }),
  }),
  defineOperation(interestSiteListCall, {
    access: { kind: 'member' },
    handler: ({ input, ctx }) =>
      interestSiteList({ ctx, type: input.type, month: input.date, page: input.page_num }),
  }),
  // The info tab: which settings need the lock is the setting's own rule (sync/home/app-settings.ts).
  defineOperation(updateAppInfoCall, {
    access: { kind: 'admin', tab: AdminTab.info },
    successMessage: homeMessages.settingSaved,
    handler: ({ input, ctx }) =>
      inTransaction(ctx, (t) =>
        changeAppSetting({ ctx: t, ip: ctx.ip, name: input.param_name, value: input.value }),
      ),
  }),
  defineOperation(getHomeSettingCall, {
    access: adsTab,
    handler: ({ ctx }) => homeSettingForAdmin({ db: ctx.db, now: ctx.clock.now() }),
  }),
  defineOperation(updateHomeSettingCall, {
    access: adsTab,
    successMessage: homeMessages.settingSaved,
    handler: ({ input, ctx }) =>
      inTransaction(ctx, (t) =>
        changeHomeSetting({
          ctx: t,
          ip: ctx.ip,
          contentType: input.home_content_type,
          content: input.home_content,
          linkType: input.home_link_type,
          linkData: input.home_link_data,
        }),
      ),
  }),
  defineOperation(updateAdsImageCall, {
    access: adsTab,
    successMessage: homeMessages.settingSaved,
    handler: ({ input, ctx }) =>
      inTransaction(ctx, (t) =>
        changeAd({ ctx: t, ip: ctx.ip, slot: input.ads_idx, change: { image_url: input.image_url } }),
      ),
  }),
  defineOperation(updateAdsPeriodCall, {
    access: adsTab,
    successMessage: homeMessages.settingSaved,
    handler: ({ input, ctx }) =>
      inTransaction(ctx, (t) =>
        changeAd({ ctx: t, ip: ctx.ip, slot: input.ads_idx, change: { period: input.period } }),
      ),
  }),
  defineOperation(updateAdsConnectCall, {
    access: adsTab,
    successMessage: homeMessages.settingSaved,
    handler: ({ input, ctx }) =>
      inTransaction(ctx, (t) =>
        changeAd({
          ctx: t,
          ip: ctx.ip,
          slot: input.ads_idx,
          change: { connect_type: input.connect_type, connect_value: input.connect_value },
        }),
      ),
  }),
];
