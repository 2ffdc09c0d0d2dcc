import {
  addSiteMemoCall,
  setCompleteSiteCall,
  setHideSiteCall,
  setLikeSiteCall,
} from '../../sync/api/site-actions.api.ts';
import { pullCall, pushCall } from '../../sync/api/sync.api.ts';
import { currentRequest, type PullRequest, type PushRequest } from '../../sync/protocol.ts';
import { defineOperation } from '../http/operation.ts';
import { protocolOutdated, pull, push, runRpc } from './sync.service.ts';

export const syncOperations = [
  defineOperation(pushCall, {
    access: { kind: 'member' },
    handler: ({ input, ctx }) => {
      const request = currentRequest<PushRequest>(input);
      if (!request) throw protocolOutdated();
      return push({ ctx, request });
    },
  }),
  defineOperation(pullCall, {
    access: { kind: 'member' },
    handler: ({ input, ctx }) => {
      const request = currentRequest<PullRequest>(input);
      if (!request) throw protocolOutdated();
      return pull({ ctx, request });
    },
  }),
  defineOperation(setLikeSiteCall, {
    access: { kind: 'member' },
    handler: async ({ input, ctx }) =>
      (await runRpc({ ctx, name: 'setLikeSite', args: input })) as {
        site_idx: number;
        like_status: 'Y' | 'N';
      },
  }),
  defineOperation(addSiteMemoCall, {
    access: { kind: 'member' },
    handler: async ({ input, ctx }) =>
      (await runRpc({ ctx, name: 'addSiteMemo', args: input })) as { site_idx: number },
  }),
  defineOperation(setCompleteSiteCall, {
    access: { kind: 'member' },
    handler: async ({ input, ctx }) =>
      (await runRpc({ ctx, name: 'setCompleteSite', args: input })) as {
        site_idx: number;
        complete_status: 'Y' | 'N';
      },
  }),
  defineOperation(setHideSiteCall, {
    access: { kind: 'member' },
    handler: async ({ input, ctx }) =>
      (await runRpc({ ctx, name: 'setHideSite', args: input })) as {
        site_idx: number;
        hidden_status: 'Y' | 'N';
      },
  }),
];
