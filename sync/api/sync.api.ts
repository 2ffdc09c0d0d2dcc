import { pullRequestSchema, pushRequestSchema } from '../protocol.ts';
import { type Answer, defineCall } from './contract.ts';
import type { syncResponses } from './sync.responses.ts';

/** The sync endpoints (sync/protocol.ts). A request from an older protocol gets -1 with reason protocol_outdated. */
export const pushCall = defineCall<Answer<typeof syncResponses, 'syncPush'>>()({
  operationId: 'syncPush',
  method: 'post',
  path: '/sync/push',
  summary: "Apply the device's queued mutations in order, each once, each in its own transaction",
  tag: 'sync',
  input: pushRequestSchema,
});

export const pullCall = defineCall<Answer<typeof syncResponses, 'syncPull'>>()({
  operationId: 'syncPull',
  method: 'post',
  path: '/sync/pull',
  summary: "Changes in the member's scope after the device's cursor, with deletions",
  tag: 'sync',
  input: pullRequestSchema,
});
