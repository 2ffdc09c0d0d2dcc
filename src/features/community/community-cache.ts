import type { CommunityDetail, CommunityPost } from '../../../sync/api/community.api.ts';
import type { Page } from '../../../sync/api/page.ts';
import type { CommunityType } from '../../../sync/community/rules.ts';
import { NetworkError } from '../../api/client.ts';
import { readOnline } from '../../api/online-copy.ts';
import { localDb } from '../../db/db.ts';
import { memberCopy } from '../../db/member-copies.ts';

/**
 * Offline reading of the community (design decision: a device cache, not a pulled entity). Each
 * tab's first pages as last loaded online and every post opened are kept in the device's
 * key-value table (`syncMeta`, keys under `community:`), which logout clears with the rest, so a
 * moderator's view of anonymous writers never outlives the session; without a network the same
 * screens read them back. Posts change and are moderated on the server, so the cache is only a
 * fallback: online answers always win and overwrite it (src/api/online-copy.ts). Searches and
 * "mine" are online only.
 */

/** Pages of each tab kept for offline reading. */
const KEPT_PAGES = 3;
/** Posts opened kept for offline reading; the oldest go first. */
const KEPT_POSTS = 100;

const POSTS = 'community:post:';
const listKey = (type: CommunityType | '', page: number) => `community:list:${type}:${page}`;
const postKey = (idx: number) => `${POSTS}${idx}`;

/** A tab's page from the server, kept for later; offline the kept copy, or the network error. */
export async function tabPage({
  type,
  page,
  load,
}: {
  type: CommunityType | '';
  page: number;
  load: () => Promise<Page<CommunityPost>>;
}): Promise<Page<CommunityPost>> {
  const copy = memberCopy<Page<CommunityPost>>(listKey(type, page), { write: page <= KEPT_PAGES });
  const reading = await readOnline({ load, copy });
  if (reading) return reading.data;
  // Past the kept pages the list simply ends offline; the first page missing is an error.
  if (page > 1) return { total: 0, page_count: 0, limit: 1, list: [] };
  throw new NetworkError();
}

/** A post with its comments from the server, kept for later; offline the kept copy. */
export async function postDetail({
  idx,
  load,
}: {
  idx: number;
  load: () => Promise<CommunityDetail>;
}): Promise<{ post: CommunityDetail; offline: boolean }> {
  const reading = await readOnline({ load, copy: memberCopy<CommunityDetail>(postKey(idx)) });
  if (!reading) throw new NetworkError();
  if (!reading.fromDevice) void prunePosts();
  return { post: reading.data, offline: reading.fromDevice };
}

/** The title of a post kept on the device, to name it where only its index is known. */
export async function keptPostTitle(idx: number): Promise<string | undefined> {
  const copy = await memberCopy<CommunityDetail>(postKey(idx), { write: false }).read();
  return copy?.value.f_title;
}

/** Forgets a post removed or found gone, so it is not shown offline again. */
export async function forgetPost(idx: number): Promise<void> {
  await localDb.syncMeta.delete(postKey(idx));
}

async function prunePosts(): Promise<void> {
  const posts = await localDb.syncMeta.where('key').startsWith(POSTS).toArray();
  const extra = posts.length - KEPT_POSTS;
  if (extra <= 0) return;
  const savedAt = (row: { value: unknown }) => (row.value as { saved_at: string }).saved_at;
  posts.sort((a, b) => savedAt(a).localeCompare(savedAt(b)));
  await localDb.syncMeta.bulkDelete(posts.slice(0, extra).map((p) => p.key));
}
