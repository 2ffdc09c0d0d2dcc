import { getAppInfoCall, healthCall, readyCall } from '../../sync/api/system.api.ts';
import { defineOperation } from '../http/operation.ts';
import { databaseAnswers, notReady } from '../ops/health.ts';
import { APP_VERSION } from '../version.ts';
import { appInfo } from './system.service.ts';

export const systemOperations = [
  defineOperation(healthCall, {
    access: { kind: 'public' },
    handler: async ({ ctx }) => {
      const state = ctx.lifecycle?.state() ?? 'ready';
      // A starting server may still be migrating: not yet alive for anyone waiting on it.
      if (state === 'starting') throw notReady(state);
      await databaseAnswers(ctx);
      return { db: 'ok' as const, version: APP_VERSION, state };
    },
  }),
  defineOperation(readyCall, {
    access: { kind: 'public' },
    handler: async ({ ctx }) => {
      const state = ctx.lifecycle?.state() ?? 'ready';
      if (state !== 'ready') throw notReady(state);
      await databaseAnswers(ctx);
      return { state };
    },
  }),
  defineOperation(getAppInfoCall, {
    access: { kind: 'public' },
    handler: ({ ctx }) => appInfo({ ctx }),
  }),
];
