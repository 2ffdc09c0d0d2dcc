import * as v from 'valibot';
import { addSiteMemo, setCompleteSite, setHideSite, setLikeSite } from '../sites/sites.mutators.ts';
import { defineCall } from './contract.ts';
import { rowId } from './fields.ts';

/**
 * The spec §7 site calls that are also offline operations: the same arguments as the
 * mutation of sync/mutators.ts, the same server code (server/sites/sites.mutators.ts).
 * Online, the site index is bounded like every API id (the offline form keeps the protocol's).
 */
export const setLikeSiteCall = defineCall<{ site_idx: number; like_status: 'Y' | 'N' }>()({
  operationId: 'setLikeSite',
  method: 'post',
  path: '/site/setLikeSite',
  summary: setLikeSite.summary,
  tag: 'site',
  input: v.object({ ...setLikeSite.args.entries, site_idx: rowId }),
});

export const addSiteMemoCall = defineCall<{ site_idx: number }>()({
  operationId: 'addSiteMemo',
  method: 'post',
  path: '/site/addSiteMemo',
  summary: addSiteMemo.summary,
  tag: 'site',
  input: v.object({ ...addSiteMemo.args.entries, site_idx: rowId }),
});

export const setCompleteSiteCall = defineCall<{ site_idx: number; complete_status: 'Y' | 'N' }>()({
  operationId: 'setCompleteSite',
  method: 'post',
  path: '/site/setCompleteSite',
  summary: setCompleteSite.summary,
  tag: 'site',
  input: v.object({ ...setCompleteSite.args.entries, site_idx: rowId }),
});

export const setHideSiteCall = defineCall<{ site_idx: number; hidden_status: 'Y' | 'N' }>()({
  operationId: 'setHideSite',
  method: 'post',
  path: '/site/setHideSite',
  summary: setHideSite.summary,
  tag: 'site',
  input: v.object({ ...setHideSite.args.entries, site_idx: rowId }),
});
