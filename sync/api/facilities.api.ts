import * as v from 'valibot';
import { type Answer, defineCall } from './contract.ts';
import type { facilitiesResponses } from './facilities.responses.ts';

/** A coordinate in degrees, as a number or as the query string writes it. */
const degrees = ({ min, max, field }: { min: number; max: number; field: string }) => {
  const inKorea = v.pipe(
    v.number(`${field} must be degrees`),
    v.minValue(min, `${field} must be within Korea`),
    v.maxValue(max, `${field} must be within Korea`),
  );
  return v.union(
    [
      inKorea,
      v.pipe(
        v.string(),
        v.regex(/^-?\d{1,3}(\.\d{1,10})?$/, `${field} must be degrees`),
        v.transform(Number),
        inKorea,
      ),
    ],
    `${field} must be degrees within Korea`,
  );
};

export const getNearbyFacilitiesCall = defineCall<
  Answer<typeof facilitiesResponses, 'getNearbyFacilities'>
>()({
  operationId: 'getNearbyFacilities',
  method: 'get',
  path: '/public/nearbyFacilities',
  summary:
    'Facilities within 1 km of a point (subway, school, mart, hospital, bank, convenience store), nearest first: Kakao Local category search, or the sample without a key',
  tag: 'public',
  input: v.object({
    lat: degrees({ min: 33, max: 39, field: 'lat' }),
    lng: degrees({ min: 124, max: 132, field: 'lng' }),
  }),
});
