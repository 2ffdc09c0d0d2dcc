import {
  findNotifyListCall,
  getAutoNotifyListCall,
  getMyNotifyListCall,
  getNotifyDetailCall,
  getSiteNotifyListCall,
  getTodayNotifyListCall,
  todayNotifyWritingCountCall,
  updateAutoNotifyCall,
} from '../../sync/api/notify.api.ts';
import { seoulDate } from '../clock.ts';
import { inTransaction } from '../http/context.ts';
import { defineOperation } from '../http/operation.ts';
import { notifyMessages } from './notify.messages.ts';
import { notifyDetail, notifyList, siteNotifyList, updateAutoNotify, writingInfo } from './notify.service.ts';

/**
 * Spec §7 notify calls. addNotify, updateNotify, removeNotify and setRead are offline operations:
 * their online calls are mounted from server/notify/notify.mutators.ts. Reading needs an approved
 * member; changing an automatic one's schedule is writing (a WL member may not).
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
  defineOperation(updateAutoNotifyCall, {
    access: writer,
    // The switch's one toast says which way it went.
    successMessage: (saved) => (saved.f_auto_enable === 'Y' ? notifyMessages.autoOn : notifyMessages.autoOff),
    handler: ({ input: { notify_idx, ...auto }, ctx }) =>
      inTransaction(ctx, (t) => updateAutoNotify({ ctx: t, notifyIdx: notify_idx, auto })),
  }),
];
