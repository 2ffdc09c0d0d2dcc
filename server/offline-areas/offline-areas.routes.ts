import {
  boxOf,
  getOfflineAreaListCall,
  getOfflineAreaSitesCall,
  getOfflineViewEstimateCall,
} from '../../sync/api/offline-areas.api.ts';
import { defineOperation } from '../http/operation.ts';
import { offlineAreaOptions, offlineAreaSites, offlineViewEstimate } from './offline-areas.service.ts';

/** An offline area is the map search taken along: the same ticket as the map search (spec §6). */
const mapMember = { kind: 'member', ticket: true } as const;

export const offlineAreaOperations = [
  defineOperation(getOfflineAreaListCall, {
    access: mapMember,
    handler: async ({ ctx }) => ({ list: await offlineAreaOptions({ db: ctx.db }) }),
  }),
  defineOperation(getOfflineAreaSitesCall, {
    access: mapMember,
    handler: ({ input, ctx }) =>
      offlineAreaSites({
        db: ctx.db,
        areaIdx: input.area_idx,
        box: boxOf(input),
        afterIdx: input.after_idx,
      }),
  }),
  defineOperation(getOfflineViewEstimateCall, {
    access: mapMember,
    handler: ({ input, ctx }) => offlineViewEstimate({ db: ctx.db, box: input }),
  }),
];
