/** Kakao Map's documented search link (map.kakao.com/link/search/<query>): subway stations on the map. */
export const NEARBY_TRANSPORT_URL = `https://map.kakao.com/link/search/${encodeURIComponent('지하철역')}`;
