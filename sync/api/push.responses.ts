import * as v from 'valibot';
import { nothing, str } from './answer-fields.ts';

export const pushResponses = {
  getPushPublicKey: v.strictObject({ public_key: str }),
  savePushSubscription: nothing,
  removePushSubscription: nothing,
};
