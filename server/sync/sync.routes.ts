import { pullCall, pushCall } from '../../sync/api/sync.api.ts';
import { currentRequest, type PullRequest, type PushRequest } from '../../sync/protocol.ts';
import { defineOperation } from '../http/operation.ts';
import { mutatorOperations } from './registry.ts';
import { protocolOutdated, pull, push } from './sync.service.ts';

/** Push and pull, and the online (RPC) forms of every offline operation (server/sync/registry.ts). */
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
  ...mutatorOperations,
];
