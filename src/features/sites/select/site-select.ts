import { getMySiteListCall, getSiteOfGroupCall } from '../../../../sync/api/site-lists.api.ts';
import { api } from '../../../api/client.ts';
import type { LocalDb } from '../../../db/db.ts';
import { localSitePage } from '../common/local-sites.ts';

/**
 * Spec §2 Site select popup: what it is opened for. `picker` (1) hands the chosen site back
 * to the caller (the notification writer's linked site); `complete` (2) marks a new-open site
 * sold out or open again; `transfer` (3) hands one of the member's own sites to another member.
 */
export type SiteSelectMode = 'picker' | 'complete' | 'transfer';

/** The spec's numbers for the modes, for callers that carry them. */
export const siteSelectModeNumber: Record<SiteSelectMode, 1 | 2 | 3> = {
  picker: 1,
  complete: 2,
  transfer: 3,
};

export type SiteSelectTab = 'mine' | 'group';

/**
 * Which tabs a mode offers: a transfer is of the member's own sites only (only the owner
 * transfers), so its popup has no group tab.
 */
export function tabsOf(mode: SiteSelectMode): readonly SiteSelectTab[] {
  return mode === 'transfer' ? ['mine'] : ['mine', 'group'];
}

/**
 * The two loaders of one tab, online and from the device, with the same filters: only
 * new-open sites for completion (spec §6: sold-out marks are for new-open sites).
 */
export function tabLoaders({
  tab,
  mode,
  keyword,
  uid,
  db,
}: {
  tab: SiteSelectTab;
  mode: SiteSelectMode;
  keyword: string;
  uid: number;
  /** The device's store (tests pass their own). */
  db?: LocalDb;
}) {
  const store = db ? { db } : {};
  const onlyNewOpen = mode === 'complete';
  if (tab === 'mine') {
    const siteType = onlyNewOpen ? 'O' : 'A';
    return {
      online: (page: number) =>
        api(getMySiteListCall, { site_type: siteType, page_num: page, search_key: keyword }),
      offline: (page: number) =>
        localSitePage({ list: { kind: 'mine', siteType, keyword }, uid, page, ...store }),
    };
  }
  return {
    online: (page: number) =>
      api(getSiteOfGroupCall, {
        search_key: keyword,
        is_only_new_open_site: onlyNewOpen ? 'Y' : 'N',
        page_num: page,
      }),
    offline: (page: number) =>
      localSitePage({ list: { kind: 'group', keyword, onlyNewOpen }, uid, page, ...store }),
  };
}
