import {
  addSiteAppCall,
  addSiteCall,
  addUnregisteredSiteCall,
  checkTemporarySaveCall,
  getRegistrationGroupsCall,
  getSiteRegistrationCall,
  getUnregisteredSiteCall,
  removeTemporarySaveCall,
  type SaveSiteResult,
  updateSiteAppCall,
  updateSiteCall,
} from '../../sync/api/registration.api.ts';
import { defineOperation } from '../http/operation.ts';
import { runRpc } from '../sync/sync.service.ts';
import { registrationMessages } from './registration.messages.ts';
import {
  checkTemporarySave,
  getSiteRegistration,
  registrationGroups,
  removeTemporarySave,
} from './registration.service.ts';
import { addUnregisteredSite, getUnregisteredSite } from './unregistered.service.ts';

/** Spec §7 site registration calls. The saves run the offline operations' server code (runRpc). */
export const registrationOperations = [
  defineOperation(addSiteCall, {
    access: { kind: 'member', write: true },
    successMessage: registrationMessages.temporarySaved,
    handler: async ({ input, ctx }) =>
      (await runRpc({ ctx, name: 'saveSiteDraft', args: input })) as { site_idx: number },
  }),
  defineOperation(updateSiteCall, {
    access: { kind: 'member', write: true },
    successMessage: registrationMessages.temporarySaved,
    handler: async ({ input, ctx }) =>
      (await runRpc({ ctx, name: 'saveSiteDraft', args: input })) as { site_idx: number },
  }),
  defineOperation(addSiteAppCall, {
    access: { kind: 'member', write: true },
    successMessage: registrationMessages.saved,
    handler: async ({ input, ctx }) =>
      (await runRpc({ ctx, name: 'saveSite', args: input })) as SaveSiteResult,
  }),
  defineOperation(updateSiteAppCall, {
    access: { kind: 'member', write: true },
    successMessage: registrationMessages.saved,
    handler: async ({ input, ctx }) =>
      (await runRpc({ ctx, name: 'saveSite', args: input })) as SaveSiteResult,
  }),
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
