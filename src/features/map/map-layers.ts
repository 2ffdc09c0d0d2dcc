import Feature from 'ol/Feature';
import Point from 'ol/geom/Point';
import TileLayer from 'ol/layer/Tile';
import { fromLonLat } from 'ol/proj';
import OSM from 'ol/source/OSM';
import XYZ from 'ol/source/XYZ';
import { Circle as CircleStyle, Fill, Stroke, Style, Text } from 'ol/style';
import type { MapCluster, MapPin } from '../../../sync/map/query.ts';
import { shortPrice } from './labels.ts';
import { baseTileUrl } from './tile-url.ts';

/**
 * Base tiles: VWorld WMTS when the server has a key, OpenStreetMap otherwise. Both are
 * requested with CORS so the service worker can keep them (vite.config.ts, 'map-tiles').
 */
export function baseSource(vworldKey: string | null): XYZ | OSM {
  if (!vworldKey) return new OSM({ url: baseTileUrl(null), crossOrigin: 'anonymous' });
  return new XYZ({
    url: baseTileUrl(vworldKey),
    crossOrigin: 'anonymous',
    attributions: '© VWorld',
    maxZoom: 19,
  });
}

export function baseLayer(vworldKey: string | null): TileLayer<XYZ | OSM> {
  return new TileLayer({ source: baseSource(vworldKey), preload: 1 });
}

const pinColours = { O: '#1f5eff', G: '#2f9e44', done: '#adb5bd' } as const;
const pinStyles = new Map<string, Style>();

/** A pin: its kind's colour, and above it the price label when it has one (`shortPrice`). */
function pinStyle(type: 'O' | 'G', complete: 'Y' | 'N', label: string | null): Style {
  const colour = complete === 'Y' ? 'done' : type;
  const key = `${colour}|${label ?? ''}`;
  let style = pinStyles.get(key);
  if (!style) {
    style = new Style({
      image: new CircleStyle({
        radius: 8,
        fill: new Fill({ color: pinColours[colour] }),
        stroke: new Stroke({ color: '#ffffff', width: 2 }),
      }),
      ...(label
        ? {
            text: new Text({
              text: label,
              offsetY: -22,
              padding: [2, 6, 2, 6],
              font: 'bold 12px sans-serif',
              fill: new Fill({ color: '#ffffff' }),
              backgroundFill: new Fill({ color: pinColours[colour] }),
              backgroundStroke: new Stroke({ color: '#ffffff', width: 1 }),
            }),
          }
        : {}),
    });
    pinStyles.set(key, style);
  }
  return style;
}

function clusterStyle(count: number): Style {
  const radius = Math.min(34, 12 + Math.log10(count) * 8);
  return new Style({
    image: new CircleStyle({
      radius,
      fill: new Fill({ color: 'rgba(31, 94, 255, 0.78)' }),
      stroke: new Stroke({ color: '#ffffff', width: 2 }),
    }),
    text: new Text({
      text: count >= 10_000 ? `${Math.round(count / 1000)}k` : String(count),
      fill: new Fill({ color: '#ffffff' }),
      font: 'bold 12px sans-serif',
    }),
  });
}

export function pinFeatures(pins: readonly MapPin[], locale: 'ko' | 'en'): Feature<Point>[] {
  return pins.map(([idx, lat, lng, type, complete, price]) => {
    const f = new Feature({ geometry: new Point(fromLonLat([lng, lat])) });
    f.setProperties({ kind: 'pin', idx, lat, lng });
    f.setStyle(pinStyle(type, complete, price ? shortPrice(price, locale) : null));
    return f;
  });
}

export function clusterFeatures(clusters: readonly MapCluster[]): Feature<Point>[] {
  return clusters.map((c) => {
    const f = new Feature({ geometry: new Point(fromLonLat([c.lng, c.lat])) });
    f.setProperties({ kind: 'cluster', count: c.count });
    f.setStyle(clusterStyle(c.count));
    return f;
  });
}
