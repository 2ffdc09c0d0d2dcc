import type { Migration } from 'kysely';
import * as m0001 from './0001_foundation.ts';
import * as m0002 from './0002_accounts.ts';
import * as m0003 from './0003_sync.ts';
import * as m0004 from './0004_points.ts';
import * as m0005 from './0005_map_search.ts';
import * as m0007 from './0007_sites_visibility.ts';
import * as m0008 from './0008_jobs.ts';
import * as m0009 from './0009_sms_limits.ts';
import * as m0010 from './0010_site_visibility.ts';
import * as m0011 from './0011_admin_safety.ts';
import * as m0012 from './0012_inlay_files.ts';
import * as m0013 from './0013_sync_mutation_ids.ts';
import * as m0014 from './0014_reports.ts';
import * as m0015 from './0015_transfers.ts';
import * as m0016 from './0016_community.ts';
// Public-data look-ups (spec §4, §7).
import * as m0017 from './0017_public_data.ts';
// Regional interest (spec §3 Area).
import * as m0018 from './0018_area_likes.ts';
// Notifications: sends and inboxes (spec §3 Notification).
import * as m0019 from './0019_notify.ts';
// Web Push: subscriptions per device and the delivery queue.
import * as m0020 from './0020_push.ts';
// Home ads (spec §3 Ad).
import * as m0021 from './0021_home_ads.ts';
import * as m0024 from './0024_block_kinds.ts';
import * as m0025 from './0025_group_sites_of_members.ts';
import * as m0027 from './0027_sync_restores.ts';
// Which map sites changed, for the server's in-memory copy of them.
import * as m0030 from './0030_map_changes.ts';
import * as m0040 from './0040_new_member_ticket.ts';
// Sharing a site with a customer: the links and their views.
import * as m0048 from './0048_site_shares.ts';
// Posts, comments and notifications edited offline: edit versions and edit conflicts.
import * as m0050 from './0050_offline_edits.ts';
import * as m0059 from './0059_payment_methods.ts';

/**
 * Every migration in the order it runs. Names sort in that order too; a migration is
 * never edited once it has landed (migrations/checksums.json enforces it in a test).
 */
export const migrations: Record<string, Migration> = {
  '0001_foundation': m0001,
  '0002_accounts': m0002,
  '0003_sync': m0003,
  '0004_points': m0004,
  '0005_map_search': m0005,
  '0007_sites_visibility': m0007,
  '0008_jobs': m0008,
  '0009_sms_limits': m0009,
  '0010_site_visibility': m0010,
  '0011_admin_safety': m0011,
  '0012_inlay_files': m0012,
  '0013_sync_mutation_ids': m0013,
  '0014_reports': m0014,
  '0015_transfers': m0015,
  '0016_community': m0016,
  // Public-data look-ups (spec §4, §7).
  '0017_public_data': m0017,
  // Regional interest (spec §3 Area).
  '0018_area_likes': m0018,
  // Notifications: sends and inboxes (spec §3 Notification).
  '0019_notify': m0019,
  // Web Push: subscriptions per device and the delivery queue.
  '0020_push': m0020,
  // Home ads (spec §3 Ad).
  '0021_home_ads': m0021,
  // Blocks of a writer by kind (anonymous or named), so hiding a writer keeps anonymity.
  '0024_block_kinds': m0024,
  // Sites of members who left a group are no longer shared to it.
  '0025_group_sites_of_members': m0025,
  // Restores from a backup: the sync versions a restore skipped (server/ops/restore.ts).
  '0027_sync_restores': m0027,
  // Which map sites changed, for the server's in-memory copy of them.
  '0030_map_changes': m0030,
  // What a new member starts with: the approval's days and when they were given (issue 30).
  '0040_new_member_ticket': m0040,
  // Sharing a site with a customer: the links and their views.
  '0048_site_shares': m0048,
  // Posts, comments and notifications edited offline: edit versions and edit conflicts.
  '0050_offline_edits': m0050,
  // Card, real-time transfer or a virtual account, and the account issued (issue 30).
  '0059_payment_methods': m0059,
};
