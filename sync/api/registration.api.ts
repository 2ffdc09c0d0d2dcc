import * as v from 'valibot';
import { type RegistrationFields, unregisteredReportSchema } from '../sites/registration.ts';
import { documentedRequired } from '../sites/rules.ts';
import { saveSite, saveSiteDraft } from '../sites/sites.mutators.ts';
import { type Answer, defineCall } from './contract.ts';
import { rowId } from './fields.ts';
import type { registrationResponses, saveSiteResult } from './registration.responses.ts';

/**
 * Site registration calls of spec §7. The temporary and final saves are offline operations
 * (sync/mutators.ts saveSiteDraft and saveSite); these are their plain RPC forms, run by the
 * same server code. The rest are online look-ups around registration.
 */

const registrationKind = v.picklist(['O', 'G'], 'site type must be O or G');
/** Query strings arrive as text. */
const siteTypeQuery = v.object({ site_type: registrationKind });

export type SaveSiteResult = v.InferOutput<typeof saveSiteResult>;

export const addSiteCall = defineCall<Answer<typeof registrationResponses, 'addSite'>>()({
  operationId: 'addSite',
  method: 'post',
  path: '/site/addSite',
  summary: 'Temporary save of a new registration (status P); returns site_idx',
  tag: 'site',
  input: v.object({ ...saveSiteDraft.args.entries, site_idx: v.optional(v.null(), null) }),
});

export const updateSiteCall = defineCall<Answer<typeof registrationResponses, 'updateSite'>>()({
  operationId: 'updateSite',
  method: 'post',
  path: '/site/updateSite',
  summary: 'Temporary save of an existing draft (three-way merge with the server copy)',
  tag: 'site',
  input: v.object({ ...saveSiteDraft.args.entries, site_idx: rowId }),
});

export const addSiteAppCall = defineCall<Answer<typeof registrationResponses, 'addSite_app'>>()({
  operationId: 'addSite_app',
  method: 'post',
  path: '/site/addSite_app',
  summary: 'Final save of a new site (site_idx -1): status N, every rule of spec §5 checked',
  tag: 'site',
  input: v.object({ ...saveSite.args.entries, site_idx: v.optional(v.nullable(v.literal(-1)), -1) }),
  documentedRequired: documentedRequired.newSite,
});

export const updateSiteAppCall = defineCall<Answer<typeof registrationResponses, 'updateSite_app'>>()({
  operationId: 'updateSite_app',
  method: 'post',
  path: '/site/updateSite_app',
  summary:
    'Final save by index: a temporary save becomes registered (N), or a registered site is edited (owner, admin, group member)',
  tag: 'site',
  input: v.object({ ...saveSite.args.entries, site_idx: rowId }),
});

export const checkTemporarySaveCall = defineCall<
  Answer<typeof registrationResponses, 'checkTemporarySave'>
>()({
  operationId: 'checkTemporarySave',
  method: 'get',
  path: '/site/checkTemporarySave',
  summary: "How many temporary saves of a kind the member has, and the latest one's site_idx (-1 for none)",
  tag: 'site',
  input: siteTypeQuery,
});

export const removeTemporarySaveCall = defineCall<
  Answer<typeof registrationResponses, 'removeTemporarySave'>
>()({
  operationId: 'removeTemporarySave',
  method: 'post',
  path: '/site/removeTemporarySave',
  summary: "Removes the member's temporary saves of a kind",
  tag: 'site',
  input: siteTypeQuery,
});

export interface SiteRegistration {
  site_idx: number;
  f_user_idx: number;
  f_status: 'N' | 'P';
  f_temp_step: number;
  /** The version an edit is based on (base_version of saveSite). */
  version: number;
  fields: RegistrationFields;
}

export const getSiteRegistrationCall = defineCall<
  Answer<typeof registrationResponses, 'getSiteRegistration'>
>()({
  operationId: 'getSiteRegistration',
  method: 'get',
  path: '/site/getSiteRegistration',
  summary:
    'A site as the registration form edits it, with building and unit ids (owner, admin, group member)',
  tag: 'site',
  input: v.object({ site_idx: rowId }),
});

export interface RegistrationGroup {
  f_idx: number;
  f_name: string;
}

export const getRegistrationGroupsCall = defineCall<
  Answer<typeof registrationResponses, 'getRegistrationGroups'>
>()({
  operationId: 'getRegistrationGroups',
  method: 'get',
  path: '/site/getRegistrationGroups',
  summary: 'The groups a registration may be shared to: those the member belongs to (spec §5 Group select)',
  tag: 'site',
  input: v.object({}),
});

export const addUnregisteredSiteCall = defineCall<
  Answer<typeof registrationResponses, 'addUnregisteredSite'>
>()({
  operationId: 'addUnregisteredSite',
  method: 'post',
  path: '/site/addUnregisteredSite',
  summary: 'Report an unregistered site (kind U): kept for the managers with f_confirm U',
  tag: 'site',
  input: unregisteredReportSchema,
  documentedRequired: documentedRequired.unregistered,
});

export interface UnregisteredReportView {
  site_idx: number;
  f_user_idx: number;
  f_confirm: string | null;
  f_reg_time: string;
  report: Required<v.InferOutput<typeof unregisteredReportSchema>>;
}

export const getUnregisteredSiteCall = defineCall<
  Answer<typeof registrationResponses, 'getUnregisteredSite'>
>()({
  operationId: 'getUnregisteredSite',
  method: 'get',
  path: '/site/getUnregisteredSite',
  summary: 'A submitted unregistered-site report, read-only (its reporter or an admin)',
  tag: 'site',
  input: v.object({ site_idx: rowId }),
});
