import { getNearbyFacilitiesCall } from '../../sync/api/facilities.api.ts';
import { defineOperation } from '../http/operation.ts';
import { nearbyFacilities } from './facilities.service.ts';

/** The facilities map of the site detail (spec §2 Modals). */
export const facilityOperations = [
  defineOperation(getNearbyFacilitiesCall, {
    access: { kind: 'member' },
    handler: ({ input, ctx }) => nearbyFacilities({ ctx, lat: input.lat, lng: input.lng }),
  }),
];
