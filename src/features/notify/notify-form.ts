import { useEffect, useState } from 'react';
import {
  type NotifyItem,
  type NotifyWritingCount,
  todayNotifyWritingCountCall,
} from '../../../sync/api/notify.api.ts';
import type { NotifyEditFields } from '../../../sync/edits/edit-fields.ts';
import type { MutatorInput } from '../../../sync/mutators.ts';
import { type AutoInterval, NotifyRules } from '../../../sync/notify/rules.ts';
import { api } from '../../api/client.ts';

/** What the write popup holds: the arguments of addNotify as typed, with the chosen site's name shown. */
export interface NotifyFields {
  title: string;
  content: string;
  site_idx: number;
  site_name: string;
  address: string;
  made: 'Y' | 'N';
  /** Made+ was applied when it was written (spec §4: made off clears both). */
  made1: 'Y' | 'N';
  push: 'Y' | 'N';
  is_auto: 'Y' | 'N';
  auto_enable: 'Y' | 'N';
  auto_time: string;
  auto_interval: AutoInterval;
  /** Uploaded URLs, or `local-file:` references of pictures kept on the device. */
  image_url: string[];
  contacts: Array<{ f_name: string; f_phone: string }>;
}

export const emptyFields: NotifyFields = {
  title: '',
  content: '',
  site_idx: 0,
  site_name: '',
  address: '',
  made: 'N',
  made1: 'N',
  push: 'N',
  is_auto: 'N',
  auto_enable: 'Y',
  auto_time: NotifyRules.defaultAutoTime,
  auto_interval: 'E',
  image_url: [],
  contacts: [
    { f_name: '', f_phone: '' },
    { f_name: '', f_phone: '' },
  ],
};

/** The copy an edit is made on: its edit count and fields, so a change made elsewhere meanwhile is a conflict. */
export interface NotifyBase {
  version: number | null;
  fields: Partial<NotifyEditFields> | null;
}

/** What the popup keeps while typing: the fields, and an edit's base (kept with them across a reload). */
export type NotifyDraft = NotifyFields & { base?: NotifyBase };

export function notifyBaseOf(item: NotifyItem): NotifyBase {
  return {
    version: item.f_version,
    fields: {
      title: item.f_title,
      content: item.f_content,
      site_idx: item.f_site_idx ?? 0,
      made: item.f_made,
      push: item.f_push,
      auto_enable: item.f_auto_enable,
      auto_time: item.f_auto_time,
      auto_interval: item.f_auto_interval,
      image_url: item.f_image_url === '' ? [] : item.f_image_url.split(','),
      contacts: item.contacts_list,
    },
  };
}

/** A notification as the popup edits or copies it. */
export function fieldsOf(item: NotifyItem): NotifyFields {
  const contacts = [...item.contacts_list, { f_name: '', f_phone: '' }, { f_name: '', f_phone: '' }].slice(
    0,
    NotifyRules.maxContacts,
  );
  return {
    title: item.f_title,
    content: item.f_content,
    site_idx: item.f_site_idx ?? 0,
    site_name: item.f_site_name,
    address: item.f_address,
    made: item.f_made,
    made1: item.f_made1,
    push: item.f_push,
    is_auto: item.f_auto,
    auto_enable: item.f_auto_enable,
    auto_time: item.f_auto_time,
    auto_interval: item.f_auto_interval,
    image_url: item.f_image_url === '' ? [] : item.f_image_url.split(','),
    contacts,
  };
}

/** The operation's arguments: only contacts with both name and phone travel (spec §5). */
export function argsOf(fields: NotifyFields, images: string[]): MutatorInput<'addNotify'> {
  return {
    title: fields.title,
    content: fields.content,
    site_idx: fields.site_idx,
    made: fields.made,
    push: fields.push,
    is_auto: fields.is_auto,
    auto_enable: fields.auto_enable,
    auto_time: fields.auto_time,
    auto_interval: fields.auto_interval,
    image_url: [...fields.image_url, ...images],
    contacts: fields.contacts
      .map((c) => ({ f_name: c.f_name.trim(), f_phone: c.f_phone.replace(/-/g, '').trim() }))
      .filter((c) => c.f_name !== '' && c.f_phone !== ''),
  };
}

export interface NotifyCosts {
  made: number;
  push: number;
}

const COSTS_KEY = 'bt.notify-costs';

function keptCosts(): NotifyCosts | null {
  try {
    const raw = localStorage.getItem(COSTS_KEY);
    return raw ? (JSON.parse(raw) as NotifyCosts) : null;
  } catch {
    return null;
  }
}

/**
 * The made+ and push costs (spec §3 app settings) for the confirmations, and the notifications left
 * today for the chosen site, from one call. Offline the costs last seen are shown (the server charges
 * what it says when the notification arrives) and the count is unknown.
 */
export function useNotifyInfo(siteIdx: number) {
  const [costs, setCosts] = useState<NotifyCosts | null>(keptCosts);
  const [count, setCount] = useState<NotifyWritingCount | null>(null);
  useEffect(() => {
    setCount(null);
    api(todayNotifyWritingCountCall, siteIdx > 0 ? { site_idx: siteIdx } : {}).then(
      (info) => {
        if (siteIdx > 0) setCount(info);
        const next = { made: info.made_point, push: info.push_point };
        setCosts(next);
        try {
          localStorage.setItem(COSTS_KEY, JSON.stringify(next));
        } catch {
          // Storage unavailable: the costs are shown for this visit only.
        }
      },
      () => {},
    );
  }, [siteIdx]);
  return { costs, count };
}
