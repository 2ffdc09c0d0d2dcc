import { useLiveQuery } from 'dexie-react-hooks';
import type { SitePage } from '../../../../sync/api/site-lists.api.ts';
import { isLocalSiteIdx } from '../../../../sync/sites/local-site.ts';
import { type LocalDb, localDb } from '../../../db/db.ts';
import { WaitingBadge, waitingKeys } from '../../sync/waiting.tsx';
import { listItemOfLocal } from './local-sites.ts';

const none: ReadonlySet<number> = new Set();

/**
 * The sites with a change of the member's still waiting (the rule of hasWaitingChange: not
 * refused, pending, sent or accepted and not yet pulled back), new sites under their device
 * index among them.
 */
export function waitingSiteKeys(db: LocalDb): Promise<Set<number>> {
  return waitingKeys({ db, table: 'sites' });
}

/** The sites with a change of the member's waiting to sync, kept current as the outbox moves. */
export function useWaitingSites(): ReadonlySet<number> {
  return useLiveQuery(() => waitingSiteKeys(localDb), []) ?? none;
}

/** The mark on a row whose device copy has changes the server has not confirmed yet. */
export { WaitingBadge };

/**
 * A page the server answered, with what the member changed on this device and the server does
 * not have yet: a waiting site shows its device copy, and the first page starts with the sites
 * registered on the device (they match `fromDevice`, the same list read from the device).
 */
export async function withWaitingSites({
  answer,
  page,
  fromDevice,
  db = localDb,
}: {
  answer: SitePage;
  page: number;
  fromDevice: (page: number) => Promise<SitePage>;
  db?: LocalDb;
}): Promise<SitePage> {
  const waiting = await waitingSiteKeys(db);
  if (waiting.size === 0) return answer;
  const list = await Promise.all(
    answer.list.map(async (row) => {
      if (!waiting.has(row.f_idx)) return row;
      const site = await db.sites.get(row.f_idx);
      return site ? listItemOfLocal({ site, liked: row.f_like === 'Y', time: row.f_time }) : row;
    }),
  );
  const added =
    page === 1 && [...waiting].some(isLocalSiteIdx)
      ? (await fromDevice(1)).list.filter((row) => isLocalSiteIdx(row.f_idx))
      : [];
  return { ...answer, list: [...added, ...list], total: answer.total + added.length };
}
