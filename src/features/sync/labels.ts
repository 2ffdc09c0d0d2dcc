import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { OnlineMutatorName } from '../../../sync/mutators.ts';
import type { OutboxEntry } from '../../db/db.ts';

/** What a form says when its write waits in the outbox for the network (src/sync/send-or-queue.ts). */
export const queuedNotices: Record<OnlineMutatorName, MessageDescriptor> = {
  addCommunity: msg`No network: the post is kept on this device and published when you are back online.`,
  addComment: msg`No network: the comment is kept on this device and sent when you are back online.`,
  reportSite: msg`No network: the report is kept on this device and sent when you are back online.`,
  reportHo_app: msg`No network: the report is kept on this device and sent when you are back online.`,
  addNotify: msg`No network: the notification is kept on this device and sent when you are back online.`,
  updateCommunity: msg`No network: the change is kept on this device and saved when you are back online.`,
  removeCommunity: msg`No network: the post will be deleted when you are back online.`,
  updateComment: msg`No network: the change is kept on this device and saved when you are back online.`,
  removeComment: msg`No network: the comment will be deleted when you are back online.`,
  updateNotify: msg`No network: the change is kept on this device and saved when you are back online.`,
  removeNotify: msg`No network: the notifications will be deleted when you are back online.`,
};

/** What a queued change did, in the member's words. */
export function describeChange(entry: Pick<OutboxEntry, 'name' | 'args'>): MessageDescriptor {
  const args = (entry.args ?? {}) as Record<string, unknown>;
  const on = (key: string) => args[key] === 'Y';
  switch (entry.name) {
    case 'setLikeSite':
      return on('like_status') ? msg`Add to favourites` : msg`Remove from favourites`;
    case 'addSiteMemo':
      return msg`Save memo`;
    case 'setHideSite':
      return on('hidden_status') ? msg`Hide site` : msg`Show site`;
    case 'setCompleteSite':
      return on('complete_status') ? msg`Mark as sold out` : msg`Mark as on sale again`;
    case 'saveSiteDraft':
      return msg`Temporary save of a registration`;
    case 'removeSiteDraft':
      return msg`Remove a temporary save`;
    case 'resolveConflict':
      return msg`Settle a conflict`;
    case 'saveSite':
      return args.site_idx && Number(args.site_idx) > 0 && !args.draft_id
        ? msg`Modify a site`
        : msg`Register a site`;
    case 'reportSite':
      return msg`Report a site`;
    case 'reportHo_app':
      return msg`Report a unit`;
    case 'addCommunity':
      return msg`Publish a community post`;
    case 'addComment':
      return msg`Comment on a community post`;
    case 'updateCommunity':
      return msg`Edit a community post`;
    case 'removeCommunity':
      return msg`Delete a community post`;
    case 'updateComment':
      return msg`Edit a comment`;
    case 'removeComment':
      return msg`Delete a comment`;
    case 'addNotify':
      return msg`Send a notification`;
    case 'updateNotify':
      return msg`Edit a notification`;
    case 'removeNotify':
      return msg`Delete notifications`;
    case 'setRead':
      return msg`Mark notifications read`;
    case 'resolveEditConflict':
      return msg`Settle a conflict`;
    default:
      return msg`Change`;
  }
}

/** Names of the draft fields a conflict may list (spec §3 Site). */
export const fieldLabels: Record<string, MessageDescriptor> = {
  f_name: msg`Site name`,
  f_site_type: msg`Site kind`,
  f_address1: msg`Address`,
  f_address2: msg`Detailed address`,
  f_latitude: msg`Latitude`,
  f_longitude: msg`Longitude`,
  f_maemul_type: msg`Property type`,
  f_dong_count: msg`Number of buildings`,
  f_house_count: msg`Number of units`,
  f_parking_type: msg`Parking`,
  f_transaction_type: msg`Transaction type`,
  f_room_num: msg`Rooms`,
  f_toilet_num: msg`Toilets`,
  f_veranda_num: msg`Verandas`,
  f_utility_room_num: msg`Utility rooms`,
  f_elevator: msg`Elevator`,
  f_area_type: msg`Area basis`,
  f_fee_type: msg`Fee type`,
  f_sale_price_min: msg`Sale price (min)`,
  f_sale_price_max: msg`Sale price (max)`,
  f_charter_price_min: msg`Charter price (min)`,
  f_charter_price_max: msg`Charter price (max)`,
  f_monthly_deposit_min: msg`Monthly deposit (min)`,
  f_monthly_deposit_max: msg`Monthly deposit (max)`,
  f_monthly_rent_min: msg`Monthly rent (min)`,
  f_monthly_rent_max: msg`Monthly rent (max)`,
  f_image_urls: msg`Photos`,
  f_inlay_image_url: msg`Inlay pictures`,
  f_memo: msg`Memo`,
  f_group_idx: msg`Group`,
  f_open_date: msg`Open date`,
  contacts: msg`Contacts`,
  rooms: msg`Area types`,
  dongs: msg`Buildings and units`,
};
