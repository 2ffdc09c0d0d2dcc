import { useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { Icon } from '../../ui/Icon.tsx';
import {
  CircleIcon,
  EditIcon,
  EyeIcon,
  HeartIcon,
  LocateIcon,
  ResetIcon,
  RulerIcon,
} from '../../ui/icons.ts';
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
        <Icon data={EyeIcon} size={18} />
        <span>{t`Road view`}</span>
      </a>
      <button
        type="button"
        className="map-toolbar__button"
        aria-pressed={tool === 'distance'}
        onClick={() => toggle('distance')}
      >
        <Icon data={RulerIcon} size={18} />
        <span>{t`Distance`}</span>
      </button>
      <button
        type="button"
        className="map-toolbar__button"
        aria-pressed={tool === 'radius'}
        onClick={() => toggle('radius')}
      >
        <Icon data={CircleIcon} size={18} />
        <span>{t`Radius`}</span>
      </button>
      <button
        type="button"
        className="map-toolbar__button"
        aria-pressed={favourites}
        onClick={() => onFavourites(!favourites)}
      >
        <Icon data={HeartIcon} size={18} />
        <span>{t`Favourites`}</span>
      </button>
      <button type="button" className="map-toolbar__button" onClick={onFilterReset}>
        <Icon data={ResetIcon} size={18} />
        <span>{t`Reset filter`}</span>
      </button>
      <button type="button" className="map-toolbar__button" onClick={onGps}>
        <Icon data={LocateIcon} size={18} />
        <span>{t`My location`}</span>
      </button>
      <Link to="/UnregisteredSite" className="map-toolbar__button">
        <Icon data={EditIcon} size={18} />
        <span>{t`Report an unregistered site`}</span>
      </Link>
    </div>
  );
}
