import * as v from 'valibot';
import { addressResponses } from '../../sync/api/address.responses.ts';
import { adminExportResponses } from '../../sync/api/admin-export.responses.ts';
import { adminMembersResponses } from '../../sync/api/admin-members.responses.ts';
import { areasResponses } from '../../sync/api/areas.responses.ts';
import { authResponses } from '../../sync/api/auth.responses.ts';
import { communityResponses } from '../../sync/api/community.responses.ts';
import { facilitiesResponses } from '../../sync/api/facilities.responses.ts';
import { groupsResponses } from '../../sync/api/groups.responses.ts';
import { homeAdminResponses, homeResponses } from '../../sync/api/home.responses.ts';
import { inquiriesResponses } from '../../sync/api/inquiries.responses.ts';
import { mapResponses } from '../../sync/api/map.responses.ts';
import { notifyResponses } from '../../sync/api/notify.responses.ts';
import { offlineAreasResponses } from '../../sync/api/offline-areas.responses.ts';
import { pointsResponses } from '../../sync/api/points.responses.ts';
import { publicDataResponses } from '../../sync/api/public-data.responses.ts';
import { pushResponses } from '../../sync/api/push.responses.ts';
import { registrationResponses } from '../../sync/api/registration.responses.ts';
import { reportsResponses } from '../../sync/api/reports.responses.ts';
import { sharesResponses } from '../../sync/api/shares.responses.ts';
import { siteActionsResponses } from '../../sync/api/site-actions.responses.ts';
import { siteDetailResponses } from '../../sync/api/site-detail.responses.ts';
import { monthlyResponses, siteListsResponses } from '../../sync/api/site-lists.responses.ts';
import { siteVisibilityResponses } from '../../sync/api/site-visibility.responses.ts';
import { syncResponses } from '../../sync/api/sync.responses.ts';
import { systemResponses } from '../../sync/api/system.responses.ts';
import { transferResponses } from '../../sync/api/transfer.responses.ts';
import { uploadsResponses } from '../../sync/api/uploads.responses.ts';
import type { Operation } from './operation.ts';

/**
 * Every operation's success `data`, by operationId: the same valibot schemas the contracts take
 * their answer types from (`Answer<…>` in sync/api/contract.ts). The OpenAPI document describes
 * `data` with them (server/http/openapi.ts) and every API test checks the answer it gets against
 * them (server/testing/fixtures.ts), so a change of shape fails a test. Server-side only: the
 * client imports the schemas as types, never this registry.
 */
export const responseSchemas: Record<string, v.GenericSchema> = {
  ...systemResponses,
  ...authResponses,
  ...adminMembersResponses,
  ...adminExportResponses,
  ...uploadsResponses,
  ...addressResponses,
  ...syncResponses,
  ...pointsResponses,
  ...mapResponses,
  ...registrationResponses,
  ...siteDetailResponses,
  ...siteActionsResponses,
  ...siteListsResponses,
  ...monthlyResponses,
  ...siteVisibilityResponses,
  ...transferResponses,
  ...groupsResponses,
  ...reportsResponses,
  ...publicDataResponses,
  ...facilitiesResponses,
  ...communityResponses,
  ...inquiriesResponses,
  ...pushResponses,
  ...notifyResponses,
  ...homeResponses,
  ...homeAdminResponses,
  ...areasResponses,
  ...offlineAreasResponses,
  ...sharesResponses,
};

export function responseSchemaOf(op: Operation): v.GenericSchema | undefined {
  return responseSchemas[op.call.operationId];
}

/** Why `data` is not what the operation's response schema says, or null when it is. */
export function answerProblem({ op, data }: { op: Operation; data: unknown }): string | null {
  const schema = responseSchemaOf(op);
  if (!schema) return `no response schema for ${op.call.operationId}`;
  const result = v.safeParse(schema, data);
  if (result.success) return null;
  return result.issues
    .slice(0, 5)
    .map((issue) => `${v.getDotPath(issue) ?? '(data)'}: ${issue.message}`)
    .join('; ');
}
