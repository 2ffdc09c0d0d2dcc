/** A place a map app routes to: WGS84 coordinates and the name it shows. */
export interface Destination {
  lat: number;
  lng: number;
  name: string;
}

export type DirectionsApp = 'kakao' | 'naver' | 'tmap';

/** Coordinates as the apps read them: plain decimals, no exponent, at most 7 places (about 1 cm). */
function coordinate(n: number): string {
  return String(Math.round(n * 1e7) / 1e7);
}

/**
 * Route links of the three map apps agents use, each in its documented form:
 * - 카카오맵's web link `https://map.kakao.com/link/to/{name},{lat},{lng}` (opens the app when it is
 *   installed, the web map otherwise; the name may not hold a comma, which separates the parts);
 * - 네이버 지도's URL scheme `nmap://route/car?dlat=&dlng=&dname=&appname=` (appname names the
 *   caller: this site's host);
 * - T map's URL scheme `tmap://route?goalname=&goalx={lng}&goaly={lat}`.
 */
export function directionsUrl({
  app,
  to,
  appName,
}: {
  app: DirectionsApp;
  to: Destination;
  appName: string;
}): string {
  const lat = coordinate(to.lat);
  const lng = coordinate(to.lng);
  const name = to.name.trim() || `${lat},${lng}`;
  switch (app) {
    case 'kakao':
      return `https://map.kakao.com/link/to/${encodeURIComponent(name.replace(/,/g, ' '))},${lat},${lng}`;
    case 'naver':
      return `nmap://route/car?${new URLSearchParams({ dlat: lat, dlng: lng, dname: name, appname: appName })}`;
    case 'tmap':
      return `tmap://route?${new URLSearchParams({ goalname: name, goalx: lng, goaly: lat })}`;
  }
}
