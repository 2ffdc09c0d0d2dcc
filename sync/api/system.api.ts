import * as v from 'valibot';
import { defineCall } from './contract.ts';

/** starting: listening, still migrating; ready: taking requests; draining: stopping after SIGTERM. */
export type ServerState = 'starting' | 'ready' | 'draining';

export const healthCall = defineCall<{ db: 'ok'; version: string; state: ServerState }>()({
  operationId: 'health',
  method: 'get',
  path: '/health',
  summary: 'Liveness: answers 200 once started while the database answers (503 otherwise)',
  tag: 'system',
  input: v.object({}),
});

export const readyCall = defineCall<{ state: 'ready' }>()({
  operationId: 'ready',
  method: 'get',
  path: '/health/ready',
  summary: 'Readiness: 200 while the server takes requests; 503 with data.reason starting or draining',
  tag: 'system',
  input: v.object({}),
});

export interface AppInfo {
  version_name: string;
  version_code: number;
  terms: string;
  privacy: string;
  location_text: string;
  home_title: string;
  search_hint: string;
  community_made_point: number;
  notify_made_point: number;
  community_push_point: number;
  notify_push_point: number;
  one_month_ticket_point: number;
  ticket_price: 'F' | 'P';
  ticket_show: 'Y' | 'N';
  ads_duration_sec: number;
  ads_mode: 'S' | 'R';
}

export const getAppInfoCall = defineCall<AppInfo>()({
  operationId: 'getAppInfo',
  method: 'post',
  path: '/auth/getAppInfo',
  summary: 'App settings every client needs (spec §3 App settings)',
  tag: 'auth',
  input: v.object({}),
});
