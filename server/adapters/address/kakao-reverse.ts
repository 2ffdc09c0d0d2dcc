import type { AddressResult } from '../../../sync/api/address.api.ts';

interface Coord2AddressAnswer {
  documents?: Array<{
    address: {
      address_name: string;
      mountain_yn: 'Y' | 'N';
      main_address_no: string;
      sub_address_no: string;
    } | null;
    road_address: { address_name: string; zone_no?: string; building_name?: string } | null;
  }>;
}

interface Coord2RegionAnswer {
  documents?: Array<{ region_type: 'B' | 'H'; code: string; address_name: string }>;
}

type Get = (path: string, params: Record<string, string>) => Promise<unknown>;

const orNull = (value: string | undefined | null) => (value?.trim() ? value.trim() : null);

/**
 * The address at a point through Kakao Local: coord2address (GET
 * /v2/local/geo/coord2address.json?x&y: the lot address, mountain_yn, main and sub numbers, and the
 * road address with zone_no; it gives no 법정동 code) and coord2regioncode (GET
 * /v2/local/geo/coord2regioncode.json?x&y: region_type B is the 법정동 with its 10-digit code).
 * The answer keeps the point's own coordinates: the member picked them.
 */
export async function kakaoReverse({
  get,
  point,
}: {
  get: Get;
  point: { lat: number; lng: number };
}): Promise<AddressResult | null> {
  const params = { x: String(point.lng), y: String(point.lat) };
  const [addressAnswer, regionAnswer] = (await Promise.all([
    get('/v2/local/geo/coord2address.json', params),
    get('/v2/local/geo/coord2regioncode.json', params),
  ])) as [Coord2AddressAnswer, Coord2RegionAnswer];
  const found = addressAnswer.documents?.[0];
  const legal = regionAnswer.documents?.find((d) => d.region_type === 'B');
  if (!found?.address && !legal) return null;
  const a = found?.address ?? null;
  const main = Number(a?.main_address_no || 0);
  const parcel = a !== null && main > 0 && legal !== undefined;
  return {
    address_name: a?.address_name || legal?.address_name || '',
    road_address: orNull(found?.road_address?.address_name),
    zip_no: orNull(found?.road_address?.zone_no),
    building_name: orNull(found?.road_address?.building_name),
    latitude: point.lat,
    longitude: point.lng,
    b_code: legal?.code ?? '',
    land_type: a?.mountain_yn === 'Y' ? 2 : 1,
    main_address_no: parcel ? main : 0,
    sub_address_no: parcel ? Number(a?.sub_address_no || 0) : 0,
    // The coordinates are the point itself; without a lot it is an area, not a parcel.
    precision: parcel ? 'exact' : 'approximate',
  };
}
