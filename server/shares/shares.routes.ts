import { createSiteShareCall, getSiteShareListCall, revokeSiteShareCall } from '../../sync/api/shares.api.ts';
import { inTransaction } from '../http/context.ts';
import { defineOperation } from '../http/operation.ts';
import { shareMessages } from './shares.messages.ts';
import { createSiteShare, revokeSiteShare, siteShareList } from './shares.service.ts';

/** Sharing a site with a customer (issue 32): online only. Rules in shares.service.ts. */
export const shareOperations = [
  // Making a public page with the member's name on it is writing: a write-limited member may not.
  defineOperation(createSiteShareCall, {
    // No success message: the popup says what became of the link (sent, or copied).
    access: { kind: 'member', write: true },
    handler: ({ input, ctx }) =>
      inTransaction(ctx, (t) =>
        createSiteShare({ ctx: t, siteIdx: input.site_idx, publicUrl: ctx.config.publicUrl }),
      ),
  }),
  defineOperation(getSiteShareListCall, {
    access: { kind: 'member' },
    handler: ({ input, ctx }) =>
      inTransaction(ctx, (t) =>
        siteShareList({
          ctx: t,
          siteIdx: input.site_idx,
          page: input.page_num,
          publicUrl: ctx.config.publicUrl,
        }),
      ),
  }),
  // Stopping a link only ever takes something off the web: a write-limited member may.
  defineOperation(revokeSiteShareCall, {
    access: { kind: 'member' },
    successMessage: shareMessages.revoked,
    handler: ({ input, ctx }) =>
      inTransaction(ctx, (t) => revokeSiteShare({ ctx: t, shareIdx: input.share_idx })),
  }),
];
