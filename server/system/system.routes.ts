import { sql } from 'kysely';
import { getAppInfoCall, healthCall } from '../../sync/api/system.api.ts';
import { defineOperation } from '../http/operation.ts';
import { readPublicSettings } from '../settings/settings.repository.ts';
import { APP_VERSION } from '../version.ts';

export const systemOperations = [
  defineOperation(healthCall, {
    access: { kind: 'public' },
    handler: async ({ ctx }) => {
      await sql`SELECT 1`.execute(ctx.db);
      return { db: 'ok' as const, version: APP_VERSION };
    },
  }),
  defineOperation(getAppInfoCall, {
    access: { kind: 'public' },
    handler: ({ ctx }) => readPublicSettings({ db: ctx.db }),
  }),
];
