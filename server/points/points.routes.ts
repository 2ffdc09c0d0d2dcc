import { AdminTab } from '../../sync/admin-tabs.ts';
import {
  addPeriodCall,
  addPointCall,
  buyPeriodCall,
  buyPointCall,
  checkTicketCall,
  findPeriodMemberCall,
  findPointMemberCall,
  getMemberPointLogCall,
  getMemberUsageLogCall,
  getPointLogCall,
  getPurchaseInfoCall,
  paymentWebhookCall,
  preparePaymentCall,
} from '../../sync/api/points.api.ts';
import { defineOperation } from '../http/operation.ts';
import { confirmPayment, paymentWebhook, preparePayment } from './payments.service.ts';
import { pointsMessages } from './points.messages.ts';
import {
  adminAddPeriod,
  adminAddPoint,
  buyPeriod,
  findPointMember,
  memberPointLog,
  memberUsageLog,
  myPointLog,
  purchaseInfo,
} from './points.service.ts';

const pointTab = { kind: 'admin', tab: AdminTab.point } as const;
const periodTab = { kind: 'admin', tab: AdminTab.period } as const;

export const pointsOperations = [
  defineOperation(getPurchaseInfoCall, {
    access: { kind: 'session' },
    handler: ({ ctx }) => purchaseInfo({ ctx }),
  }),
  // The same check map search, notification send and community post pass through (spec §6):
  // the client asks before opening a form that needs the ticket.
  defineOperation(checkTicketCall, {
    access: { kind: 'member', ticket: true },
    handler: ({ ctx }) => ({ ok: true as const, usage_date: ctx.auth.user.f_usage_date }),
  }),
  defineOperation(preparePaymentCall, {
    access: { kind: 'member' },
    handler: ({ input, ctx }) => preparePayment({ ctx, point: input.point, payMethod: input.pay_method }),
  }),
  defineOperation(buyPointCall, {
    access: { kind: 'member' },
    // An issued virtual account is shown whole in its own popup: no toast over it.
    successMessage: (result) => (result.deposit ? undefined : pointsMessages.charged),
    handler: ({ input, ctx }) =>
      confirmPayment({ ctx, merchantUid: input.merchant_uid, impUid: input.imp_uid }),
  }),
  // PortOne's notification URL: anyone may post, nothing is believed until PortOne confirms it.
  defineOperation(paymentWebhookCall, {
    access: { kind: 'public' },
    handler: ({ input, ctx }) =>
      paymentWebhook({ ctx, merchantUid: input.merchant_uid, impUid: input.imp_uid }),
  }),
  defineOperation(buyPeriodCall, {
    access: { kind: 'member' },
    successMessage: pointsMessages.usagePurchased,
    handler: ({ input, ctx }) =>
      buyPeriod({
        ctx,
        period: input.period,
        made: input.made,
        push: input.push,
        key: input.idempotency_key,
      }),
  }),
  defineOperation(getPointLogCall, {
    access: { kind: 'session' },
    handler: ({ input, ctx }) => myPointLog({ ctx, pageNum: input.page_num }),
  }),

  defineOperation(findPointMemberCall, {
    access: pointTab,
    handler: ({ input, ctx }) => findPointMember({ ctx, phone: input.phone }),
  }),
  defineOperation(getMemberPointLogCall, {
    access: pointTab,
    handler: ({ input, ctx }) => memberPointLog({ ctx, userIdx: input.user_idx, pageNum: input.page_num }),
  }),
  defineOperation(addPointCall, {
    access: { ...pointTab, lock: true },
    successMessage: (out) => (out.added > 0 ? pointsMessages.pointsGiven : pointsMessages.pointsTaken),
    handler: ({ input, ctx }) =>
      adminAddPoint({
        ctx,
        userIdx: input.user_idx,
        point: input.point,
        memo: input.memo,
        key: input.idempotency_key,
      }),
  }),
  defineOperation(findPeriodMemberCall, {
    access: periodTab,
    handler: ({ input, ctx }) => findPointMember({ ctx, phone: input.phone }),
  }),
  defineOperation(getMemberUsageLogCall, {
    access: periodTab,
    handler: ({ input, ctx }) => memberUsageLog({ ctx, userIdx: input.user_idx, pageNum: input.page_num }),
  }),
  defineOperation(addPeriodCall, {
    access: { ...periodTab, lock: true },
    successMessage: (out) => (out.added_days > 0 ? pointsMessages.periodGiven : pointsMessages.periodTaken),
    handler: ({ input, ctx }) =>
      adminAddPeriod({
        ctx,
        userIdx: input.user_idx,
        days: input.period,
        memo: input.memo,
        key: input.idempotency_key,
      }),
  }),
];
