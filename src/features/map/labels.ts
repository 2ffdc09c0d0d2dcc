import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { FeeType, TransLetter } from '../../../sync/map/query.ts';

/** Property types 0-6 of spec §3. */
export const maemulLabels: readonly MessageDescriptor[] = [
  msg`Villa / multi-household`,
  msg`Officetel`,
  msg`Apartment`,
  msg`City-living house`,
  msg`Townhouse`,
  msg`Detached house`,
  msg`Neighbourhood facility`,
];

export const transLabels: Record<TransLetter, MessageDescriptor> = {
  T: msg`Sale`,
  C: msg`Charter (jeonse)`,
  I: msg`Investment`,
  M: msg`Monthly rent`,
};

export const feeLabels: Record<FeeType, MessageDescriptor> = {
  T: msg`Sale fee`,
  C: msg`Charter fee`,
  I: msg`Investment fee`,
  S: msg`Monthly fee`,
  O: msg`Other fee`,
};
