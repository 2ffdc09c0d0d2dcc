import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useRef } from 'react';
import type { MapSortState } from '../../../sync/map/filter-state.ts';
import type { MapSite } from '../../../sync/map/query.ts';
import { useWaitingSites } from '../sites/common/waiting-sites.tsx';
import { SiteRow } from './SiteRow.tsx';

/**
 * The list beside the map (480px on wide screens, a bottom sheet on phones): count, the
 * show-inquiry-only box, the two sort selectors, and rows loaded 10 at a time as it scrolls.
 */
export function SiteList({
  list,
  count,
  loading,
  offline,
  offlineAreas = [],
  expanded,
  onToggle,
  onMore,
  onOpen,
  inquireOnly,
  onInquireOnly,
  sort,
  onSort,
}: {
  list: MapSite[];
  count: number | null;
  loading: boolean;
  offline: boolean;
  /** Offline: the kept areas the answer covered. */
  offlineAreas?: string[];
  expanded: boolean;
  onToggle: () => void;
  onMore: () => void;
  onOpen: (idx: number) => void;
  inquireOnly: boolean;
  onInquireOnly: (on: boolean) => void;
  sort: MapSortState;
  onSort: (sort: MapSortState) => void;
}) {
  const { t } = useLingui();
  const waiting = useWaitingSites();
  const sentinel = useRef<HTMLLIElement>(null);
  const more = count !== null && list.length < count;
  const onMoreRef = useRef(onMore);
  onMoreRef.current = onMore;

  useEffect(() => {
    const target = sentinel.current;
    if (!target || !more) return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting)) onMoreRef.current();
    });
    observer.observe(target);
    return () => observer.disconnect();
  }, [more]);

  return (
    <aside className={`site-list${expanded ? ' is-expanded' : ''}`} aria-label={t`Sites on the map`}>
      <button type="button" className="site-list__handle" onClick={onToggle} aria-expanded={expanded}>
        <span className="site-list__count">
          {count === null ? t`Searching…` : <Plural value={count} one="# site" other="# sites" />}
        </span>
        {offline ? (
          <span className="badge badge--warn">
            <Trans>Offline results</Trans>
          </span>
        ) : null}
      </button>
      {offline ? (
        <p className="site-list__offline" role="status">
          <Trans>No network: these are offline results from the sites saved on this device.</Trans>
        </p>
      ) : null}
      {offline ? (
        <p className="site-list__offline" data-testid="offline-areas-covered">
          {offlineAreas.length > 0
            ? t`Areas kept offline searched too: ${offlineAreas.join(', ')}`
            : t`No area is kept offline: keep one from Map tools to search it without a network.`}
        </p>
      ) : null}
      <div className="site-list__controls">
        <label className="chip">
          <input type="checkbox" checked={inquireOnly} onChange={(e) => onInquireOnly(e.target.checked)} />
          <Trans>Price on inquiry only</Trans>
        </label>
        <select
          aria-label={t`Sort by site or unit`}
          value={sort.site}
          onChange={(e) => onSort({ ...sort, site: e.target.value === 'U' ? 'U' : 'S' })}
        >
          <option value="S">{t`By site`}</option>
          <option value="U">{t`By unit`}</option>
        </select>
        <select
          aria-label={t`Sort by price`}
          value={sort.price}
          onChange={(e) => onSort({ ...sort, price: e.target.value as MapSortState['price'] })}
        >
          <option value="">{t`Newest`}</option>
          <option value="PL">{t`Price: low first`}</option>
          <option value="PH">{t`Price: high first`}</option>
          <option value="CL">{t`Collateral: low first`}</option>
          <option value="CH">{t`Collateral: high first`}</option>
        </select>
      </div>
      <ul className="list site-list__rows">
        {list.map((site) => (
          <SiteRow key={site.f_idx} site={site} onOpen={onOpen} waiting={waiting.has(site.f_idx)} />
        ))}
        {more ? (
          <li ref={sentinel} className="site-list__more">
            {loading ? t`Loading sites…` : ''}
          </li>
        ) : null}
      </ul>
      {count === 0 ? (
        <p className="empty">
          <Trans>No information found</Trans>
        </p>
      ) : null}
    </aside>
  );
}
