import { Trans } from '@lingui/react/macro';
import type { SiteListItem, SitePage } from '../../../../sync/api/site-lists.api.ts';
import { InfiniteList } from '../../../ui/InfiniteList.tsx';
import { SiteListRow } from '../common/SiteListRow.tsx';
import { useSitePages } from '../common/useSitePages.ts';

/**
 * One tab of the site select popup: 50 sites a page as it scrolls, from the server or (no
 * network) the device; a tap on a row picks the site. Give it a new `key` to reload it.
 */
export function SiteSelectList({
  online,
  offline,
  label,
  onPick,
  present = (site) => site,
}: {
  online: (page: number) => Promise<SitePage>;
  offline: (page: number) => Promise<SitePage>;
  label: string;
  onPick: (site: SiteListItem) => void;
  /** The row as shown: a change the member just made here (a completion) shows at once. */
  present?: (site: SiteListItem) => SiteListItem;
}) {
  const { list, fromDevice } = useSitePages({ online, offline });
  return (
    <section aria-label={label}>
      {fromDevice ? (
        <p className="banner banner--warn" data-testid="from-device">
          <Trans>No network: showing the sites saved on this device.</Trans>
        </p>
      ) : null}
      <InfiniteList
        list={list}
        className="list site-items site-select__list"
        rowKey={(site) => site.f_idx}
        row={(site) => <SiteListRow site={present(site)} onOpen={() => onPick(present(site))} />}
      />
    </section>
  );
}
