import type { AddressResult } from '../../../sync/api/address.api.ts';
import { bjdCode, provinces } from '../../areas/regions.ts';
import { type AddressSearch, POSTCODE_PAGE_SIZE, parseLot } from './address.ts';

/** A made-up 우편번호 for the sample: stable for a parcel, never a real one to rely on. */
function sampleZip({ code, main }: { code: string; main: number }): string {
  return String(10_000 + ((Number(code.slice(0, 5)) * 37 + main * 11) % 90_000)).padStart(5, '0');
}

/** A district a point is this close to its centre (in degrees, about 20 km) counts as the point's. */
const NEAREST_DISTRICT_DEGREES = 0.2;

/**
 * Works with no network: the demo areas' 법정동 (Seoul and Gyeonggi, from the bundled
 * region table). "역삼동 123-4" or "강남구 역삼동 123-4" finds the parcel; coordinates are
 * the district centre nudged by the lot number, so nearby lots land near each other. Its
 * postcodes are made up and a point on the map finds only its district (the table has no
 * parcels' positions): every answer is labelled sample data (source 'sample').
 */
export function localAddressSearch(): AddressSearch {
  const dongs = provinces.flatMap((province) =>
    province.districts.flatMap((district) =>
      (district.dongs ?? []).map((dong, i) => ({
        province,
        district,
        dong,
        code: bjdCode({ district, dongIndex: i }),
      })),
    ),
  );
  const districts = provinces.flatMap((province) =>
    province.districts.flatMap((district) =>
      district.lat !== undefined && district.lng !== undefined
        ? [{ province, district, lat: district.lat, lng: district.lng }]
        : [],
    ),
  );
  const search = async (query: string): Promise<AddressResult[]> => {
    const q = query.replace(/\s+/g, ' ').trim();
    const lot = parseLot(q);
    const words = q
      .replace(/(산\s*)?\d[\d-]*\s*(번지)?\s*$/, '')
      .split(' ')
      .filter(Boolean);
    if (words.length === 0) return [];
    const matches = dongs.filter(({ province, district, dong }) => {
      const names = [province.name, province.short, ...district.name.split(' '), district.name, dong];
      return (
        words.every((w) => names.some((n) => n.startsWith(w) || n === w)) &&
        words.some((w) => dong.startsWith(w))
      );
    });
    return matches.slice(0, 20).map(({ province, district, dong, code }): AddressResult => {
      const main = lot?.main ?? 0;
      const sub = lot?.sub ?? 0;
      const nudge = ((main * 31 + sub * 7) % 200) / 10_000;
      return {
        address_name: `${province.name} ${district.name} ${dong}${lot ? ` ${lot.land_type === 2 ? '산 ' : ''}${main}${sub ? `-${sub}` : ''}` : ''}`,
        road_address: null,
        zip_no: sampleZip({ code, main }),
        building_name: null,
        latitude: district.lat !== undefined ? Math.round((district.lat + nudge - 0.01) * 1e6) / 1e6 : null,
        longitude: district.lng !== undefined ? Math.round((district.lng - nudge + 0.01) * 1e6) / 1e6 : null,
        b_code: code,
        land_type: lot?.land_type ?? 1,
        main_address_no: main,
        sub_address_no: sub,
        precision: 'district',
      };
    });
  };
  return {
    source: 'sample',
    search,
    searchPostcode: async ({ query, page }) => {
      const all = await search(query);
      const start = (page - 1) * POSTCODE_PAGE_SIZE;
      return {
        list: all.slice(start, start + POSTCODE_PAGE_SIZE),
        total: all.length,
        has_more: start + POSTCODE_PAGE_SIZE < all.length,
      };
    },
    reverse: async ({ lat, lng }) => {
      const nearest = districts
        .map((d) => ({ ...d, distance: Math.hypot(d.lat - lat, d.lng - lng) }))
        .sort((a, b) => a.distance - b.distance)[0];
      if (!nearest || nearest.distance > NEAREST_DISTRICT_DEGREES) return null;
      // The district, not a parcel: the table cannot say which lot the point is on.
      return {
        address_name: `${nearest.province.name} ${nearest.district.name}`,
        road_address: null,
        zip_no: null,
        building_name: null,
        latitude: lat,
        longitude: lng,
        b_code: `${nearest.district.code}00000`,
        land_type: 1,
        main_address_no: 0,
        sub_address_no: 0,
        precision: 'approximate',
      };
    },
  };
}
