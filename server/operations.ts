import { addressOperations } from './address/address.routes.ts';
// Home feed, ads and regional interest (spec §2 Home, §7 getHomeData, interestSiteList, area calls).
import { areaOperations } from './areas/areas.routes.ts';
import { authOperations } from './auth/auth.routes.ts';
// Community and inquiries (spec §7 community and inquire calls).
import { communityOperations } from './community/community.routes.ts';
// Groups (spec §7 group calls).
import { groupOperations } from './groups/groups.routes.ts';
import { homeOperations } from './home/home.routes.ts';
import type { Operation } from './http/operation.ts';
import { inquiryOperations } from './inquiries/inquiries.routes.ts';
import { mapOperations } from './map/map.routes.ts';
// Admin db tab: table exports (spec §7 downloadUserTable).
import { adminExportOperations } from './members/admin-export.routes.ts';
import { membersOperations } from './members/members.routes.ts';
// Notifications (spec §7 notify calls).
import { notifyOperations } from './notify/notify.routes.ts';
// Offline areas: a 시/군/구's map sites kept on the device.
import { offlineAreaOperations } from './offline-areas/offline-areas.routes.ts';
import { pointsOperations } from './points/points.routes.ts';
// Nearby facilities of a site (spec §2 Modals: facilities map).
import { facilityOperations } from './public-data/facilities.routes.ts';
// Public-data look-ups (spec §4, §7 Public data).
import { publicDataOperations } from './public-data/public-data.routes.ts';
// Web Push subscriptions.
import { pushOperations } from './push/push.routes.ts';
import { reportsOperations } from './reports/reports.routes.ts';
// Sharing a site with a customer: links to a public page.
import { shareOperations } from './shares/shares.routes.ts';
import { siteDetailOperations } from './sites/detail.routes.ts';
import { siteListOperations } from './sites/lists.routes.ts';
import { registrationOperations } from './sites/registration.routes.ts';
import { transferOperations } from './sites/transfer.routes.ts';
import { siteVisibilityOperations } from './sites/visibility.routes.ts';
import { syncOperations } from './sync/sync.routes.ts';
import { systemOperations } from './system/system.routes.ts';
import { uploadsOperations } from './uploads/uploads.routes.ts';
import { usersOperations } from './users/users.routes.ts';

/**
 * Every API operation, in one list: mounted by the app, described by the OpenAPI
 * document and walked by the cross-cutting tests (bad input, authority matrix).
 */
export const operations: Operation[] = [
  ...systemOperations,
  ...authOperations,
  ...usersOperations,
  ...uploadsOperations,
  ...membersOperations,
  ...addressOperations,
  ...syncOperations,
  ...pointsOperations,
  ...mapOperations,
  ...registrationOperations,
  ...siteDetailOperations,
  ...siteListOperations,
  ...siteVisibilityOperations,
  // Site transfer (spec §4 Transfer).
  ...transferOperations,
  // Sharing a site with a customer: links to a public page.
  ...shareOperations,
  // Groups (spec §7 group calls).
  ...groupOperations,
  // Reports and rewards (spec §4 Reports).
  ...reportsOperations,
  // Public-data look-ups (spec §4, §7 Public data).
  ...publicDataOperations,
  // Nearby facilities of a site (spec §2 Modals: facilities map).
  ...facilityOperations,
  // Community and inquiries (spec §7 community and inquire calls).
  ...communityOperations,
  ...inquiryOperations,
  // Admin db tab: table exports (spec §7 downloadUserTable).
  ...adminExportOperations,
  // Web Push subscriptions (design.md "Web Push").
  ...pushOperations,
  // Notifications (spec §7 notify calls).
  ...notifyOperations,
  // Home feed, ads and regional interest; the admin info and ads tabs.
  ...homeOperations,
  ...areaOperations,
  // Offline areas: a 시/군/구's map sites kept on the device.
  ...offlineAreaOperations,
];
