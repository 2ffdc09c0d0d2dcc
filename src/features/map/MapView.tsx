import 'ol/ol.css';
import { useLingui } from '@lingui/react/macro';
import Feature from 'ol/Feature';
import Point from 'ol/geom/Point';
import { circular } from 'ol/geom/Polygon';
import Draw from 'ol/interaction/Draw';
import VectorLayer from 'ol/layer/Vector';
import OlMap from 'ol/Map';
import { fromLonLat, toLonLat, transformExtent } from 'ol/proj';
import VectorSource from 'ol/source/Vector';
import { getLength } from 'ol/sphere';
import { Circle as CircleStyle, Fill, Stroke, Style } from 'ol/style';
import View from 'ol/View';
import { useEffect, useRef } from 'react';
import type { MapBounds, MapSearchResult } from '../../../sync/map/query.ts';
import { baseLayer, baseSource, clusterFeatures, pinFeatures } from './map-layers.ts';

export type MapTool = 'none' | 'distance' | 'radius';

export interface MapViewChange {
  bounds: MapBounds;
  zoom: number;
  center: { lat: number; lng: number };
}

interface Props {
  /** Where the map opens; `box`: that many degrees around the point instead of the zoom. */
  initial: { lat: number; lng: number; zoom: number; box?: number };
  /** undefined until the server said; null: OpenStreetMap. */
  vworldKey: string | null | undefined;
  result: MapSearchResult | null;
  tool: MapTool;
  radius: { lat: number; lng: number; km: number } | null;
  /** Move the view; the nonce makes the same target move it again. `box`: show that many degrees around it. */
  goTo: { lat: number; lng: number; zoom?: number; box?: number; nonce: number } | null;
  /** Zoom out (negative) or in by this many levels; the nonce repeats it. */
  zoomBy: { levels: number; nonce: number } | null;
  fit: { extent: [number, number, number, number]; nonce: number } | null;
  myPosition: { lat: number; lng: number } | null;
  onView: (view: MapViewChange) => void;
  onPin: (pin: { idx: number; lat: number; lng: number }) => void;
  onRadiusCentre: (centre: { lat: number; lng: number }) => void;
  onDistance: (metres: number | null) => void;
}

const toolStyle = new Style({
  stroke: new Stroke({ color: '#e03131', width: 3 }),
  fill: new Fill({ color: 'rgba(224, 49, 49, 0.08)' }),
  image: new CircleStyle({ radius: 6, fill: new Fill({ color: '#e03131' }) }),
});
const meStyle = new Style({
  image: new CircleStyle({
    radius: 7,
    fill: new Fill({ color: '#f08c00' }),
    stroke: new Stroke({ color: '#ffffff', width: 3 }),
  }),
});

/** A square of `degrees` around a point, in the map's projection. */
function boxAround({ lat, lng, degrees }: { lat: number; lng: number; degrees: number }): number[] {
  const half = degrees / 2;
  return transformExtent([lng - half, lat - half, lng + half, lat + half], 'EPSG:4326', 'EPSG:3857');
}

/** The OpenLayers map: base tiles, pins or clusters, the distance and radius tools. */
export function MapView(props: Props) {
  const element = useRef<HTMLDivElement>(null);
  const map = useRef<OlMap | null>(null);
  const markers = useRef(new VectorSource());
  const tools = useRef(new VectorSource());
  const me = useRef(new VectorSource());
  const base = useRef(baseLayer(null));
  // Handlers change every render; the map's listeners read the latest through this ref.
  const latest = useRef(props);
  latest.current = props;
  const { vworldKey, result, tool, radius, goTo, fit, myPosition, zoomBy } = props;
  const { i18n } = useLingui();
  const locale = i18n.locale === 'en' ? 'en' : 'ko';

  useEffect(() => {
    if (!element.current) return;
    const { initial } = latest.current;
    const olMap = new OlMap({
      target: element.current,
      layers: [
        base.current,
        new VectorLayer({ source: tools.current, style: toolStyle }),
        new VectorLayer({ source: markers.current }),
        new VectorLayer({ source: me.current, style: meStyle }),
      ],
      view: new View({
        center: fromLonLat([initial.lng, initial.lat]),
        zoom: initial.zoom,
        maxZoom: 19,
        minZoom: 6,
      }),
    });
    if (initial.box) {
      olMap.updateSize();
      olMap.getView().fit(boxAround({ ...initial, degrees: initial.box }));
    }
    olMap.on('moveend', () => {
      const view = olMap.getView();
      const size = olMap.getSize();
      if (!size) return;
      const [west, south, east, north] = transformExtent(
        view.calculateExtent(size),
        'EPSG:3857',
        'EPSG:4326',
      );
      const [lng, lat] = toLonLat(view.getCenter() ?? [0, 0]);
      latest.current.onView({
        bounds: {
          south: Math.max(-90, south ?? 0),
          west: Math.max(-180, west ?? 0),
          north: Math.min(90, north ?? 0),
          east: Math.min(180, east ?? 0),
        },
        zoom: Math.round((view.getZoom() ?? 14.5) * 10) / 10,
        center: { lat: lat ?? 0, lng: lng ?? 0 },
      });
    });
    olMap.on('singleclick', (event) => {
      if (latest.current.tool === 'distance') return;
      if (latest.current.tool === 'radius') {
        const [lng, lat] = toLonLat(event.coordinate);
        latest.current.onRadiusCentre({ lat: lat ?? 0, lng: lng ?? 0 });
        return;
      }
      const feature = olMap.forEachFeatureAtPixel(event.pixel, (f) => f, { hitTolerance: 6 });
      if (!feature) return;
      const p = feature.getProperties();
      if (p.kind === 'pin') latest.current.onPin({ idx: p.idx, lat: p.lat, lng: p.lng });
      if (p.kind === 'cluster') {
        const view = olMap.getView();
        view.animate({
          center: (feature.getGeometry() as Point).getCoordinates(),
          zoom: (view.getZoom() ?? 12) + 2,
          duration: 250,
        });
      }
    });
    map.current = olMap;
    return () => {
      olMap.setTarget(undefined);
      map.current = null;
    };
  }, []);

  useEffect(() => {
    if (vworldKey !== undefined) base.current.setSource(baseSource(vworldKey));
  }, [vworldKey]);

  useEffect(() => {
    const source = markers.current;
    source.clear();
    if (!result) return;
    source.addFeatures(
      result.mode === 'pins' ? pinFeatures(result.pins, locale) : clusterFeatures(result.clusters),
    );
  }, [result, locale]);

  useEffect(() => {
    const view = map.current?.getView();
    if (!goTo || !view) return;
    if (goTo.box) {
      view.fit(boxAround({ ...goTo, degrees: goTo.box }), { duration: 300 });
      return;
    }
    view.animate({
      center: fromLonLat([goTo.lng, goTo.lat]),
      zoom: goTo.zoom ?? view.getZoom(),
      duration: 300,
    });
  }, [goTo]);

  useEffect(() => {
    const view = map.current?.getView();
    if (!zoomBy || !view) return;
    view.animate({ zoom: (view.getZoom() ?? 12) + zoomBy.levels, duration: 250 });
  }, [zoomBy]);

  useEffect(() => {
    if (!fit || !map.current) return;
    const extent = transformExtent(fit.extent, 'EPSG:4326', 'EPSG:3857');
    map.current.getView().fit(extent, { padding: [60, 60, 60, 60], maxZoom: 16, duration: 300 });
  }, [fit]);

  useEffect(() => {
    me.current.clear();
    if (myPosition) {
      me.current.addFeature(
        new Feature({ geometry: new Point(fromLonLat([myPosition.lng, myPosition.lat])) }),
      );
    }
  }, [myPosition]);

  // The distance tool draws a line and reports its length on the ground.
  useEffect(() => {
    const olMap = map.current;
    if (!olMap || tool !== 'distance') return;
    tools.current.clear();
    const draw = new Draw({ source: tools.current, type: 'LineString', style: toolStyle });
    draw.on('drawstart', (e) => {
      tools.current.clear();
      e.feature.getGeometry()?.on('change', (g) => latest.current.onDistance(getLength(g.target)));
    });
    olMap.addInteraction(draw);
    return () => {
      olMap.removeInteraction(draw);
      tools.current.clear();
      latest.current.onDistance(null);
    };
  }, [tool]);

  useEffect(() => {
    if (tool === 'distance') return;
    tools.current.clear();
    if (radius) {
      const ring = circular([radius.lng, radius.lat], radius.km * 1000, 96).transform(
        'EPSG:4326',
        'EPSG:3857',
      );
      tools.current.addFeatures([
        new Feature(ring),
        new Feature(new Point(fromLonLat([radius.lng, radius.lat]))),
      ]);
    }
  }, [radius, tool]);

  return <div ref={element} className="map-view" data-testid="map-view" />;
}
