import { type PullWire, type PushResponse, pullRequestSchema, pushRequestSchema } from '../protocol.ts';
import { defineCall } from './contract.ts';

/** The sync endpoints (sync/protocol.ts). A request from an older protocol gets -1 with reason protocol_outdated. */
export const pushCall = defineCall<PushResponse>()({
  operationId: 'syncPush',
  method: 'post',
  path: '/sync/push',
  summary: "Apply the device's queued mutations in order, each once, each in its own transaction",
  tag: 'sync',
  input: pushRequestSchema,
});

export const pullCall = defineCall<PullWire>()({
  operationId: 'syncPull',
  method: 'post',
  path: '/sync/pull',
  summary: "Changes in the member's scope after the device's cursor, with deletions",
  tag: 'sync',
  input: pullRequestSchema,
});
