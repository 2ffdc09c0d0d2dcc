import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { TransCode } from '../../../../sync/sites/detail.ts';

/** Transaction types 0-3 of spec §3, as the site detail and lists name them. */
export const transCodeLabels: Record<TransCode, MessageDescriptor> = {
  0: msg`Sale`,
  1: msg`Charter (jeonse)`,
  2: msg`Investment`,
  3: msg`Monthly rent`,
};

/** The second price beside a transaction type's own (collateral for sale, rent for monthly). */
export const secondPriceLabels: Partial<Record<TransCode, MessageDescriptor>> = {
  0: msg`Collateral`,
  3: msg`Rent`,
};
