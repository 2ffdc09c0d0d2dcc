import {
  findSiteListByNameCall,
  getMapConfigCall,
  searchSiteForMapCall,
  searchSiteListByPosCall,
} from '../../sync/api/map.api.ts';
import { defineOperation } from '../http/operation.ts';
import { findSiteListByName, searchAtPosition, searchMapJson } from './map.service.ts';

export const mapOperations = [
  // Spec §6: map search needs a valid usage ticket; the access check refuses before the input is read.
  defineOperation(searchSiteForMapCall, {
    access: { kind: 'member', ticket: true },
    handler: ({ input, ctx }) =>
      searchMapJson({
        db: ctx.db,
        userIdx: ctx.auth.user.f_idx,
        query: input,
        maxEntries: ctx.config.mapCacheEntries,
      }),
  }),
  defineOperation(searchSiteListByPosCall, {
    access: { kind: 'member', ticket: true },
    handler: ({ input, ctx }) => searchAtPosition({ db: ctx.db, userIdx: ctx.auth.user.f_idx, ...input }),
  }),
  // Used by the site report and site pickers, which spec §6 does not put behind the ticket.
  defineOperation(findSiteListByNameCall, {
    access: { kind: 'member' },
    handler: ({ input, ctx }) => findSiteListByName({ db: ctx.db, userIdx: ctx.auth.user.f_idx, input }),
  }),
  defineOperation(getMapConfigCall, {
    access: { kind: 'session' },
    handler: ({ ctx }) => ({ vworld_key: ctx.config.vworldKey }),
  }),
];
