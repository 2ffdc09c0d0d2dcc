import * as v from 'valibot';
import {
  AD_SLOTS,
  adConnectTypes,
  connectProblem,
  homeLinkTypes,
  MAX_AD_PERIOD_DAYS,
  MAX_CONNECT_VALUE,
} from '../home/ads.ts';
import { type AppSettingName, appSettingNames, settingProblem } from '../home/app-settings.ts';
import { type Answer, defineCall } from './contract.ts';
import type { adminAd, homeAdminResponses } from './home.responses.ts';

/**
 * The admin info and ads tabs (spec §7 admin: updateAppInfo, getHomeSetting, updateHomeSetting,
 * updateAdsImage, updateAdsPeriod, updateAdsConnect). Every rule on a value is in
 * sync/home/app-settings.ts and sync/home/ads.ts, so the form checks what the server checks.
 */

export const updateAppInfoCall = defineCall<Answer<typeof homeAdminResponses, 'updateAppInfo'>>()({
  operationId: 'updateAppInfo',
  method: 'post',
  path: '/admin/updateAppInfo',
  summary: 'Change one app setting (type and range checked; point costs and the ticket need the admin lock)',
  tag: 'admin',
  input: v.pipe(
    v.object({
      param_name: v.picklist(appSettingNames, 'unknown setting'),
      value: v.pipe(v.string('value required'), v.maxLength(20_000, 'value too long')),
    }),
    v.forward(
      v.check(
        (input) => settingProblem({ name: input.param_name as AppSettingName, value: input.value }) === null,
        (issue) => {
          const input = issue.input as { param_name: AppSettingName; value: string };
          return settingProblem({ name: input.param_name, value: input.value }) ?? 'invalid value';
        },
      ),
      ['value'],
    ),
  ),
});

/** A slot as the admin sees it: what the home shows plus whether it is showing now. */
export type AdminAd = v.InferOutput<typeof adminAd>;

export const getHomeSettingCall = defineCall<Answer<typeof homeAdminResponses, 'getHomeSetting'>>()({
  operationId: 'getHomeSetting',
  method: 'post',
  path: '/admin/getHomeSetting',
  summary: 'The home setting and all 10 ad slots',
  tag: 'admin',
  input: v.object({}),
});

const adsIdx = v.pipe(
  v.union([
    v.number(),
    v.pipe(v.string(), v.regex(/^\d{1,2}$/, 'must be a slot number'), v.transform(Number)),
  ]),
  v.integer('must be a slot number'),
  v.minValue(1, 'must be 1 or more'),
  v.maxValue(AD_SLOTS, `must be ${AD_SLOTS} or less`),
);

/** An uploaded image (uploadImage answers /uploads/…), or '' to clear. */
const imageUrl = v.pipe(
  v.string('image required'),
  v.maxLength(300, 'image address too long'),
  v.regex(/^(\/uploads\/[\w./-]+)?$/, 'must be an uploaded image'),
);

const connectValue = v.pipe(v.string(), v.maxLength(MAX_CONNECT_VALUE, 'value too long'));

export const updateHomeSettingCall = defineCall<Answer<typeof homeAdminResponses, 'updateHomeSetting'>>()({
  operationId: 'updateHomeSetting',
  method: 'post',
  path: '/admin/updateHomeSetting',
  summary: 'The home logo (text or image) and its link',
  tag: 'admin',
  input: v.pipe(
    v.object({
      home_content_type: v.picklist(['T', 'I'], 'must be T or I'),
      home_content: v.pipe(v.string('content required'), v.trim(), v.maxLength(300, 'content too long')),
      home_link_type: v.picklist(homeLinkTypes, 'must be S, C, L or empty'),
      home_link_data: connectValue,
    }),
    v.forward(
      v.check(
        (i) =>
          i.home_content !== '' &&
          (i.home_content_type === 'T' || /^\/uploads\/[\w./-]+$/.test(i.home_content)),
        (issue) =>
          (issue.input as { home_content_type: string }).home_content_type === 'I'
            ? 'must be an uploaded image'
            : 'content required',
      ),
      ['home_content'],
    ),
    v.forward(
      v.check(
        (i) => connectProblem({ type: i.home_link_type, value: i.home_link_data }) === null,
        (issue) => {
          const i = issue.input as { home_link_type: (typeof homeLinkTypes)[number]; home_link_data: string };
          return connectProblem({ type: i.home_link_type, value: i.home_link_data }) ?? 'invalid link';
        },
      ),
      ['home_link_data'],
    ),
  ),
});

export const updateAdsImageCall = defineCall<Answer<typeof homeAdminResponses, 'updateAdsImage'>>()({
  operationId: 'updateAdsImage',
  method: 'post',
  path: '/admin/updateAdsImage',
  summary: 'Set (or clear with an empty address) the image of an ad slot',
  tag: 'admin',
  input: v.object({ ads_idx: adsIdx, image_url: imageUrl }),
});

export const updateAdsPeriodCall = defineCall<Answer<typeof homeAdminResponses, 'updateAdsPeriod'>>()({
  operationId: 'updateAdsPeriod',
  method: 'post',
  path: '/admin/updateAdsPeriod',
  summary: 'Show an ad slot for this many days from now (0 stops it)',
  tag: 'admin',
  input: v.object({
    ads_idx: adsIdx,
    period: v.pipe(
      v.union([
        v.number(),
        v.pipe(v.string(), v.regex(/^\d{1,4}$/, 'must be a number of days'), v.transform(Number)),
      ]),
      v.integer('must be a number of days'),
      v.minValue(0, 'must be 0 or more'),
      v.maxValue(MAX_AD_PERIOD_DAYS, `must be ${MAX_AD_PERIOD_DAYS} or less`),
    ),
  }),
});

export const updateAdsConnectCall = defineCall<Answer<typeof homeAdminResponses, 'updateAdsConnect'>>()({
  operationId: 'updateAdsConnect',
  method: 'post',
  path: '/admin/updateAdsConnect',
  summary: 'What tapping an ad opens: S site, C community post, I its image, L a link (http:// added)',
  tag: 'admin',
  input: v.pipe(
    v.object({
      ads_idx: adsIdx,
      connect_type: v.picklist(adConnectTypes, 'must be S, C, I, L or empty'),
      connect_value: connectValue,
    }),
    v.forward(
      v.check(
        (i) => connectProblem({ type: i.connect_type, value: i.connect_value }) === null,
        (issue) => {
          const i = issue.input as { connect_type: (typeof adConnectTypes)[number]; connect_value: string };
          return connectProblem({ type: i.connect_type, value: i.connect_value }) ?? 'invalid value';
        },
      ),
      ['connect_value'],
    ),
  ),
});
