import 'ol/ol.css';
import { Trans, useLingui } from '@lingui/react/macro';
import Feature from 'ol/Feature';
import Point from 'ol/geom/Point';
import TileLayer from 'ol/layer/Tile';
import VectorLayer from 'ol/layer/Vector';
import OlMap from 'ol/Map';
import { fromLonLat, toLonLat } from 'ol/proj';
import VectorSource from 'ol/source/Vector';
import { Circle as CircleStyle, Fill, Stroke, Style } from 'ol/style';
import View from 'ol/View';
import { useCallback, useEffect, useRef, useState } from 'react';
import {
  type AddressResult,
  type AddressSource,
  findAddressByPointCall,
  KOREA_BOX,
} from '../../../../sync/api/address.api.ts';
import { SEOUL_FALLBACK } from '../../../../sync/constants.ts';
import { api } from '../../../api/client.ts';
import { useCall } from '../../../api/useCall.ts';
import { baseSource } from '../../map/map-layers.ts';
import { useVworldKey } from '../../map/useMapConfig.ts';
import type { AddressPick, MapPoint } from './address-pick.ts';
import { SampleBadge } from './SampleBadge.tsx';

const pointStyle = new Style({
  image: new CircleStyle({
    radius: 9,
    fill: new Fill({ color: '#e03131' }),
    stroke: new Stroke({ color: '#ffffff', width: 3 }),
  }),
});

/** Six decimals: about 10 cm, as the registration keeps them. */
const rounded = (n: number) => Math.round(n * 1e6) / 1e6;

const inKorea = ({ lat, lng }: MapPoint) =>
  lat >= KOREA_BOX.south && lat <= KOREA_BOX.north && lng >= KOREA_BOX.west && lng <= KOREA_BOX.east;

type Lookup = { point: MapPoint; address: AddressResult | null; source: AddressSource } | null;

/**
 * Spec §2 address search "or map": the member taps the site's place (or centres the map on it);
 * the point sets the coordinates and the server names the address there (findAddressByPoint).
 */
export default function MapPointPicker({
  start,
  onPick,
}: {
  start: MapPoint | null;
  onPick: (pick: AddressPick | null) => void;
}) {
  const { t } = useLingui();
  const element = useRef<HTMLElement>(null);
  const map = useRef<OlMap | null>(null);
  const marker = useRef(new Feature<Point>());
  const tiles = useRef(new TileLayer({ source: baseSource(null) }));
  const vworldKey = useVworldKey();
  const [lookup, setLookup] = useState<Lookup>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const { run, pending } = useCall();
  const asked = useRef(0);

  const choose = useCallback(
    async (raw: MapPoint) => {
      const point = { lat: rounded(raw.lat), lng: rounded(raw.lng) };
      marker.current.setGeometry(new Point(fromLonLat([point.lng, point.lat])));
      if (!inKorea(point)) {
        setLookup(null);
        setProblem(t`Please pick a place in Korea.`);
        return;
      }
      setProblem(null);
      // Only the latest point's answer is shown when taps come quicker than answers.
      const mine = ++asked.current;
      const answer = await run(() => api(findAddressByPointCall, point));
      if (answer && mine === asked.current) setLookup({ point, ...answer });
    },
    [run, t],
  );

  useEffect(() => {
    if (!element.current) return;
    const centre = start ?? SEOUL_FALLBACK;
    const olMap = new OlMap({
      target: element.current,
      layers: [
        tiles.current,
        new VectorLayer({ source: new VectorSource({ features: [marker.current] }), style: pointStyle }),
      ],
      view: new View({ center: fromLonLat([centre.lng, centre.lat]), zoom: 16, maxZoom: 19, minZoom: 6 }),
    });
    if (start) marker.current.setGeometry(new Point(fromLonLat([start.lng, start.lat])));
    olMap.on('singleclick', (e) => {
      const [lng, lat] = toLonLat(e.coordinate);
      if (lat !== undefined && lng !== undefined) void choose({ lat, lng });
    });
    map.current = olMap;
    return () => {
      olMap.setTarget(undefined);
      map.current = null;
    };
  }, [start, choose]);

  useEffect(() => {
    if (vworldKey !== undefined) tiles.current.setSource(baseSource(vworldKey));
  }, [vworldKey]);

  const pickCentre = () => {
    const centre = map.current?.getView().getCenter();
    if (!centre) return;
    const [lng, lat] = toLonLat(centre);
    if (lat !== undefined && lng !== undefined) void choose({ lat, lng });
  };

  const found = lookup?.address ?? null;
  return (
    <div className="form">
      <p className="muted">{t`Tap the site's place on the map, or move the map and pick its centre.`}</p>
      <figure
        ref={element}
        className="location-map address-map"
        aria-label={t`Map to pick the site's place`}
        data-testid="address-map"
      />
      <button type="button" className="button button--small" onClick={pickCentre}>
        <Trans>Pick the map's centre</Trans>
      </button>
      {problem ? <p className="muted">{problem}</p> : null}
      {pending ? <p className="muted">{t`Looking up the address…`}</p> : null}
      {lookup ? (
        <section className="address-point" aria-label={t`The picked place`} data-testid="picked-point">
          <SampleBadge source={lookup.source} />
          {found ? (
            <>
              <strong>{found.road_address ?? found.address_name}</strong>
              {found.road_address ? <span className="muted">{found.address_name}</span> : null}
              {found.precision === 'approximate' ? (
                <span className="muted" data-testid="area-only">
                  <Trans>An area, not a lot: no lot number</Trans>
                </span>
              ) : null}
            </>
          ) : (
            <span className="muted">{t`No address is known at this point: only its coordinates can be used.`}</span>
          )}
          <span className="muted">
            {lookup.point.lat.toFixed(5)}, {lookup.point.lng.toFixed(5)}
          </span>
        </section>
      ) : null}
      <div className="modal__actions">
        <button type="button" className="button" onClick={() => onPick(null)}>
          <Trans>Cancel</Trans>
        </button>
        {lookup ? (
          <button
            type="button"
            className="button button--primary"
            onClick={() =>
              onPick(
                found
                  ? {
                      kind: 'found',
                      address: { ...found, latitude: lookup.point.lat, longitude: lookup.point.lng },
                    }
                  : { kind: 'point', point: lookup.point },
              )
            }
          >
            {found ? t`Use this place` : t`Use the coordinates only`}
          </button>
        ) : null}
      </div>
    </div>
  );
}
