import { pullCall, pushCall } from '../../sync/api/sync.api.ts';
import { currentRequest, type PullRequest, type PushRequest } from '../../sync/protocol.ts';
import { defineOperation } from '../http/operation.ts';
import { metrics } from '../ops/metrics.ts';
import { mutatorOperations } from './registry.ts';
import { protocolOutdated, pull, push } from './sync.service.ts';

/** Push and pull, and the online (RPC) forms of every offline operation (server/sync/registry.ts). */
export const syncOperations = [
  defineOperation(pushCall, {
    access: { kind: 'member' },
    handler: async ({ input, ctx }) => {
      const request = currentRequest<PushRequest>(input);
      if (!request) throw protocolOutdated();
      const answer = await push({ ctx, request });
      const names = new Map(request.mutations.map((m) => [m.id, m.name]));
      metrics.push({
        bytes: ctx.requestBytes,
        results: answer.results.map((r) => ({ ...r, name: names.get(r.id) ?? '' })),
      });
      return answer;
    },
  }),
  defineOperation(pullCall, {
    access: { kind: 'member' },
    handler: async ({ input, ctx }) => {
      const request = currentRequest<PullRequest>(input);
      if (!request) throw protocolOutdated();
      const page = await pull({ ctx, request });
      // Measured once: the answer's Content-Length is set from it (server/http/operation.ts).
      page.bytes = Buffer.byteLength(page.json);
      metrics.pull({ rows: page.rows, bytes: page.bytes, reset: page.reset });
      return page;
    },
  }),
  ...mutatorOperations,
];
