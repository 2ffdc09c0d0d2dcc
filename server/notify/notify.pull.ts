import type { SiteContact } from '../../sync/site-fields.ts';
import { storedJson } from '../db/keyed-rows.ts';
import { keyedEntity } from '../sync/pulled.ts';
import { inboxRows, ownNotificationRows } from './notify.repository.ts';

/**
 * What the pull sends of notifications (server/sync/registry.ts lists it with the other
 * features'): the member's own notifications, and those delivered to them (protocol 7). A
 * removed notification leaves every device (notify.repository.ts reads only the live ones).
 */

const contactsOf = (text: string) => storedJson<SiteContact[]>({ text, fallback: [] });

export const notificationPull = keyedEntity({
  entity: 'notification',
  rows: ({ db, viewer, keys }) => ownNotificationRows({ db, userIdx: viewer, notifyIdxs: keys }),
  put: (key, { f_contacts_list, ...row }) => ({
    t: 'notification',
    op: 'put',
    key,
    row: { ...row, contacts_list: contactsOf(f_contacts_list) },
  }),
  del: (key) => ({ t: 'notification', op: 'del', key }),
});

export const inboxPull = keyedEntity({
  entity: 'inbox',
  rows: ({ db, viewer, keys }) => inboxRows({ db, userIdx: viewer, inboxIdxs: keys }),
  put: (key, { f_contacts_list, ...row }) => ({
    t: 'inbox',
    op: 'put',
    key,
    row: { ...row, contacts_list: contactsOf(f_contacts_list) },
  }),
  del: (key) => ({ t: 'inbox', op: 'del', key }),
});
