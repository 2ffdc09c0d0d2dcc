import * as v from 'valibot';
import { FACILITY_CATEGORIES } from '../public-data/facilities.ts';
import { num, str } from './answer-fields.ts';
import { lookupAnswer } from './public-data.responses.ts';

export const facility = v.strictObject({
  id: str,
  category: v.picklist(FACILITY_CATEGORIES),
  name: str,
  address: str,
  phone: str,
  lat: num,
  lng: num,
  distance: num,
});

export const facilitiesResponses = {
  getNearbyFacilities: lookupAnswer(facility),
};
