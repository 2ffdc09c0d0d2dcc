import { LOCAL_FILE_PREFIX } from '../../sync/site-fields.ts';
import { badParameter } from '../http/errors.ts';

/**
 * Images reach the server only after the device uploaded them (src/sync/files.ts): a value
 * that still names a file waiting on the device is refused (-4) wherever it sits in `value`.
 */
export function refuseLocalFiles({ value, field }: { value: unknown; field: string }): void {
  const walk = (v: unknown): boolean =>
    typeof v === 'string'
      ? v.startsWith(LOCAL_FILE_PREFIX)
      : Array.isArray(v)
        ? v.some(walk)
        : v !== null && typeof v === 'object'
          ? Object.values(v).some(walk)
          : false;
  if (walk(value)) throw badParameter({ field, reason: 'image not uploaded yet' });
}
