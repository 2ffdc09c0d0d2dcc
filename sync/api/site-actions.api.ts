import * as v from 'valibot';
import { addSiteMemo, setCompleteSite, setHideSite, setLikeSite } from '../sites/sites.mutators.ts';
import { type Answer, defineCall } from './contract.ts';
import { rowId } from './fields.ts';
import type { siteActionsResponses } from './site-actions.responses.ts';

/**
 * The spec §7 site calls that are also offline operations: the same arguments as the
 * mutation of sync/mutators.ts, the same server code (server/sites/sites.mutators.ts).
 * Online, the site index is bounded like every API id (the offline form keeps the protocol's).
 */
export const setLikeSiteCall = defineCall<Answer<typeof siteActionsResponses, 'setLikeSite'>>()({
  operationId: 'setLikeSite',
  method: 'post',
  path: '/site/setLikeSite',
  summary: setLikeSite.summary,
  tag: 'site',
  input: v.object({ ...setLikeSite.args.entries, site_idx: rowId }),
});

export const addSiteMemoCall = defineCall<Answer<typeof siteActionsResponses, 'addSiteMemo'>>()({
  operationId: 'addSiteMemo',
  method: 'post',
  path: '/site/addSiteMemo',
  summary: addSiteMemo.summary,
  tag: 'site',
  input: v.object({ ...addSiteMemo.args.entries, site_idx: rowId }),
});

export const setCompleteSiteCall = defineCall<Answer<typeof siteActionsResponses, 'setCompleteSite'>>()({
  operationId: 'setCompleteSite',
  method: 'post',
  path: '/site/setCompleteSite',
  summary: setCompleteSite.summary,
  tag: 'site',
  input: v.object({ ...setCompleteSite.args.entries, site_idx: rowId }),
});

export const setHideSiteCall = defineCall<Answer<typeof siteActionsResponses, 'setHideSite'>>()({
  operationId: 'setHideSite',
  method: 'post',
  path: '/site/setHideSite',
  summary: setHideSite.summary,
  tag: 'site',
  input: v.object({ ...setHideSite.args.entries, site_idx: rowId }),
});
