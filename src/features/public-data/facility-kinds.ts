import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { FacilityCategory } from '../../../sync/public-data/facilities.ts';

/** How each facility category is named and coloured on the facilities map (pins and list agree). */
export const facilityKinds: Record<FacilityCategory, { label: MessageDescriptor; colour: string }> = {
  SW8: { label: msg`Subway`, colour: '#1864ab' },
  SC4: { label: msg`School`, colour: '#c2410c' },
  MT1: { label: msg`Mart`, colour: '#2b8a3e' },
  HP8: { label: msg`Hospital`, colour: '#c2255c' },
  BK9: { label: msg`Bank`, colour: '#5f3dc4' },
  CS2: { label: msg`Convenience store`, colour: '#0b7285' },
};

/** "350m", "1.2km": how far a facility is, as Korean map apps write it. */
export function formatDistance(metres: number): string {
  return metres < 1000 ? `${Math.round(metres)}m` : `${(metres / 1000).toFixed(1)}km`;
}
