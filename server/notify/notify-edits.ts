import {
  type NotifyEditFields,
  notifyEditFieldNames,
  storedNotifyFields,
} from '../../sync/edits/edit-fields.ts';
import type { MutatorArgs } from '../../sync/mutators.ts';
import type { SiteContact } from '../../sync/site-fields.ts';
import { editOutcome, mergeOfflineEdit } from '../edits/offline-edit.ts';
import { notFound } from '../http/errors.ts';
import type { MutationContext, MutationOutcome } from '../http/mutation.ts';
import { notifyMessages } from './notify.messages.ts';
import { findItem } from './notify.repository.ts';
import { ownNotification, updateNotify } from './notify.service.ts';

/**
 * An edit of one's own notification as it arrives, online or from the outbox (protocol 8): the
 * writer's own only, merged with the copy it was made on (server/edits/offline-edit.ts), then the
 * online update with the merged fields: its checks, its site rule, and made+ and push as spec §4
 * says (locked once a manual one went out with them, else paid when turned on, once). Fields
 * changed meanwhile on another of the member's devices are kept as a conflict settled on /sync.
 */

type NotificationRow = Awaited<ReturnType<typeof ownNotification>>;

function contactsOf(text: string): SiteContact[] {
  try {
    return JSON.parse(text) as SiteContact[];
  } catch {
    return [];
  }
}

function notifyFieldsOf(row: NotificationRow): Required<NotifyEditFields> {
  return {
    title: row.f_title,
    content: row.f_content,
    site_idx: row.f_site_idx ?? 0,
    made: row.f_made,
    push: row.f_push,
    auto_enable: row.f_auto_enable,
    auto_time: row.f_auto_time,
    auto_interval: row.f_auto_interval,
    image_url: row.f_image_url === '' ? [] : row.f_image_url.split(','),
    contacts: contactsOf(row.f_contacts_list),
  };
}

export async function editNotify({
  ctx,
  args,
}: {
  ctx: MutationContext;
  args: MutatorArgs<'updateNotify'>;
}): Promise<MutationOutcome> {
  const notifyIdx = args.notify_idx;
  const row = await ownNotification({ ctx, notifyIdx });
  const mine = storedNotifyFields(args);
  const base = args.base ? (args.base as Partial<NotifyEditFields>) : null;
  const merged = mergeOfflineEdit({
    mine,
    base,
    baseVersion: args.base_version,
    theirs: notifyFieldsOf(row),
    theirsVersion: row.f_version,
    // A manual notification has no schedule: its automatic fields are not the edit's to change.
    names:
      row.f_auto === 'Y' ? notifyEditFieldNames : notifyEditFieldNames.filter((n) => !n.startsWith('auto_')),
  });
  if (merged.changed || merged.conflicts.length === 0) {
    // Whether it is automatic is not the edit's to change (updateNotify keeps it).
    await updateNotify({ ctx, notifyIdx, args: { ...merged.next, is_auto: row.f_auto } });
  }
  const saved = await ownNotification({ ctx, notifyIdx });
  const item = await findItem({ db: ctx.tx, viewerIdx: ctx.auth.user.f_idx, notifyIdx });
  if (!item) throw notFound(notifyMessages.notFound);
  return editOutcome({
    ctx,
    kind: 'notification',
    targetIdx: notifyIdx,
    subject: saved.f_title,
    merged,
    mine,
    base,
    baseVersion: args.base_version,
    current: notifyFieldsOf(saved),
    currentVersion: saved.f_version,
    data: item,
  });
}
