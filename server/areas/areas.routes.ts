import { getAreaListCall, setAreaLikeCall, setTotalAreaLikeCall } from '../../sync/api/areas.api.ts';
import { inTransaction } from '../http/context.ts';
import { defineOperation } from '../http/operation.ts';
import { areasOfMember, likeAreas } from './areas.service.ts';

export const areaOperations = [
  defineOperation(getAreaListCall, {
    access: { kind: 'member' },
    handler: ({ ctx }) => areasOfMember({ ctx }),
  }),
  defineOperation(setAreaLikeCall, {
    access: { kind: 'member' },
    handler: ({ input, ctx }) =>
      inTransaction(ctx, (t) =>
        likeAreas({ ctx: t, target: { idx: input.area_idx }, like: input.like === 'Y' }),
      ),
  }),
  defineOperation(setTotalAreaLikeCall, {
    access: { kind: 'member' },
    handler: ({ input, ctx }) =>
      inTransaction(ctx, (t) =>
        likeAreas({ ctx: t, target: { province: input.area_name }, like: input.like === 'Y' }),
      ),
  }),
];
