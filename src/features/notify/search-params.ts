import { useSearch } from '@tanstack/react-router';

/**
 * A positive whole id from the address (`/notify?open=12`, `/SiteNotify?site_idx=3`; the router
 * hands digits over as a number), else undefined. Read here, in the screens' chunk, not in the route.
 */
export function useIdParam(key: 'open' | 'site_idx'): number | undefined {
  const search = useSearch({ strict: false }) as Record<string, unknown>;
  const n = Number(search[key]);
  return Number.isSafeInteger(n) && n > 0 ? n : undefined;
}
