import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { AppSettingName } from '../../../../sync/home/app-settings.ts';

/** What each app setting (spec §3) is called on /admin/info, grouped as the screen shows them. */
export const settingLabels: Record<AppSettingName, MessageDescriptor> = {
  version_name: msg`Version name`,
  version_code: msg`Version code`,
  terms: msg`Terms of service`,
  privacy: msg`Privacy policy`,
  location_text: msg`Location terms`,
  home_title: msg`Home title`,
  search_hint: msg`Search hint`,
  community_made_point: msg`Community made+ cost (P)`,
  notify_made_point: msg`Notification made+ cost (P)`,
  community_push_point: msg`Community push cost (P)`,
  notify_push_point: msg`Notification push cost (P)`,
  one_month_ticket_point: msg`One-month ticket (P)`,
  ticket_price: msg`Ticket price`,
  ticket_show: msg`Show the ticket`,
  new_member_days: msg`Days a new member starts with`,
  ads_duration_sec: msg`Ad duration (seconds)`,
  ads_mode: msg`Ad order`,
  store_url: msg`App store link`,
  chat_url: msg`Chat support link`,
};

export const settingGroups: Array<{ title: MessageDescriptor; names: AppSettingName[] }> = [
  { title: msg`Home`, names: ['home_title', 'search_hint'] },
  { title: msg`Ads`, names: ['ads_duration_sec', 'ads_mode'] },
  {
    title: msg`Points and ticket`,
    names: [
      'community_made_point',
      'notify_made_point',
      'community_push_point',
      'notify_push_point',
      'one_month_ticket_point',
      'ticket_price',
      'ticket_show',
      'new_member_days',
    ],
  },
  { title: msg`App version`, names: ['version_name', 'version_code'] },
  { title: msg`Links on the start screen`, names: ['store_url', 'chat_url'] },
  { title: msg`Terms`, names: ['terms', 'privacy', 'location_text'] },
];

export const choiceLabels: Record<string, MessageDescriptor> = {
  'ticket_price:F': msg`Free`,
  'ticket_price:P': msg`Paid`,
  'ticket_show:Y': msg`Shown`,
  'ticket_show:N': msg`Hidden`,
  'ads_mode:S': msg`In slot order`,
  'ads_mode:R': msg`Random`,
};
