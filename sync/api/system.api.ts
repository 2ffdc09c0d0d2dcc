import * as v from 'valibot';
import { type Answer, defineCall } from './contract.ts';
import type { appInfo, systemResponses } from './system.responses.ts';

/** starting: listening, still migrating; ready: taking requests; draining: stopping after SIGTERM. */
export type ServerState = 'starting' | 'ready' | 'draining';

export const healthCall = defineCall<Answer<typeof systemResponses, 'health'>>()({
  operationId: 'health',
  method: 'get',
  path: '/health',
  summary: 'Liveness: answers 200 once started while the database answers (503 otherwise)',
  tag: 'system',
  input: v.object({}),
});

export const readyCall = defineCall<Answer<typeof systemResponses, 'ready'>>()({
  operationId: 'ready',
  method: 'get',
  path: '/health/ready',
  summary: 'Readiness: 200 while the server takes requests; 503 with data.reason starting or draining',
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
