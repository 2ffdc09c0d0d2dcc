import * as v from 'valibot';
import { type ChargeOption, findChargeOption, findPlan, type UsagePlan } from '../points/plans.ts';
import { type Answer, defineCall } from './contract.ts';
import { phoneNumber, rowId } from './fields.ts';
import { type Page, pageNum } from './page.ts';
import type {
  adminPointLogItem,
  pointLogItem,
  pointMember,
  pointsResponses,
  usageLogItem,
} from './points.responses.ts';

/**
 * Points, usage tickets and card payments (spec §7 purchase). Every amount is decided by
 * the server: the client names a plan or a charge option, never a price.
 */

/**
 * The `data.reason` of the server's refusal (HTTP 402, code -1) when a call needs a valid
 * usage ticket and the member has none: the client offers the usage extension on it.
 */
export const TICKET_EXPIRED = 'ticket_expired';
/** Beside it, `data.ticket`: `none` for a member who never had a ticket, `expired` for one whose ran out. */
export type TicketState = 'none' | 'expired';

/** A random key the client makes once per purchase attempt; a repeated request with it changes nothing. */
export const idempotencyKey = v.pipe(
  v.string('idempotency_key required'),
  v.regex(/^[A-Za-z0-9_-]{8,100}$/, 'idempotency_key must be 8 to 100 letters, digits, - or _'),
);

/** A plan's period (months), made or push count: the largest plan is far below the cap. */
const count = (label: string) =>
  v.pipe(
    v.number(`${label} must be a number`),
    v.integer(`${label} must be an integer`),
    v.minValue(0),
    v.maxValue(1000, `${label} too large`),
  );

/** C charge and A provided add points; O deduct and U used take them (spec §3 Point log). */
export type PointLogType = 'C' | 'O' | 'A' | 'U';

/**
 * Why a row exists: opening (balance before the ledger), charge (card payment, f_ref the
 * merchant_uid), plan (usage plan bought, f_ref the plan id), admin (given or taken by an
 * admin, f_memo their note); later features add their own (report reward, made+, push).
 */
export type PointReason = 'opening' | 'charge' | 'plan' | 'admin' | (string & {});

export type PointLogItem = v.InferOutput<typeof pointLogItem>;

export type PointLogPage = Page<PointLogItem>;

export type PaymentProviderKind = 'test' | 'portone';

export interface PurchaseInfo {
  /** The 13 plans with today's prices. */
  plans: UsagePlan[];
  charge_options: ChargeOption[];
  /** F: usage is free (days shown as infinity); P: paid. */
  ticket_price: 'F' | 'P';
  /** Y: the More header shows the days left. */
  ticket_show: 'Y' | 'N';
  /** For the copy-account popup (bank transfer), from the server's configuration. */
  bank_account: string;
  payment_provider: PaymentProviderKind;
}

export const getPurchaseInfoCall = defineCall<Answer<typeof pointsResponses, 'getPurchaseInfo'>>()({
  operationId: 'getPurchaseInfo',
  method: 'post',
  path: '/purchase/getPurchaseInfo',
  summary: 'Usage plans, charge options, ticket settings and the bank account for transfers',
  tag: 'purchase',
  input: v.object({}),
});

export const checkTicketCall = defineCall<Answer<typeof pointsResponses, 'checkTicket'>>()({
  operationId: 'checkTicket',
  method: 'post',
  path: '/purchase/checkTicket',
  summary: 'Passes only with a valid usage ticket (the check map search, notify send and posts make)',
  tag: 'purchase',
  input: v.object({}),
});

/** How a charge is paid (PortOne's pay_method): card, real-time bank transfer, or a virtual account. */
export const PAY_METHODS = ['card', 'trans', 'vbank'] as const;
export type PayMethod = (typeof PAY_METHODS)[number];

export interface PreparedPayment {
  /** From the member's uid and the time: what the card widget and the verification carry. */
  merchant_uid: string;
  /** Won to pay, VAT included. */
  amount: number;
  point: number;
  /** Product name shown by the card widget. */
  name: string;
  buyer_tel: string;
  provider: PaymentProviderKind;
  /** test: the built-in checkout page the browser goes to. */
  checkout_url: string | null;
  /** portone: the merchant code (IMP.init) and the channel key of the card widget. */
  imp_code: string | null;
  channel_key: string | null;
  pay_method: PayMethod;
}

export const preparePaymentCall = defineCall<Answer<typeof pointsResponses, 'preparePayment'>>()({
  operationId: 'preparePayment',
  method: 'post',
  path: '/purchase/preparePayment',
  summary:
    'Start a payment (card, real-time transfer or virtual account) for one of the charge options; returns what the payment window needs',
  tag: 'purchase',
  input: v.object({
    point: v.pipe(
      v.number('point must be a number'),
      v.check((n) => findChargeOption(n) !== undefined, 'point must be one of the charge options'),
    ),
    /** Absent from clients before the transfer and virtual account: a card payment. */
    pay_method: v.optional(v.picklist(PAY_METHODS, 'pay_method must be card, trans or vbank'), 'card'),
  }),
});

/** A virtual account issued for a payment: the member deposits the amount before `due`. */
export interface VirtualAccount {
  bank: string;
  account: string;
  holder: string;
  /** ISO time the deposit must arrive by; null when the provider set none. */
  due: string | null;
  amount: number;
}

export interface ChargeResult {
  merchant_uid: string;
  /** Points credited by this payment (0 while a virtual account waits for its deposit). */
  charged: number;
  /** Balance after it. */
  point: number;
  /** A virtual account waiting for its deposit: the points are credited once the provider confirms it. */
  deposit: VirtualAccount | null;
}

export const buyPointCall = defineCall<Answer<typeof pointsResponses, 'buyPoint'>>()({
  operationId: 'buyPoint',
  method: 'post',
  path: '/purchase/buyPoint',
  summary:
    'After the card widget: the server verifies the payment with the provider, then credits the points once',
  tag: 'purchase',
  input: v.object({
    merchant_uid: v.pipe(v.string('merchant_uid required'), v.regex(/^[A-Za-z0-9_-]{1,80}$/)),
    imp_uid: v.pipe(v.string('imp_uid required'), v.regex(/^[A-Za-z0-9_-]{1,80}$/)),
  }),
});

/**
 * PortOne's notification (its webhook, "Notification URL" in the PortOne console, JSON body): a
 * payment was paid, a virtual account issued or deposited into, or a payment cancelled. The body
 * is only a hint: the server asks PortOne for the payment itself before crediting anything.
 */
export const paymentWebhookCall = defineCall<Answer<typeof pointsResponses, 'paymentWebhook'>>()({
  operationId: 'paymentWebhook',
  method: 'post',
  path: '/purchase/paymentWebhook',
  summary:
    'The payment provider’s notification: the server verifies the payment with the provider, then credits it once',
  tag: 'purchase',
  input: v.object({
    imp_uid: v.pipe(v.string('imp_uid required'), v.regex(/^[A-Za-z0-9_-]{1,80}$/)),
    merchant_uid: v.pipe(v.string('merchant_uid required'), v.regex(/^[A-Za-z0-9_-]{1,80}$/)),
    status: v.optional(v.pipe(v.string(), v.maxLength(20))),
  }),
});

export interface PeriodResult {
  plan_id: string;
  point: number;
  usage_date: string | null;
  made_count: number;
  push_count: number;
}

export const buyPeriodCall = defineCall<Answer<typeof pointsResponses, 'buyPeriod'>>()({
  operationId: 'buyPeriod',
  method: 'post',
  path: '/purchase/buyPeriod',
  summary: 'Buy a usage plan with points: period (days / 30), made and push name one of the 13 plans',
  tag: 'purchase',
  input: v.pipe(
    v.object({
      period: count('period'),
      made: count('made'),
      push: count('push'),
      idempotency_key: idempotencyKey,
    }),
    v.forward(
      v.check((i) => findPlan(i) !== undefined, 'no usage plan has that period, made and push'),
      ['period'],
    ),
  ),
});

export const getPointLogCall = defineCall<Answer<typeof pointsResponses, 'getPointLog'>>()({
  operationId: 'getPointLog',
  method: 'post',
  path: '/purchase/getPointLog',
  summary: "The signed-in member's point history, newest first, 50 a page",
  tag: 'purchase',
  input: v.object({ page_num: pageNum }),
});

// Admin: points (tab 2) and usage periods (tab 3), both behind the admin lock.

export type PointMember = v.InferOutput<typeof pointMember>;

export const findPointMemberCall = defineCall<Answer<typeof pointsResponses, 'findPointMember'>>()({
  operationId: 'findPointMember',
  method: 'post',
  path: '/admin/findPointMember',
  summary: "A member's points by phone (points tab)",
  tag: 'admin',
  input: v.object({ phone: phoneNumber }),
});

export const findPeriodMemberCall = defineCall<Answer<typeof pointsResponses, 'findPeriodMember'>>()({
  operationId: 'findPeriodMember',
  method: 'post',
  path: '/admin/findPeriodMember',
  summary: "A member's usage date and counts by phone (usage periods tab)",
  tag: 'admin',
  input: v.object({ phone: phoneNumber }),
});

export type AdminPointLogItem = v.InferOutput<typeof adminPointLogItem>;

export const getMemberPointLogCall = defineCall<Answer<typeof pointsResponses, 'getMemberPointLog'>>()({
  operationId: 'getMemberPointLog',
  method: 'post',
  path: '/admin/getMemberPointLog',
  summary: "A member's point log with the admin behind each change, newest first, 50 a page",
  tag: 'admin',
  input: v.object({ user_idx: rowId, page_num: pageNum }),
});

export type UsageLogItem = v.InferOutput<typeof usageLogItem>;

export const getMemberUsageLogCall = defineCall<Answer<typeof pointsResponses, 'getMemberUsageLog'>>()({
  operationId: 'getMemberUsageLog',
  method: 'post',
  path: '/admin/getMemberUsageLog',
  summary: "A member's usage period changes with the admin behind each, newest first, 50 a page",
  tag: 'admin',
  input: v.object({ user_idx: rowId, page_num: pageNum }),
});

const memo = v.optional(v.pipe(v.string(), v.trim(), v.maxLength(200, 'memo too long')), '');

export const addPointCall = defineCall<Answer<typeof pointsResponses, 'addPoint'>>()({
  operationId: 'addPoint',
  method: 'post',
  path: '/purchase/addPoint',
  summary: 'Give (positive) or take (negative) points; never below 0; logged with the admin',
  tag: 'admin',
  input: v.object({
    user_idx: rowId,
    point: v.pipe(
      v.number('point must be a number'),
      v.integer('point must be an integer'),
      v.minValue(-10_000_000, 'point too small'),
      v.maxValue(10_000_000, 'point too large'),
      v.check((n) => n !== 0, 'point must not be 0'),
    ),
    memo,
    idempotency_key: v.optional(idempotencyKey),
  }),
});

export const addPeriodCall = defineCall<Answer<typeof pointsResponses, 'addPeriod'>>()({
  operationId: 'addPeriod',
  method: 'post',
  path: '/purchase/addPeriod',
  summary: 'Add (or, negative, take) days of usage; logged with the admin',
  tag: 'admin',
  input: v.object({
    user_idx: rowId,
    period: v.pipe(
      v.number('period must be a number'),
      v.integer('period must be a whole number of days'),
      v.minValue(-3650, 'period too small'),
      v.maxValue(3650, 'period too large'),
      v.check((n) => n !== 0, 'period must not be 0'),
    ),
    memo,
    idempotency_key: v.optional(idempotencyKey),
  }),
});
