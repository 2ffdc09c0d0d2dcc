import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { AdConnectType } from '../../../../sync/home/ads.ts';

/** What an ad or the home logo opens (sync/home/ads.ts), as the admin picks it. */
export const connectTypeLabels: Record<AdConnectType, MessageDescriptor> = {
  '': msg`Nothing`,
  S: msg`A site`,
  C: msg`A community post`,
  I: msg`Its image, full size`,
  L: msg`A web link`,
};

export const connectValueLabels: Partial<Record<AdConnectType, MessageDescriptor>> = {
  S: msg`Site number`,
  C: msg`Post number`,
  L: msg`Web address`,
};
