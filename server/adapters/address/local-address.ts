import type { AddressResult } from '../../../sync/api/address.api.ts';
import { bjdCode, provinces } from '../../areas/regions.ts';
import { type AddressSearch, parseLot } from './address.ts';

/**
 * Works with no network: the demo areas' 법정동 (Seoul and Gyeonggi, from the bundled
 * region table). "역삼동 123-4" or "강남구 역삼동 123-4" finds the parcel; coordinates are
 * the district centre nudged by the lot number, so nearby lots land near each other.
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
  return {
    search: async (query) => {
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
          latitude: district.lat !== undefined ? Math.round((district.lat + nudge - 0.01) * 1e6) / 1e6 : null,
          longitude:
            district.lng !== undefined ? Math.round((district.lng - nudge + 0.01) * 1e6) / 1e6 : null,
          b_code: code,
          land_type: lot?.land_type ?? 1,
          main_address_no: main,
          sub_address_no: sub,
          precision: 'district',
        };
      });
    },
  };
}
