import { useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { type ReactNode, useState } from 'react';
import { Icon } from '../../ui/Icon.tsx';
import {
  CircleIcon,
  CloseIcon,
  DrawIcon,
  EyeIcon,
  HeartIcon,
  LayersIcon,
  LocateIcon,
  ResetIcon,
  RulerIcon,
} from '../../ui/icons.ts';
import type { MapTool } from './MapView.tsx';

/** Kakao's road view at a point (spec §2 map buttons: road view). */
export function roadViewUrl({ lat, lng }: { lat: number; lng: number }): string {
  return `https://map.kakao.com/link/roadview/${lat.toFixed(6)},${lng.toFixed(6)}`;
}

/**
 * The map's controls, small enough to leave the map to the sites: my location and one tools
 * button that opens the rest (road view, distance, radius, favourites, filter reset, site
 * report, and what `extra` adds). The tools button is marked while a tool or favourites is on.
 */
export function MapToolbar({
  centre,
  tool,
  onTool,
  favourites,
  onFavourites,
  onFilterReset,
  onGps,
  extra,
}: {
  centre: { lat: number; lng: number };
  tool: MapTool;
  onTool: (tool: MapTool) => void;
  favourites: boolean;
  onFavourites: (on: boolean) => void;
  onFilterReset: () => void;
  onGps: () => void;
  /** More entries of the tools menu; given `close` to fold it after a choice. */
  extra?: (close: () => void) => ReactNode;
}) {
  const { t } = useLingui();
  const [open, setOpen] = useState(false);
  const close = () => setOpen(false);
  const toggle = (which: MapTool) => {
    onTool(tool === which ? 'none' : which);
    close();
  };
  const active = tool !== 'none' || favourites;
  return (
    <div className="map-controls">
      <button
        type="button"
        className="map-fab"
        onClick={onGps}
        aria-label={t`My location`}
        title={t`My location`}
      >
        <Icon data={LocateIcon} size={20} />
      </button>
      <button
        type="button"
        className={`map-fab${active ? ' is-active' : ''}`}
        aria-expanded={open}
        aria-controls="map-tools"
        aria-label={t`Map tools`}
        title={t`Map tools`}
        onClick={() => setOpen((o) => !o)}
      >
        {open ? <Icon data={CloseIcon} size={20} /> : <Icon data={LayersIcon} size={20} />}
      </button>
      {open ? (
        <div id="map-tools" className="map-tools">
          <a
            className="map-tools__item"
            href={roadViewUrl(centre)}
            target="_blank"
            rel="noreferrer"
            onClick={close}
          >
            <Icon data={EyeIcon} size={20} />
            {t`Road view`}
          </a>
          <button
            type="button"
            className="map-tools__item"
            aria-pressed={tool === 'distance'}
            onClick={() => toggle('distance')}
          >
            <Icon data={RulerIcon} size={20} />
            {t`Distance`}
          </button>
          <button
            type="button"
            className="map-tools__item"
            aria-pressed={tool === 'radius'}
            onClick={() => toggle('radius')}
          >
            <Icon data={CircleIcon} size={20} />
            {t`Radius`}
          </button>
          <button
            type="button"
            className="map-tools__item"
            aria-pressed={favourites}
            onClick={() => {
              onFavourites(!favourites);
              close();
            }}
          >
            <Icon data={HeartIcon} size={20} />
            {t`Favourites`}
          </button>
          <button
            type="button"
            className="map-tools__item"
            onClick={() => {
              onFilterReset();
              close();
            }}
          >
            <Icon data={ResetIcon} size={20} />
            {t`Reset filter`}
          </button>
          <Link to="/UnregisteredSite" className="map-tools__item">
            <Icon data={DrawIcon} size={20} />
            {t`Report an unregistered site`}
          </Link>
          {extra?.(close)}
        </div>
      ) : null}
    </div>
  );
}
