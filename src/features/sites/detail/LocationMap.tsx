import 'ol/ol.css';
import { useLingui } from '@lingui/react/macro';
import Feature from 'ol/Feature';
import Point from 'ol/geom/Point';
import TileLayer from 'ol/layer/Tile';
import VectorLayer from 'ol/layer/Vector';
import OlMap from 'ol/Map';
import { fromLonLat } from 'ol/proj';
import VectorSource from 'ol/source/Vector';
import { Circle as CircleStyle, Fill, Stroke, Style } from 'ol/style';
import View from 'ol/View';
import { useEffect, useRef } from 'react';
import { baseSource } from '../../map/map-layers.ts';
import { useVworldKey } from '../../map/useMapConfig.ts';

/** Spec §9 map zoom. */
const ZOOM = 14.5;

const siteStyle = new Style({
  image: new CircleStyle({
    radius: 9,
    fill: new Fill({ color: '#e03131' }),
    stroke: new Stroke({ color: '#ffffff', width: 3 }),
  }),
});

/** The site's location on a small OpenLayers map, with the same base tiles as the map screen. */
export default function LocationMap({ lat, lng, title }: { lat: number; lng: number; title: string }) {
  const { t } = useLingui();
  const element = useRef<HTMLElement>(null);
  const tiles = useRef(new TileLayer({ source: baseSource(null) }));
  const vworldKey = useVworldKey();

  useEffect(() => {
    if (!element.current) return;
    const marker = new Feature({ geometry: new Point(fromLonLat([lng, lat])) });
    const map = new OlMap({
      target: element.current,
      layers: [
        tiles.current,
        new VectorLayer({ source: new VectorSource({ features: [marker] }), style: siteStyle }),
      ],
      view: new View({ center: fromLonLat([lng, lat]), zoom: ZOOM, maxZoom: 19, minZoom: 6 }),
    });
    return () => map.setTarget(undefined);
  }, [lat, lng]);

  useEffect(() => {
    if (vworldKey !== undefined) tiles.current.setSource(baseSource(vworldKey));
  }, [vworldKey]);

  return (
    <figure
      ref={element}
      className="location-map"
      // A figure, not an image: the map holds its own zoom and attribution buttons.
      aria-label={t`Map of ${title}`}
      data-testid="location-map"
    />
  );
}
