import { AdminTab } from '../../sync/admin-tabs.ts';
import {
  addInquireCall,
  getInquireDetailCall,
  getInquireListCall,
  removeInquireCall,
  sendInquireAnswerCall,
  updateInquireCall,
} from '../../sync/api/inquiries.api.ts';
import { inTransaction } from '../http/context.ts';
import { defineOperation } from '../http/operation.ts';
import { inquiryMessages } from './inquiries.messages.ts';
import {
  addInquiry,
  answerInquiry,
  callerOf,
  inquiryDetail,
  inquiryList,
  removeInquiries,
  updateInquiry,
} from './inquiries.service.ts';

/**
 * Spec §7 inquire calls. Reading is public (the /Inquire route is): a visitor reads what is not
 * secret. Writing needs a signed-in account (one under review may ask too: inquiries are how an
 * applicant reaches the admins); answering needs the write tab (community/moderation.ts).
 */
const signedIn = { kind: 'session' } as const;

export const inquiryOperations = [
  defineOperation(getInquireListCall, {
    access: { kind: 'public' },
    handler: async ({ input, ctx }) => inquiryList({ db: ctx.db, auth: await callerOf(ctx), input }),
  }),
  defineOperation(getInquireDetailCall, {
    access: { kind: 'public' },
    handler: async ({ input, ctx }) =>
      inquiryDetail({ db: ctx.db, auth: await callerOf(ctx), inquiryIdx: input.inquire_idx }),
  }),
  defineOperation(addInquireCall, {
    access: signedIn,
    successMessage: inquiryMessages.saved,
    handler: ({ input, ctx }) => inTransaction(ctx, (t) => addInquiry({ ctx: t, fields: input })),
  }),
  defineOperation(updateInquireCall, {
    access: signedIn,
    successMessage: inquiryMessages.saved,
    handler: ({ input: { inquire_idx, ...fields }, ctx }) =>
      inTransaction(ctx, (t) => updateInquiry({ ctx: t, inquiryIdx: inquire_idx, fields })),
  }),
  defineOperation(sendInquireAnswerCall, {
    access: { kind: 'admin', tab: AdminTab.write },
    successMessage: inquiryMessages.answered,
    handler: ({ input, ctx }) =>
      inTransaction(ctx, (t) =>
        answerInquiry({ ctx: t, inquiryIdx: input.inquire_idx, answer: input.answer }),
      ),
  }),
  defineOperation(removeInquireCall, {
    access: signedIn,
    successMessage: inquiryMessages.deleted,
    handler: ({ input, ctx }) =>
      inTransaction(ctx, (t) => removeInquiries({ ctx: t, idxList: input.idx_list })),
  }),
];
