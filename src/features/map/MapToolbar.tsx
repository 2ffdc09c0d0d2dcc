import { useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import type { MapTool } from './MapView.tsx';

/** Kakao's road view at a point (spec §2 map buttons: road view). */
export function roadViewUrl({ lat, lng }: { lat: number; lng: number }): string {
  return `https://map.kakao.com/link/roadview/${lat.toFixed(6)},${lng.toFixed(6)}`;
}

/** The buttons over the map: road view, distance, radius, favourites, filter reset, GPS, site report. */
export function MapToolbar({
  centre,
  tool,
  onTool,
  favourites,
  onFavourites,
  onFilterReset,
  onGps,
}: {
  centre: { lat: number; lng: number };
  tool: MapTool;
  onTool: (tool: MapTool) => void;
  favourites: boolean;
  onFavourites: (on: boolean) => void;
  onFilterReset: () => void;
  onGps: () => void;
}) {
  const { t } = useLingui();
  const toggle = (which: MapTool) => onTool(tool === which ? 'none' : which);
  return (
    <div className="map-toolbar" role="toolbar" aria-label={t`Map tools`}>
      <a
        className="map-toolbar__button"
        href={roadViewUrl(centre)}
        target="_blank"
        rel="noreferrer"
        title={t`Road view`}
      >
        <span aria-hidden="true">👁</span>
        <span>{t`Road view`}</span>
      </a>
      <button
        type="button"
        className="map-toolbar__button"
        aria-pressed={tool === 'distance'}
        onClick={() => toggle('distance')}
      >
        <span aria-hidden="true">📏</span>
        <span>{t`Distance`}</span>
      </button>
      <button
        type="button"
        className="map-toolbar__button"
        aria-pressed={tool === 'radius'}
        onClick={() => toggle('radius')}
      >
        <span aria-hidden="true">◯</span>
        <span>{t`Radius`}</span>
      </button>
      <button
        type="button"
        className="map-toolbar__button"
        aria-pressed={favourites}
        onClick={() => onFavourites(!favourites)}
      >
        <span aria-hidden="true">♥</span>
        <span>{t`Favourites`}</span>
      </button>
      <button type="button" className="map-toolbar__button" onClick={onFilterReset}>
        <span aria-hidden="true">↺</span>
        <span>{t`Reset filter`}</span>
      </button>
      <button type="button" className="map-toolbar__button" onClick={onGps}>
        <span aria-hidden="true">⌖</span>
        <span>{t`My location`}</span>
      </button>
      <Link to="/UnregisteredSite" className="map-toolbar__button">
        <span aria-hidden="true">✎</span>
        <span>{t`Report an unregistered site`}</span>
      </Link>
    </div>
  );
}
