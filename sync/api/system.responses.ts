import * as v from 'valibot';
import { count, int, str } from './answer-fields.ts';

/** What spec §7 getAppInfo answers: the app settings a client shows. */
export const appInfo = v.strictObject({
  version_name: str,
  version_code: int,
  terms: str,
  privacy: str,
  location_text: str,
  home_title: str,
  search_hint: str,
  community_made_point: int,
  notify_made_point: int,
  community_push_point: int,
  notify_push_point: int,
  one_month_ticket_point: int,
  ticket_price: v.picklist(['F', 'P']),
  ticket_show: v.picklist(['Y', 'N']),
  /** Days of usage a member starts with once approved (0: none). */
  new_member_days: count,
  ads_duration_sec: int,
  ads_mode: v.picklist(['S', 'R']),
  /** The splash's links; empty: not shown. */
  store_url: str,
  chat_url: str,
});

export const systemResponses = {
  health: v.strictObject({
    db: v.literal('ok'),
    version: str,
    /** starting: listening, still migrating; ready: taking requests; draining: stopping after SIGTERM. */
    state: v.picklist(['starting', 'ready', 'draining']),
  }),
  ready: v.strictObject({ state: v.literal('ready') }),
  getAppInfo: appInfo,
};
