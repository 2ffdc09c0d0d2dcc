import * as v from 'valibot';
import { defineCall } from './contract.ts';

export const healthCall = defineCall<{ db: 'ok'; version: string }>()({
  operationId: 'health',
  method: 'get',
  path: '/health',
  summary: 'Liveness and database check',
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
