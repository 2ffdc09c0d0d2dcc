import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { type ReactNode, useEffect, useId, useRef } from 'react';
import type { MapSortState } from '../../../sync/map/filter-state.ts';
import type { MapSite } from '../../../sync/map/query.ts';
import { Icon } from '../../ui/Icon.tsx';
import { MapIcon } from '../../ui/icons.ts';
import { useWaitingSites } from '../sites/common/waiting-sites.tsx';
import { SiteRow } from './SiteRow.tsx';
import { type SheetSnap, useBottomSheet } from './useBottomSheet.ts';

/**
 * The list beside the map (480px on wide screens, a bottom sheet dragged between peek, half and
 * full on phones): count, the show-inquiry-only box, the two sort selectors, and rows loaded 10
 * at a time as it scrolls. The rows stay mounted whatever the sheet's height, so the list keeps
 * its scroll.
 */
export function SiteList({
  list,
  count,
  loading,
  offline,
  offlineAreas = [],
  onMore,
  onOpen,
  inquireOnly,
  onInquireOnly,
  sort,
  onSort,
  refusal = null,
}: {
  list: MapSite[];
  count: number | null;
  loading: boolean;
  offline: boolean;
  /** Offline: the kept areas the answer covered. */
  offlineAreas?: string[];
  onMore: () => void;
  onOpen: (idx: number) => void;
  inquireOnly: boolean;
  onInquireOnly: (on: boolean) => void;
  sort: MapSortState;
  onSort: (sort: MapSortState) => void;
  /** Why the search did not run, said where its results would be (MapRefusal). */
  refusal?: ReactNode;
}) {
  const { t } = useLingui();
  const waiting = useWaitingSites();
  const sheet = useBottomSheet();
  const describedBy = useId();
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

  const snapNames: Record<SheetSnap, string> = {
    peek: t`List closed`,
    half: t`List at half height`,
    full: t`List at full height`,
  };
  const countText =
    count !== null ? (
      <Plural value={count} one="# site" other="# sites" />
    ) : refusal ? (
      t`Search unavailable`
    ) : (
      t`Searching…`
    );
  // Folded away, the rows are out of reach of the keyboard and screen readers as well as of sight.
  const folded = sheet.snap === 'peek' && !sheet.dragging;

  return (
    <aside
      ref={sheet.sheetRef}
      className={`site-list${sheet.dragging ? ' is-dragging' : ''}`}
      data-snap={sheet.snap}
      style={sheet.style}
      aria-label={t`Sites on the map`}
    >
      {sheet.handle ? (
        <button
          type="button"
          className="site-list__handle"
          aria-expanded={sheet.snap !== 'peek'}
          aria-describedby={describedBy}
          data-testid="site-list-handle"
          {...sheet.handle}
        >
          <span className="site-list__grabber" aria-hidden="true" />
          <span className="site-list__count">{countText}</span>
          {offline ? (
            <span className="badge badge--warn">
              <Trans>Offline results</Trans>
            </span>
          ) : null}
        </button>
      ) : (
        <div className="site-list__handle">
          <span className="site-list__count">{countText}</span>
          {offline ? (
            <span className="badge badge--warn">
              <Trans>Offline results</Trans>
            </span>
          ) : null}
        </div>
      )}
      {sheet.handle ? (
        // The handle's description: outside it, so its name stays what it shows.
        <span id={describedBy} className="sr-only">
          {snapNames[sheet.snap]}. {t`Press to change the list's height, or use the up and down arrow keys.`}
        </span>
      ) : null}
      <div className="site-list__body" inert={folded}>
        {count === null ? refusal : null}
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
        <ul className="list site-list__rows" data-testid="site-list-rows">
          {list.map((site) => (
            <SiteRow key={site.f_idx} site={site} onOpen={onOpen} waiting={waiting.has(site.f_idx)} />
          ))}
          {more ? (
            <li ref={sentinel} className="site-list__more">
              {loading ? t`Loading sites…` : ''}
            </li>
          ) : null}
          {count === 0 ? (
            <li className="empty">
              <Trans>No information found</Trans>
            </li>
          ) : null}
        </ul>
      </div>
      {sheet.snap === 'full' && !sheet.wide ? (
        <button type="button" className="site-list__to-map" onClick={() => sheet.setSnap('peek')}>
          <Icon data={MapIcon} size={18} />
          <Trans>Show map</Trans>
        </button>
      ) : null}
    </aside>
  );
}
