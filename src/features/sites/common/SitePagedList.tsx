import { Trans } from '@lingui/react/macro';
import { useRouter } from '@tanstack/react-router';
import { type ReactNode, useCallback } from 'react';
import type { SiteListItem, SitePage } from '../../../../sync/api/site-lists.api.ts';
import { InfiniteList } from '../../../ui/InfiniteList.tsx';
import { SiteListRow } from './SiteListRow.tsx';
import { useSitePages } from './useSitePages.ts';
import { useWaitingSites, withWaitingSites } from './waiting-sites.tsx';

/**
 * A list of sites that loads 50 more as it scrolls, from the server or (offline) the device;
 * a row opens the site detail. Give it a new `key` to load it again from the first page.
 */
export function SitePagedList({
  online,
  offline,
  actions,
  label,
  empty,
}: {
  online: (page: number) => Promise<SitePage>;
  offline: (page: number) => Promise<SitePage>;
  /** `remove` takes the site off the list at once (an un-liked favourite). */
  actions?: (site: SiteListItem, remove: (idx: number) => void) => ReactNode;
  label: string;
  /** What an empty list says (the generic text when absent). */
  empty?: ReactNode;
}) {
  const router = useRouter();
  // What the member changed on this device shows at once, online too, marked as waiting.
  const fromServer = useCallback(
    async (page: number) => withWaitingSites({ answer: await online(page), page, fromDevice: offline }),
    [online, offline],
  );
  const { list, fromDevice } = useSitePages({ online: fromServer, offline });
  const waiting = useWaitingSites();
  const { removeWhere } = list;
  const remove = useCallback((idx: number) => removeWhere((s) => s.f_idx === idx), [removeWhere]);
  return (
    <section aria-label={label}>
      {fromDevice ? (
        <p className="banner banner--warn" data-testid="from-device">
          <Trans>No network: showing the sites saved on this device.</Trans>
        </p>
      ) : null}
      <InfiniteList
        list={list}
        className="list site-items"
        rowKey={(site) => site.f_idx}
        empty={empty}
        row={(site) => (
          <SiteListRow
            site={site}
            waiting={waiting.has(site.f_idx)}
            onOpen={(idx) => router.history.push(`/SiteDetail?site_idx=${idx}`)}
            actions={actions?.(site, remove)}
          />
        )}
      />
    </section>
  );
}
