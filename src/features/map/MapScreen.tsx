import { useLingui } from '@lingui/react/macro';
import { useRouter } from '@tanstack/react-router';
import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import {
  activeFilterCount,
  defaultMapFilter,
  type MapArea,
  type MapFilterState,
  type MapSortState,
} from '../../../sync/map/filter-state.ts';
import { formatNumber } from '../../lib/format.ts';
import { useModal } from '../../ui/modal.tsx';
import { ScreenHeader } from '../../ui/ScreenHeader.tsx';
import { toast } from '../../ui/toast.tsx';
import './map.css';
import { Icon } from '../../ui/Icon.tsx';
import { OfflineAreaIcon, ZoomOutIcon } from '../../ui/icons.ts';
import { afterModalClosed } from '../points/modal-chain.ts';
import { useTicketCheck } from '../points/useTicketCheck.tsx';
import { FilterPanel } from './FilterPanel.tsx';
import { KeywordBar } from './KeywordBar.tsx';
import { SamePositionDialog } from './MapDialogs.tsx';
import { MapRefusal } from './MapRefusal.tsx';
import { MapToolbar } from './MapToolbar.tsx';
import type { MapTool, MapViewChange } from './MapView.tsx';
import { sitesAtPosition } from './map-search.ts';
import { markersExtent } from './markers-extent.ts';
import { RadiusPanel } from './RadiusPanel.tsx';
import { SiteList } from './SiteList.tsx';
import { fallbackView, START_BOX_DEGREES, savedView, saveView, seoulToday } from './saved-view.ts';
import { useVworldKey } from './useMapConfig.ts';
import { useMapSearch } from './useMapSearch.ts';
import { useMyPosition } from './useMyPosition.ts';

// The map itself (OpenLayers) is its own chunk: the screen's bar, list and tools are laid out and
// shown first, and the map's code is evaluated and drawn in tasks of its own after them, not in
// one long task a tap would wait behind.
const MapView = lazy(() => import('./MapView.tsx').then((m) => ({ default: m.MapView })));
// Offline areas load on first use, not with the map.
const OfflineAreasPopup = lazy(() => import('../offline-areas/OfflineAreasPopup.tsx'));

/** Levels one "zoom out" moves. */
const ZOOM_OUT_STEP = 2;
/** How often, and down to which zoom, an empty first map widens by itself. */
const AUTO_WIDEN_STEPS = 3;
const MIN_AUTO_ZOOM = 9;

/** Spec §2 Map: keyword, filters, the map with pins or clusters, the list, and the map tools. */
export function MapScreen({ initialKeyword }: { initialKeyword: string }) {
  const { t } = useLingui();
  const router = useRouter();
  const modal = useModal();
  const today = useMemo(() => seoulToday(), []);
  // A first map shows the spec's start box around Seoul until the member's position is known.
  const initial = useMemo(() => savedView() ?? { ...fallbackView, box: START_BOX_DEGREES }, []);
  // Spec §4: opening the map clears the filter; Apply keeps a backup that Cancel returns to.
  const [applied, setApplied] = useState<MapFilterState>(() => defaultMapFilter(today));
  const [draft, setDraft] = useState<MapFilterState | null>(null);
  const [keywordText, setKeywordText] = useState(initialKeyword);
  const [keyword, setKeyword] = useState(initialKeyword);
  const [global, setGlobal] = useState(initialKeyword !== '');
  const [view, setView] = useState<MapViewChange | null>(null);
  const [tool, setTool] = useState<MapTool>('none');
  const [radius, setRadius] = useState<{ lat: number; lng: number; km: number } | null>(null);
  const [distance, setDistance] = useState<number | null>(null);
  const [sort, setSort] = useState<MapSortState>({ site: 'S', price: '' });
  const [fit, setFit] = useState<{ extent: [number, number, number, number]; nonce: number } | null>(null);
  const [zoomBy, setZoomBy] = useState<{ levels: number; nonce: number } | null>(null);
  const vworldKey = useVworldKey();
  const firstVisit = useMemo(() => savedView() === null, []);
  const gps = useMyPosition({ askNow: firstVisit });
  const zoomOut = useCallback(() => setZoomBy({ levels: -ZOOM_OUT_STEP, nonce: Date.now() }), []);

  // Spec §4/§6: the server checks the ticket; an expired one is offered the usage extension.
  const { guard } = useTicketCheck();

  const area: MapArea | null =
    tool === 'radius' && radius
      ? { kind: 'radius', ...radius }
      : view
        ? { kind: 'bounds', bounds: view.bounds }
        : null;
  const search = useMapSearch({
    params: { filter: applied, keyword, global, area, zoom: view?.zoom ?? initial.zoom, sort, today },
    guard,
  });

  // A keyword searched everywhere moves the map to what it found; panning then searches there.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once per new result
  useEffect(() => {
    const { result, resultQuery } = search;
    if (!global || !result || resultQuery?.use_keyword !== 'Y') return;
    setGlobal(false);
    const extent = markersExtent(result);
    if (extent) setFit({ extent, nonce: Date.now() });
    else toast(t`No search result`);
  }, [search.result]);

  // A first map (no saved view) with nothing in its start box widens by itself until sites show,
  // a few steps at most: an agent's first look should find sites, not "0 sites".
  const widened = useRef(0);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once per new result
  useEffect(() => {
    const { result } = search;
    if (!firstVisit || !result || search.offline || global) return;
    if (result.count > 0 || widened.current >= AUTO_WIDEN_STEPS || (view?.zoom ?? 0) <= MIN_AUTO_ZOOM) {
      widened.current = AUTO_WIDEN_STEPS;
      return;
    }
    widened.current += 1;
    zoomOut();
  }, [search.result]);

  const openSite = useCallback(
    (idx: number) => {
      router.history.push(`/SiteDetail?site_idx=${idx}`);
    },
    [router],
  );

  const onPin = useCallback(
    async (pin: { idx: number; lat: number; lng: number }) => {
      const here = await sitesAtPosition(pin).catch(() => []);
      if (here.length <= 1) return openSite(pin.idx);
      modal.open((close) => (
        <SamePositionDialog
          sites={here}
          onClose={close}
          onPick={(idx) => {
            close();
            // Closing goes back in history; the detail is pushed once that has landed.
            void afterModalClosed().then(() => openSite(idx));
          }}
        />
      ));
    },
    [modal, openSite],
  );

  const resetAll = () => {
    setKeywordText('');
    setKeyword('');
    setGlobal(false);
    setApplied(defaultMapFilter(today));
    setRadius(null);
    setTool('none');
    // 초기화 also brings the map back to its start view.
    gps.restart();
  };

  const centre = view?.center ?? initial;
  return (
    <>
      <ScreenHeader title={t`Map`} />
      <main className="map-screen">
        <KeywordBar
          value={keywordText}
          onChange={setKeywordText}
          onSearch={() => {
            setKeyword(keywordText);
            setGlobal(keywordText.trim() !== '');
          }}
          onReset={resetAll}
          onFilter={() => setDraft(draft ? null : applied)}
          activeFilters={activeFilterCount(applied, today)}
        />
        <div className="map-screen__body">
          <SiteList
            list={search.list}
            count={search.result?.count ?? null}
            loading={search.loading}
            offline={search.offline}
            offlineAreas={search.offlineAreas}
            onMore={search.loadMore}
            onOpen={openSite}
            inquireOnly={applied.inquireOnly}
            onInquireOnly={(on) =>
              setApplied({ ...applied, inquireOnly: on, hideInquire: on ? false : applied.hideInquire })
            }
            sort={sort}
            onSort={setSort}
            refusal={search.refused ? <MapRefusal /> : null}
          />
          <div className="map-screen__map">
            <Suspense fallback={null}>
              <MapView
                initial={initial}
                vworldKey={vworldKey}
                result={search.result}
                tool={tool}
                radius={tool === 'radius' ? radius : null}
                goTo={gps.goTo}
                zoomBy={zoomBy}
                fit={fit}
                myPosition={gps.position}
                onView={(v) => {
                  setView(v);
                  saveView({ ...v.center, zoom: v.zoom });
                }}
                onPin={(pin) => void onPin(pin)}
                onRadiusCentre={(c) => setRadius({ ...c, km: radius?.km ?? 0.3 })}
                onDistance={setDistance}
              />
            </Suspense>
            <MapToolbar
              centre={centre}
              tool={tool}
              onTool={(next) => {
                setTool(next);
                if (next !== 'radius') setRadius(null);
              }}
              favourites={applied.favorite}
              onFavourites={(on) => setApplied({ ...applied, favorite: on })}
              onFilterReset={() => setApplied(defaultMapFilter(today))}
              onGps={gps.locate}
              extra={(closeMenu) => (
                <button
                  type="button"
                  className="map-tools__item"
                  onClick={() => {
                    closeMenu();
                    modal.open((close) => (
                      <Suspense fallback={null}>
                        <OfflineAreasPopup
                          vworldKey={vworldKey ?? null}
                          view={view?.bounds ?? null}
                          close={close}
                        />
                      </Suspense>
                    ));
                  }}
                >
                  <Icon data={OfflineAreaIcon} size={20} />
                  {t`Offline areas`}
                </button>
              )}
            />
            {search.result && search.result.count === 0 && !search.loading && tool === 'none' ? (
              <p className="map-empty" role="status">
                <span>{t`No sites in this view. Zoom out to see more.`}</span>
                <button type="button" className="button button--small" onClick={zoomOut}>
                  <Icon data={ZoomOutIcon} size={16} />
                  {t`Zoom out`}
                </button>
              </p>
            ) : null}
            {tool === 'radius' ? (
              <RadiusPanel radius={radius} onKm={(km) => radius && setRadius({ ...radius, km })} />
            ) : null}
            {tool === 'distance' ? (
              <p className="map-hint" role="status">
                {distance === null
                  ? t`Draw a line on the map; double-click to finish.`
                  : t`Distance: ${formatNumber(Math.round(distance))} m`}
              </p>
            ) : null}
          </div>
        </div>
        {draft ? (
          <div className="filter-overlay">
            <FilterPanel
              draft={draft}
              onDraft={setDraft}
              onApply={() => {
                setApplied(draft);
                setDraft(null);
              }}
              onCancel={() => setDraft(null)}
              onReset={() => setDraft(defaultMapFilter(today))}
              today={today}
            />
          </div>
        ) : null}
      </main>
    </>
  );
}
