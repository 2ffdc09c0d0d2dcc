import { useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { Circle, Eye, Heart, Layers, LocateFixed, PencilLine, RotateCcw, Ruler, X } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import type { MapTool } from './MapView.tsx';

/** Kakao's road view at a point (spec §2 map buttons: road view). */
export function roadViewUrl({ lat, lng }: { lat: number; lng: number }): string {
  return `https://map.kakao.com/link/roadview/${lat.toFixed(6)},${lng.toFixed(6)}`;
}

const icon = { size: 20, 'aria-hidden': true } as const;

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
        <LocateFixed {...icon} />
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
        {open ? <X {...icon} /> : <Layers {...icon} />}
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
            <Eye {...icon} />
            {t`Road view`}
          </a>
          <button
            type="button"
            className="map-tools__item"
            aria-pressed={tool === 'distance'}
            onClick={() => toggle('distance')}
          >
            <Ruler {...icon} />
            {t`Distance`}
          </button>
          <button
            type="button"
            className="map-tools__item"
            aria-pressed={tool === 'radius'}
            onClick={() => toggle('radius')}
          >
            <Circle {...icon} />
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
            <Heart {...icon} />
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
            <RotateCcw {...icon} />
            {t`Reset filter`}
          </button>
          <Link to="/UnregisteredSite" className="map-tools__item">
            <PencilLine {...icon} />
            {t`Report an unregistered site`}
          </Link>
          {extra?.(close)}
        </div>
      ) : null}
    </div>
  );
}
