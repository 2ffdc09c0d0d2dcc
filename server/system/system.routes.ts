import { getAppInfoCall, healthCall } from '../../sync/api/system.api.ts';
import { defineOperation } from '../http/operation.ts';
import { readPublicSettings } from '../settings/settings.repository.ts';
import { health } from './system.service.ts';

export const systemOperations = [
  defineOperation(healthCall, {
    access: { kind: 'public' },
    handler: ({ ctx }) => health({ db: ctx.db }),
  }),
  defineOperation(getAppInfoCall, {
    access: { kind: 'public' },
    handler: ({ ctx }) => readPublicSettings({ db: ctx.db }),
  }),
];
