/**
 * The base map's tile URL template: VWorld WMTS when the server has a key, OpenStreetMap
 * otherwise. The map layer draws from it and an offline area fetches the same URLs, so the
 * service worker's 'map-tiles' cache (vite.config.ts) serves both.
 */
export function baseTileUrl(vworldKey: string | null): string {
  return vworldKey
    ? `https://api.vworld.kr/req/wmts/1.0.0/${encodeURIComponent(vworldKey)}/Base/{z}/{y}/{x}.png`
    : 'https://tile.openstreetmap.org/{z}/{x}/{y}.png';
}
