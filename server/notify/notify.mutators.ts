import { addNotifyCall, removeNotifyCall, setReadCall, updateNotifyCall } from '../../sync/api/notify.api.ts';
import { fillMessage } from '../http/messages.ts';
import { applied, defineServerMutator } from '../http/mutation.ts';
import { notifyMessages } from './notify.messages.ts';
import { removeNotify, setRead, writeNotify } from './notify.service.ts';
import { editNotify } from './notify-edits.ts';

/**
 * The server effect of the notification operations that may run offline
 * (sync/notify/notify.mutators.ts) and the spec §7 calls that run them online. Writing needs a valid
 * usage ticket (spec §6 "notify send") and is writing (a WL member may not); checked when the
 * operation arrives, so one queued while the ticket was valid is refused if it lapsed meanwhile.
 * Editing is writing too and needs no ticket (as online); deleting needs an approved member.
 */
export const notifyMutators = {
  addNotify: defineServerMutator('addNotify', {
    access: { kind: 'member', write: true, ticket: true },
    rpc: [
      {
        call: addNotifyCall,
        // The one toast of a send says how many members it reached (the form adds none of its own).
        successMessage: (sent: { recipients: number }) =>
          fillMessage({ message: notifyMessages.sent, params: { count: sent.recipients } }),
      },
    ],
    effect: async ({ ctx, args }) => {
      const { answer } = await writeNotify({ ctx, args });
      // Web Push: `sent` of the outcome names the recipients and whether push is on (send.ts).
      return applied(answer);
    },
  }),
  updateNotify: defineServerMutator('updateNotify', {
    access: { kind: 'member', write: true },
    rpc: [{ call: updateNotifyCall, successMessage: notifyMessages.saved }],
    effect: ({ ctx, args }) => editNotify({ ctx, args }),
  }),
  removeNotify: defineServerMutator('removeNotify', {
    access: { kind: 'member' },
    rpc: [{ call: removeNotifyCall, successMessage: notifyMessages.deleted }],
    effect: async ({ ctx, args }) => applied(await removeNotify({ ctx, idxList: args.idx_list })),
  }),
  setRead: defineServerMutator('setRead', {
    access: { kind: 'member' },
    rpc: [{ call: setReadCall }],
    effect: async ({ ctx, args }) => applied(await setRead({ ctx, notifyIdx: args.notify_idx })),
  }),
};
