import { pullResponseSchema, pushResponseSchema } from '../protocol-responses.ts';

/** The sync protocol's answers (sync/protocol-responses.ts, the wire description). */
export const syncResponses = {
  syncPush: pushResponseSchema,
  syncPull: pullResponseSchema,
};
