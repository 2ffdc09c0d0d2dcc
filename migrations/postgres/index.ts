import type { Migration } from 'kysely';
import * as p0021a from './0021_1_members.ts';
import * as p0021b from './0021_2_sites.ts';
import * as p0021c from './0021_3_features.ts';
import * as p0021d from './0021_4_sync.ts';
import * as p0021e from './0021_5_feed.ts';
import * as p0021f from './0021_6_map.ts';
import * as p0024 from './0024_block_kinds.ts';
import * as p0025 from './0025_group_sites_of_members.ts';
import * as p0027 from './0027_sync_restores.ts';
import * as p0030 from './0030_map_changes.ts';
import * as p0040 from './0040_new_member_ticket.ts';
// Sharing a site with a customer: the links and their views.
import * as p0048 from './0048_site_shares.ts';
import * as p0050 from './0050_offline_edits.ts';
import * as p0051 from './0051_map_changes_stamp_once.ts';
import * as p0059 from './0059_payment_methods.ts';

/**
 * The PostgreSQL migrations in the order they run (server/db/database.ts picks them on
 * PostgreSQL). 0021_*: the baseline, the schema SQLite reaches with 0001-0021. A later SQLite
 * migration NNNN_name gets its PostgreSQL counterpart as NNNN_name.ts here; the schema parity
 * test (schema-parity.postgres.test.ts) names what is missing. Frozen like the SQLite ones
 * (migrations/postgres/checksums.json).
 */
export const postgresMigrations: Record<string, Migration> = {
  '0021_1_members': p0021a,
  '0021_2_sites': p0021b,
  '0021_3_features': p0021c,
  '0021_4_sync': p0021d,
  '0021_5_feed': p0021e,
  '0021_6_map': p0021f,
  '0024_block_kinds': p0024,
  '0025_group_sites_of_members': p0025,
  // Restores from a backup: the sync versions a restore skipped.
  '0027_sync_restores': p0027,
  // Which map sites changed, numbered at commit.
  '0030_map_changes': p0030,
  // What a new member starts with.
  '0040_new_member_ticket': p0040,
  // Sharing a site with a customer: the links and their views.
  '0048_site_shares': p0048,
  // Posts, comments and notifications edited offline: edit versions and edit conflicts.
  '0050_offline_edits': p0050,
  '0051_map_changes_stamp_once': p0051,
  // Card, real-time transfer or a virtual account, and the account issued.
  '0059_payment_methods': p0059,
};
