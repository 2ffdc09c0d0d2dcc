import { findAddressCall } from '../../sync/api/address.api.ts';
import { defineOperation } from '../http/operation.ts';

export const addressOperations = [
  defineOperation(findAddressCall, {
    access: { kind: 'member' },
    handler: async ({ input, ctx }) => {
      try {
        return { list: await ctx.adapters.address.search(input.query) };
      } catch (err) {
        // The provider being down must not break registration: say nothing was found, log why.
        ctx.logger.warn({ reqId: ctx.requestId, err }, 'address search failed');
        return { list: [] };
      }
    },
  }),
];
