import * as v from 'valibot';
import { type Answer, defineCall } from './contract.ts';
import type { appInfo, systemResponses } from './system.responses.ts';

export const healthCall = defineCall<Answer<typeof systemResponses, 'health'>>()({
  operationId: 'health',
  method: 'get',
  path: '/health',
  summary: 'Liveness and database check',
  tag: 'system',
  input: v.object({}),
});

export type AppInfo = v.InferOutput<typeof appInfo>;

export const getAppInfoCall = defineCall<Answer<typeof systemResponses, 'getAppInfo'>>()({
  operationId: 'getAppInfo',
  method: 'post',
  path: '/auth/getAppInfo',
  summary: 'App settings every client needs (spec §3 App settings)',
  tag: 'auth',
  input: v.object({}),
});
