import * as v from 'valibot';

/**
 * The field schemas the protocol's requests (sync/protocol.ts) and answers
 * (sync/protocol-responses.ts) share. A leaf: it imports nothing of the protocol, so the two
 * never import each other for them.
 */

const token = /* @__NO_SIDE_EFFECTS__ */ (label: string) =>
  v.pipe(v.string(`${label} required`), v.regex(/^[A-Za-z0-9_-]{8,64}$/, `${label} must be 8 to 64 letters`));

export const clientIdSchema = token('client id');
export const mutationIdSchema = token('mutation id');

/**
 * Where the device is in the feed; null before the first pull. `v<version>[.<entity>.<key>]`:
 * every change up to there is on the device. `s<version>.<entity>.<key>`: a first pull is
 * still listing the scope as of that version.
 */
export const cursorSchema = v.pipe(
  v.string(),
  v.regex(/^[sv]\d{1,15}(\.[a-z]{1,20}\.\d{1,15})?$/, 'malformed cursor'),
);
