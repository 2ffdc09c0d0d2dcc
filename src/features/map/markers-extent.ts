import type { MapCluster, MapPin } from '../../../sync/map/query.ts';

/** [west, south, east, north] around the markers, or null when there are none. */
export function markersExtent({
  pins,
  clusters,
}: {
  pins: readonly MapPin[];
  clusters: readonly MapCluster[];
}): [number, number, number, number] | null {
  const points = [...pins.map((p) => [p[2], p[1]] as const), ...clusters.map((c) => [c.lng, c.lat] as const)];
  if (points.length === 0) return null;
  const lngs = points.map((p) => p[0]);
  const lats = points.map((p) => p[1]);
  return [Math.min(...lngs), Math.min(...lats), Math.max(...lngs), Math.max(...lats)];
}
