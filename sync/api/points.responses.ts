import * as v from 'valibot';
import { count, int, maybe, page, str, time } from './answer-fields.ts';

const paymentProvider = v.picklist(['test', 'portone']);

const pointLogEntries = {
  f_idx: int,
  f_reg_time: time,
  /** C charge, O deduct, A provided, U used (spec §3 Point log). */
  f_type: v.picklist(['C', 'O', 'A', 'U']),
  f_point: int,
  f_point_final: int,
  f_reason: str,
  f_memo: str,
  f_ref: maybe(str),
};
export const pointLogItem = v.strictObject(pointLogEntries);
export const adminPointLogItem = v.strictObject({
  ...pointLogEntries,
  f_admin_idx: maybe(int),
  f_admin_name: maybe(str),
});

export const usageLogItem = v.strictObject({
  f_idx: int,
  f_reg_time: time,
  f_days: int,
  f_made: int,
  f_push: int,
  f_usage_date_final: maybe(time),
  f_reason: str,
  f_memo: str,
  f_admin_idx: maybe(int),
  f_admin_name: maybe(str),
});

export const usagePlan = v.strictObject({
  id: str,
  kind: v.picklist(['days', 'made', 'push', 'madePush']),
  days: count,
  period: count,
  made: count,
  push: count,
  points: count,
  discount: count,
  extra: v.picklist([0, 30, 50]),
});

export const pointMember = v.strictObject({
  f_idx: int,
  f_name: str,
  f_phone: str,
  f_affiliation: str,
  f_point: int,
  f_usage_date: maybe(time),
  f_made_count: count,
  f_push_count: count,
});

export const pointsResponses = {
  addPeriod: v.strictObject({ user_idx: int, added_days: int, usage_date: maybe(time) }),
  addPoint: v.strictObject({ user_idx: int, added: int, point: int }),
  buyPeriod: v.strictObject({
    plan_id: str,
    point: int,
    usage_date: maybe(time),
    made_count: count,
    push_count: count,
  }),
  buyPoint: v.strictObject({
    merchant_uid: str,
    charged: count,
    point: int,
    deposit: maybe(v.strictObject({ bank: str, account: str, holder: str, due: maybe(time), amount: count })),
  }),
  paymentWebhook: v.strictObject({ merchant_uid: str, status: v.picklist(['ready', 'paid', 'failed']) }),
  checkTicket: v.strictObject({ ok: v.literal(true), usage_date: maybe(time) }),
  findPeriodMember: pointMember,
  findPointMember: pointMember,
  getMemberPointLog: page(adminPointLogItem),
  getMemberUsageLog: page(usageLogItem),
  getPointLog: page(pointLogItem),
  getPurchaseInfo: v.strictObject({
    plans: v.array(usagePlan),
    charge_options: v.array(v.strictObject({ points: count, price: count, bonus: count })),
    ticket_price: v.picklist(['F', 'P']),
    ticket_show: v.picklist(['Y', 'N']),
    bank_account: str,
    payment_provider: paymentProvider,
  }),
  preparePayment: v.strictObject({
    merchant_uid: str,
    amount: count,
    point: count,
    name: str,
    buyer_tel: str,
    provider: paymentProvider,
    checkout_url: maybe(str),
    imp_code: maybe(str),
    channel_key: maybe(str),
    pay_method: v.picklist(['card', 'trans', 'vbank']),
  }),
};
