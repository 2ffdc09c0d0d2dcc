import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { FeeType } from '../../../sync/sites/rules.ts';

export { maemulLabels } from '../map/labels.ts';

/** Transaction (deal) types 0-3 of spec §3, as sites and units store them. */
export const dealLabels: readonly [
  MessageDescriptor,
  MessageDescriptor,
  MessageDescriptor,
  MessageDescriptor,
] = [msg`Sale`, msg`Charter (jeonse)`, msg`Investment`, msg`Monthly rent`];

export const feeTypeLabels: Record<FeeType, MessageDescriptor> = {
  T: msg`Sale fee`,
  C: msg`Charter fee`,
  I: msg`Investment fee`,
  S: msg`Monthly fee`,
  O: msg`Other fee`,
};

/** Fee hit types: 0 single, 1 double, 2 none (spec §3). */
export const hitLabels: readonly MessageDescriptor[] = [msg`Single hit`, msg`Double hit`, msg`No hit`];

/** Parking options of spec §3, stored 0-3. */
export const parkingLabels: readonly MessageDescriptor[] = [
  msg`In-line`,
  msg`Double`,
  msg`Mechanical`,
  msg`None`,
];

export const elevatorLabels: Record<'Y' | 'N' | 'U', MessageDescriptor> = {
  Y: msg`Elevator`,
  N: msg`No elevator`,
  U: msg`Not known`,
};

export const residenceLabels: readonly MessageDescriptor[] = [msg`Unspecified`, msg`Occupied`, msg`Vacant`];
