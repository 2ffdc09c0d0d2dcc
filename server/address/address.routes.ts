import { findAddressByPointCall, findAddressCall, findPostcodeCall } from '../../sync/api/address.api.ts';
import type { RequestContext } from '../http/context.ts';
import { defineOperation } from '../http/operation.ts';

/** The provider being down must not break registration: say nothing was found, log why. */
async function orNothing<T>({
  ctx,
  what,
  run,
  nothing,
}: {
  ctx: Pick<RequestContext, 'logger' | 'requestId'>;
  what: string;
  run: () => Promise<T>;
  nothing: T;
}): Promise<T> {
  try {
    return await run();
  } catch (err) {
    ctx.logger.warn({ reqId: ctx.requestId, err }, `${what} failed`);
    return nothing;
  }
}

export const addressOperations = [
  defineOperation(findAddressCall, {
    access: { kind: 'member' },
    handler: async ({ input, ctx }) => {
      const provider = ctx.adapters.address;
      return {
        list: await orNothing({
          ctx,
          what: 'address search',
          run: () => provider.search(input.query),
          nothing: [],
        }),
        source: provider.source,
      };
    },
  }),
  defineOperation(findPostcodeCall, {
    access: { kind: 'member' },
    handler: async ({ input, ctx }) => {
      const provider = ctx.adapters.address;
      const page = await orNothing({
        ctx,
        what: 'postcode search',
        run: () => provider.searchPostcode({ query: input.query, page: input.page_num }),
        nothing: { list: [], total: 0, has_more: false },
      });
      return { ...page, page_num: input.page_num, source: provider.source };
    },
  }),
  defineOperation(findAddressByPointCall, {
    access: { kind: 'member' },
    handler: async ({ input, ctx }) => {
      const provider = ctx.adapters.address;
      const address = await orNothing({
        ctx,
        what: 'address look-up by point',
        run: () => provider.reverse({ lat: input.lat, lng: input.lng }),
        nothing: null,
      });
      return { address, source: provider.source };
    },
  }),
];
