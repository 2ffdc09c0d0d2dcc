import { getAppInfoCall, healthCall } from '../../sync/api/system.api.ts';
import { defineOperation } from '../http/operation.ts';
import { appInfo, health } from './system.service.ts';

export const systemOperations = [
  defineOperation(healthCall, {
    access: { kind: 'public' },
    handler: ({ ctx }) => health({ ctx }),
  }),
  defineOperation(getAppInfoCall, {
    access: { kind: 'public' },
    handler: ({ ctx }) => appInfo({ ctx }),
  }),
];
