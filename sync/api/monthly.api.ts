import * as v from 'valibot';
import { type Answer, defineCall } from './contract.ts';
import { pageNum } from './page.ts';
import type { monthlyResponses } from './site-lists.responses.ts';

// Apart from getHomeData (in the entry with the home): the monthly list loads with its own screen.

/** YYYY-MM, a month from 2000 on. */
export const monthParam = v.pipe(
  v.string('month required'),
  v.regex(/^(20\d\d)-(0[1-9]|1[0-2])$/, 'must be a month as YYYY-MM'),
);

/**
 * Spec §7 interestSiteList: the new sites of one month (registered then, Seoul time) of one kind,
 * in the member's regional interest, newest first, 50 a page.
 */
export const interestSiteListCall = defineCall<Answer<typeof monthlyResponses, 'interestSiteList'>>()({
  operationId: 'interestSiteList',
  method: 'post',
  path: '/site/interestSiteList',
  summary: 'New sites of a month (O new open, G general) in the member’s regions, 50 a page',
  tag: 'site',
  input: v.object({
    type: v.picklist(['O', 'G'], 'must be O or G'),
    page_num: pageNum,
    date: monthParam,
  }),
});
