import type { Facility, FacilityCategory } from '../../../sync/public-data/facilities.ts';
import { createRng } from '../../seed/random.ts';
import type { FacilitySearch } from './facilities.ts';

/** Names the sample gives each category (made up: no real place is named). */
const NAMES: Record<FacilityCategory, readonly string[]> = {
  SW8: ['중앙역', '시청역', '문화공원역', '새솔역'],
  SC4: ['한빛초등학교', '새솔중학교', '푸른고등학교', '늘봄초등학교', '다온중학교'],
  MT1: ['중앙마트', '행복마트', '새솔마트'],
  HP8: ['바른내과의원', '튼튼정형외과의원', '우리아이소아과의원', '중앙병원', '밝은눈안과의원'],
  BK9: ['한빛은행 중앙지점', '새솔은행 역앞지점', '우리동네신협'],
  CS2: ['편의점 중앙점', '편의점 공원점', '편의점 역앞점', '편의점 시장점', '편의점 학교앞점'],
};

const METRES_PER_DEGREE = 111_320;

/** The same point and category always give the same places (FNV-1a of both seeds the generator). */
function seedOf({ category, lat, lng }: { category: string; lat: number; lng: number }): number {
  let h = 0x811c9dc5;
  for (const ch of `${category}:${lat.toFixed(4)},${lng.toFixed(4)}`) {
    h ^= ch.charCodeAt(0);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/**
 * The bundled sample: two to five made-up places of each category within the radius of any
 * point, nearest first, so the facilities map of a demo site works with no key and no network.
 */
export function sampleFacilitySearch(): FacilitySearch {
  return {
    source: 'sample',
    near: async ({ category, lat, lng, radius, limit }) => {
      const rng = createRng(seedOf({ category, lat, lng }));
      const names = rng.subset(NAMES[category], 2, 5);
      return names
        .map((name, i): Facility => {
          const distance = Math.round(rng.int(Math.round(radius * 0.12), Math.round(radius * 0.95)));
          const angle = rng.next() * 2 * Math.PI;
          const north = distance * Math.cos(angle);
          const east = distance * Math.sin(angle);
          return {
            id: `sample-${category}-${i}`,
            category,
            name,
            address: '',
            phone: '',
            lat: Number((lat + north / METRES_PER_DEGREE).toFixed(6)),
            lng: Number((lng + east / (METRES_PER_DEGREE * Math.cos((lat * Math.PI) / 180))).toFixed(6)),
            distance,
          };
        })
        .sort((a, b) => a.distance - b.distance)
        .slice(0, limit);
    },
  };
}
