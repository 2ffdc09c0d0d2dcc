import {
  addUnregisteredSiteCall,
  checkTemporarySaveCall,
  getRegistrationGroupsCall,
  getSiteRegistrationCall,
  getUnregisteredSiteCall,
  removeTemporarySaveCall,
} from '../../sync/api/registration.api.ts';
import { defineOperation } from '../http/operation.ts';
import { registrationMessages } from './registration.messages.ts';
import {
  checkTemporarySave,
  getSiteRegistration,
  registrationGroups,
  removeTemporarySave,
} from './registration.service.ts';
import { addUnregisteredSite, getUnregisteredSite } from './unregistered.service.ts';

/**
 * Spec §7 site registration look-ups and the unregistered-site report. The saves (addSite,
 * updateSite, addSite_app, updateSite_app) are the online forms of the offline operations
 * saveSiteDraft and saveSite: server/sites/sites.mutators.ts.
 */
export const registrationOperations = [
  defineOperation(checkTemporarySaveCall, {
    access: { kind: 'member' },
    handler: ({ input, ctx }) => checkTemporarySave({ ctx, kind: input.site_type }),
  }),
  defineOperation(removeTemporarySaveCall, {
    access: { kind: 'member', write: true },
    handler: ({ input, ctx }) => removeTemporarySave({ ctx, kind: input.site_type }),
  }),
  defineOperation(getSiteRegistrationCall, {
    access: { kind: 'member' },
    handler: ({ input, ctx }) => getSiteRegistration({ ctx, siteIdx: input.site_idx }),
  }),
  defineOperation(getRegistrationGroupsCall, {
    access: { kind: 'member' },
    handler: ({ ctx }) => registrationGroups({ ctx }),
  }),
  defineOperation(addUnregisteredSiteCall, {
    access: { kind: 'member', write: true },
    successMessage: registrationMessages.reported,
    handler: ({ input, ctx }) => addUnregisteredSite({ ctx, report: input }),
  }),
  defineOperation(getUnregisteredSiteCall, {
    access: { kind: 'member' },
    handler: ({ input, ctx }) => getUnregisteredSite({ ctx, siteIdx: input.site_idx }),
  }),
];
