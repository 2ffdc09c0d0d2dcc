import type { AreasTables } from '../areas/areas.tables.ts';
import type { AuthTables } from '../auth/auth.tables.ts';
import type { CommunityTables } from '../community/community.tables.ts';
import type { GroupsTables } from '../groups/groups.tables.ts';
// Home ads.
import type { HomeTables } from '../home/home.tables.ts';
import type { InquiriesTables } from '../inquiries/inquiries.tables.ts';
import type { JobsTables } from '../jobs/jobs.tables.ts';
import type { MembersTables } from '../members/members.tables.ts';
// Notifications.
import type { NotifyTables } from '../notify/notify.tables.ts';
import type { PointsTables } from '../points/points.tables.ts';
// Public-data look-ups.
import type { PublicDataTables } from '../public-data/public-data.tables.ts';
// Web Push.
import type { PushTables } from '../push/push.tables.ts';
import type { ReportsTables } from '../reports/reports.tables.ts';
import type { SettingsTables } from '../settings/settings.tables.ts';
// Sites shared with customers.
import type { SharesTables } from '../shares/shares.tables.ts';
import type { SitesTables } from '../sites/sites.tables.ts';
import type { TransferTables } from '../sites/transfer.tables.ts';
import type { VisibilityTables } from '../sites/visibility.tables.ts';
import type { SyncTables } from '../sync/sync.tables.ts';
import type { UsersTables } from '../users/users.tables.ts';

/** The whole database as kysely sees it: one interface per feature, composed here. */
export interface Database
  extends UsersTables,
    AuthTables,
    SettingsTables,
    AreasTables,
    GroupsTables,
    SitesTables,
    SyncTables,
    PointsTables,
    VisibilityTables,
    JobsTables,
    MembersTables,
    ReportsTables,
    TransferTables,
    CommunityTables,
    InquiriesTables,
    // Public-data look-ups.
    PublicDataTables,
    // Web Push.
    PushTables,
    // Notifications.
    NotifyTables,
    // Home ads.
    HomeTables,
    // Sites shared with customers.
    SharesTables {}
