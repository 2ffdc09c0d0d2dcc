import { getAppInfoCall, healthCall } from '../../sync/api/system.api.ts';
import { defineOperation } from '../http/operation.ts';
import { readPublicSettings } from '../settings/settings.repository.ts';
import { APP_VERSION } from '../version.ts';
import { pingDatabase } from './system.repository.ts';

export const systemOperations = [
  defineOperation(healthCall, {
    access: { kind: 'public' },
    handler: async ({ ctx }) => {
      await pingDatabase({ db: ctx.db });
      return { db: 'ok' as const, version: APP_VERSION };
    },
  }),
  defineOperation(getAppInfoCall, {
    access: { kind: 'public' },
    handler: ({ ctx }) => readPublicSettings({ db: ctx.db }),
  }),
];
