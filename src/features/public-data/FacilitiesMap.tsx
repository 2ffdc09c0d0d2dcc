import 'ol/ol.css';
import { useLingui } from '@lingui/react/macro';
import Feature from 'ol/Feature';
import Point from 'ol/geom/Point';
import { circular } from 'ol/geom/Polygon';
import TileLayer from 'ol/layer/Tile';
import VectorLayer from 'ol/layer/Vector';
import OlMap from 'ol/Map';
import { fromLonLat } from 'ol/proj';
import VectorSource from 'ol/source/Vector';
import { Circle as CircleStyle, Fill, Stroke, Style } from 'ol/style';
import View from 'ol/View';
import { useEffect, useRef } from 'react';
import { FACILITY_RADIUS_M, type Facility } from '../../../sync/public-data/facilities.ts';
import { baseSource } from '../map/map-layers.ts';
import { useVworldKey } from '../map/useMapConfig.ts';
import { facilityKinds } from './facility-kinds.ts';

/** The 1 km the facilities were searched in, drawn faintly so a pin's distance reads at a glance. */
const radiusStyle = new Style({
  fill: new Fill({ color: 'rgba(31, 94, 255, 0.06)' }),
  stroke: new Stroke({ color: 'rgba(31, 94, 255, 0.5)', width: 1.5, lineDash: [6, 4] }),
});

const siteStyle = new Style({
  image: new CircleStyle({
    radius: 10,
    fill: new Fill({ color: '#212529' }),
    stroke: new Stroke({ color: '#ffffff', width: 3 }),
  }),
  zIndex: 10,
});

function pinStyle({ colour, selected }: { colour: string; selected: boolean }): Style {
  return new Style({
    image: new CircleStyle({
      radius: selected ? 10 : 7,
      fill: new Fill({ color: colour }),
      stroke: new Stroke({ color: '#ffffff', width: selected ? 3 : 2 }),
    }),
    zIndex: selected ? 5 : 1,
  });
}

/**
 * The site (dark pin) and its facilities (one colour a category, the chosen one larger and
 * centred) on an OpenLayers map with the map screen's base tiles. Tapping a pin chooses it.
 */
export default function FacilitiesMap({
  site,
  facilities,
  selectedId,
  onSelect,
}: {
  site: { lat: number; lng: number; name: string };
  facilities: Facility[];
  selectedId: string | null;
  onSelect: (id: string) => void;
}) {
  const { t } = useLingui();
  const element = useRef<HTMLElement>(null);
  const tiles = useRef(new TileLayer({ source: baseSource(null) }));
  const pins = useRef(new VectorSource());
  const map = useRef<OlMap | null>(null);
  const onSelectRef = useRef(onSelect);
  onSelectRef.current = onSelect;
  const vworldKey = useVworldKey();

  useEffect(() => {
    if (!element.current) return;
    const centre = fromLonLat([site.lng, site.lat]);
    const marker = new Feature({ geometry: new Point(centre) });
    marker.setStyle(siteStyle);
    // A geodesic circle (the map screen's radius tool draws the same way), 1 km on the ground.
    const ring = circular([site.lng, site.lat], FACILITY_RADIUS_M, 64).transform('EPSG:4326', 'EPSG:3857');
    const radius = new Feature({ geometry: ring });
    radius.setStyle(radiusStyle);
    const view = new View({ center: centre, zoom: 15, maxZoom: 19, minZoom: 11 });
    const olMap = new OlMap({
      target: element.current,
      layers: [
        tiles.current,
        new VectorLayer({ source: new VectorSource({ features: [radius] }) }),
        new VectorLayer({ source: pins.current }),
        new VectorLayer({ source: new VectorSource({ features: [marker] }) }),
      ],
      view,
    });
    // Every facility lies within the circle: fitting it shows them all.
    view.fit(ring.getExtent(), { size: olMap.getSize() ?? [340, 260], padding: [12, 12, 12, 12] });
    olMap.on('singleclick', (e) => {
      const hit = olMap.forEachFeatureAtPixel(e.pixel, (f) => f.get('facilityId') as string | undefined);
      if (hit) onSelectRef.current(hit);
    });
    map.current = olMap;
    return () => {
      olMap.setTarget(undefined);
      map.current = null;
    };
  }, [site.lat, site.lng]);

  useEffect(() => {
    if (vworldKey !== undefined) tiles.current.setSource(baseSource(vworldKey));
  }, [vworldKey]);

  useEffect(() => {
    pins.current.clear();
    pins.current.addFeatures(
      facilities.map((f) => {
        const feature = new Feature({ geometry: new Point(fromLonLat([f.lng, f.lat])), facilityId: f.id });
        feature.setStyle(
          pinStyle({ colour: facilityKinds[f.category].colour, selected: f.id === selectedId }),
        );
        return feature;
      }),
    );
    const chosen = facilities.find((f) => f.id === selectedId);
    if (chosen)
      map.current?.getView().animate({ center: fromLonLat([chosen.lng, chosen.lat]), duration: 250 });
  }, [facilities, selectedId]);

  return (
    <figure
      ref={element}
      className="facilities-map"
      aria-label={t`Map of facilities around ${site.name}`}
      data-testid="facilities-map"
    />
  );
}
