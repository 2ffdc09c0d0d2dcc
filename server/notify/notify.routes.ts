import {
  findNotifyListCall,
  getAutoNotifyListCall,
  getMyNotifyListCall,
  getNotifyDetailCall,
  getSiteNotifyListCall,
  getTodayNotifyListCall,
  removeNotifyCall,
  todayNotifyWritingCountCall,
  updateAutoNotifyCall,
  updateNotifyCall,
} from '../../sync/api/notify.api.ts';
import { seoulDate } from '../clock.ts';
import { inTransaction } from '../http/context.ts';
import { defineOperation } from '../http/operation.ts';
import { notifyMessages } from './notify.messages.ts';
import {
  notifyDetail,
  notifyList,
  removeNotify,
  siteNotifyList,
  updateAutoNotify,
  updateNotify,
  writingInfo,
} from './notify.service.ts';

/**
 * Spec §7 notify calls. addNotify and setRead are offline operations: their online calls are
 * mounted from server/notify/notify.mutators.ts. Reading and deleting need an approved member;
 * editing is writing (a WL member may not).
 */
const member = { kind: 'member' } as const;
const writer = { kind: 'member', write: true } as const;

export const notifyOperations = [
  defineOperation(findNotifyListCall, {
    access: member,
    handler: ({ input, ctx }) =>
      notifyList({
        db: ctx.db,
        viewerIdx: ctx.auth.user.f_idx,
        now: ctx.clock.now(),
        list: { kind: 'received', today: null, writerPhone: input.phone.replace(/-/g, '').trim() },
        input,
      }),
  }),
  defineOperation(getTodayNotifyListCall, {
    access: member,
    handler: ({ input, ctx }) =>
      notifyList({
        db: ctx.db,
        viewerIdx: ctx.auth.user.f_idx,
        now: ctx.clock.now(),
        list: { kind: 'received', today: seoulDate(ctx.clock.now()), writerPhone: '' },
        input,
      }),
  }),
  defineOperation(getMyNotifyListCall, {
    access: member,
    handler: ({ input, ctx }) =>
      notifyList({
        db: ctx.db,
        viewerIdx: ctx.auth.user.f_idx,
        now: ctx.clock.now(),
        list: { kind: 'written', auto: 'N' },
        input,
      }),
  }),
  defineOperation(getAutoNotifyListCall, {
    access: member,
    handler: ({ input, ctx }) =>
      notifyList({
        db: ctx.db,
        viewerIdx: ctx.auth.user.f_idx,
        now: ctx.clock.now(),
        list: { kind: 'written', auto: 'Y' },
        input,
      }),
  }),
  defineOperation(getSiteNotifyListCall, {
    access: member,
    handler: ({ input, ctx }) => siteNotifyList({ ctx, siteIdx: input.site_idx, input }),
  }),
  defineOperation(getNotifyDetailCall, {
    access: member,
    handler: ({ input, ctx }) =>
      inTransaction(ctx, (t) => notifyDetail({ ctx: t, notifyIdx: input.notify_idx })),
  }),
  defineOperation(todayNotifyWritingCountCall, {
    access: member,
    handler: ({ input, ctx }) => writingInfo({ ctx, siteIdx: input.site_idx }),
  }),
  defineOperation(updateNotifyCall, {
    access: writer,
    successMessage: notifyMessages.saved,
    handler: ({ input: { notify_idx, ...args }, ctx }) =>
      inTransaction(ctx, (t) => updateNotify({ ctx: t, notifyIdx: notify_idx, args })),
  }),
  defineOperation(updateAutoNotifyCall, {
    access: writer,
    successMessage: notifyMessages.saved,
    handler: ({ input: { notify_idx, ...auto }, ctx }) =>
      inTransaction(ctx, (t) => updateAutoNotify({ ctx: t, notifyIdx: notify_idx, auto })),
  }),
  defineOperation(removeNotifyCall, {
    access: member,
    successMessage: notifyMessages.deleted,
    handler: ({ input, ctx }) => inTransaction(ctx, (t) => removeNotify({ ctx: t, idxList: input.idx_list })),
  }),
];
