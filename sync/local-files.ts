/**
 * A picture picked on the device is referred to as `local-file:<id>` in a queued change until
 * it is uploaded (src/sync/files.ts); the server refuses such a reference (server/uploads).
 */
export const LOCAL_FILE_PREFIX = 'local-file:';
