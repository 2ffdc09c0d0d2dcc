import { Trans, useLingui } from '@lingui/react/macro';
import { useRouter } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import type { SiteListItem, SitePage } from '../../../../sync/api/site-lists.api.ts';
import { SiteListRow } from './SiteListRow.tsx';
import { useSitePages } from './useSitePages.ts';

/**
 * A list of sites that loads 50 more as it scrolls, from the server or (offline) the device;
 * a row opens the site detail. Give it a new `key` to load it again from the first page.
 */
export function SitePagedList({
  online,
  offline,
  actions,
  label,
}: {
  online: (page: number) => Promise<SitePage>;
  offline: (page: number) => Promise<SitePage>;
  actions?: (site: SiteListItem, remove: (idx: number) => void) => ReactNode;
  label: string;
}) {
  const { t } = useLingui();
  const router = useRouter();
  const { items, loading, done, sentinelRef, fromDevice, remove } = useSitePages({ online, offline });
  return (
    <section aria-label={label}>
      {fromDevice ? (
        <p className="banner banner--warn" data-testid="from-device">
          <Trans>No network: showing the sites saved on this device.</Trans>
        </p>
      ) : null}
      <ul className="list site-items">
        {items.map((site) => (
          <SiteListRow
            key={site.f_idx}
            site={site}
            onOpen={(idx) => router.history.push(`/SiteDetail?site_idx=${idx}`)}
            actions={actions?.(site, remove)}
          />
        ))}
      </ul>
      {done && items.length === 0 ? (
        <p className="empty">
          <Trans>No information found.</Trans>
        </p>
      ) : null}
      {!done ? (
        <div ref={sentinelRef} className="sentinel" aria-hidden="true">
          {loading ? t`Loading…` : ''}
        </div>
      ) : null}
    </section>
  );
}
